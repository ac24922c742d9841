// Compression of answers the server builds itself (pages, cached catalogue answers): brotli when
// the client accepts it, else gzip. Built assets come pre-compressed from the build instead.
import zlib from 'node:zlib';
import type { FastifyRequest } from 'fastify';

export type Encoding = 'br' | 'gzip';

/** Brotli, else gzip, when the client accepts it (browsers send both); null for neither. */
export function acceptedEncoding(request: FastifyRequest): Encoding | null {
  const accepted = request.headers['accept-encoding'];
  if (!accepted) return null;
  if (/\bbr\b/.test(accepted)) return 'br';
  return /\bgzip\b/.test(accepted) ? 'gzip' : null;
}

/** Quality 5 brotli, level 6 gzip: most of the gain for a fraction of the time of the maximum. */
export function compress(body: string | Buffer, encoding: Encoding): Buffer {
  return encoding === 'br'
    ? zlib.brotliCompressSync(body, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
      })
    : zlib.gzipSync(body, { level: 6 });
}
