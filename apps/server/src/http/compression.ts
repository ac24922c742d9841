// Compression of answers the server builds itself (pages, cached catalogue answers): brotli when
// the client accepts it, else gzip. Built assets come pre-compressed from the build instead, chosen
// by @fastify/static with the same negotiator.
import zlib from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyRequest } from 'fastify';

export type Encoding = 'br' | 'gzip';

/** Ours in the order we prefer them when the client weighs them the same. */
const ENCODINGS: Encoding[] = ['br', 'gzip'];

/** "br;q=0", "gzip ; q=0.000": an encoding the client refuses by name. */
const REFUSED = /^\s*([\w-]+)\s*;\s*q\s*=\s*0(?:\.0{0,3})?\s*$/i;

/**
 * The encoding the client weighs highest of ours (Accept-Encoding's q-values; brotli on a tie),
 * or null for none: no header, only identity, or everything refused.
 */
export function acceptedEncoding(request: FastifyRequest): Encoding | null {
  const header = request.headers['accept-encoding'];
  if (!header) return null;
  // The negotiator reads "*" as our first choice even when that one is refused by name
  // ("br;q=0, *" would get brotli): the refused ones are taken out of the choice first.
  const refused = new Set(header.split(',').map((part) => REFUSED.exec(part)?.[1]?.toLowerCase()));
  const allowed = ENCODINGS.filter((encoding) => !refused.has(encoding));
  return allowed.length > 0 ? negotiate(header.toLowerCase(), allowed) : null;
}

/** Quality 5 brotli, level 6 gzip: most of the gain for a fraction of the time of the maximum. */
export function compress(body: string | Buffer, encoding: Encoding): Buffer {
  return encoding === 'br'
    ? zlib.brotliCompressSync(body, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
      })
    : zlib.gzipSync(body, { level: 6 });
}
