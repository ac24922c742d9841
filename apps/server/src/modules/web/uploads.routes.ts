// Uploaded images, from the image storage (media/image-storage.ts: UPLOADS_DIR or a bucket):
// GET /public/uploads/{name}.webp, and card-sized copies at /public/uploads/w/{250|500|800}/{name}.webp
// (made on first request and stored beside the original). Names are random and never reused,
// so answers are cached as immutable. With S3_PUBLIC_URL both redirect to the bucket's address;
// otherwise the server streams them from the storage.
import type { FastifyReply, FastifyRequest } from 'fastify';
import sharp from 'sharp';
import type { App } from '../../http/types.ts';
import { readObject, type StoredObject } from '../media/image-storage.ts';
import { IMAGE_VARIANT_WIDTHS, imageVariantKey } from '../media/media.service.ts';

const NAME = /^[\w-]+\.webp$/;
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** A redirect is kept a day, not for ever: S3_PUBLIC_URL may change. */
const REDIRECT_CACHE = 'public, max-age=86400';

function notFound(reply: FastifyReply) {
  return reply.status(404).send({ status: 404, message: 'Image introuvable', data: null });
}

/** Streams a stored object with its validators; 304 when the browser already has it. */
function sendObject(request: FastifyRequest, reply: FastifyReply, object: StoredObject) {
  void reply.header('cache-control', IMMUTABLE);
  if (object.etag) void reply.header('etag', object.etag);
  if (object.lastModified) void reply.header('last-modified', object.lastModified.toUTCString());
  if (object.etag && request.headers['if-none-match'] === object.etag) {
    object.body.destroy();
    return reply.status(304).send();
  }
  return reply.type(object.contentType).header('content-length', object.size).send(object.body);
}

export function imageRoutes(app: App): void {
  const storage = app.imageStorage;
  /** One resize per file and width at a time in this process, however many cards ask for it at once. */
  const making = new Map<string, Promise<Buffer | null>>();

  async function makeVariant(name: string, width: number): Promise<Buffer | null> {
    const original = await storage.get(name);
    if (!original) return null;
    const data = await sharp(await readObject(original))
      .resize({ width, withoutEnlargement: true })
      .webp({ quality: 78 })
      .toBuffer();
    await storage.put(imageVariantKey(name, width), data, 'image/webp');
    return data;
  }

  function variantOnce(name: string, width: number): Promise<Buffer | null> {
    const key = imageVariantKey(name, width);
    let pending = making.get(key);
    if (!pending) {
      pending = makeVariant(name, width).finally(() => making.delete(key));
      making.set(key, pending);
    }
    return pending;
  }

  app.get<{ Params: { name: string } }>('/public/uploads/:name', { schema: { hide: true } }, async (request, reply) => {
    const { name } = request.params;
    if (!NAME.test(name)) return notFound(reply);
    const direct = storage.publicUrl(name);
    if (direct) return reply.header('cache-control', REDIRECT_CACHE).redirect(direct, 302);
    const object = await storage.get(name);
    return object ? sendObject(request, reply, object) : notFound(reply);
  });

  app.get<{ Params: { width: string; name: string } }>(
    '/public/uploads/w/:width/:name',
    { schema: { hide: true } },
    async (request, reply) => {
      const width = Number(request.params.width);
      const { name } = request.params;
      if (!IMAGE_VARIANT_WIDTHS.includes(width) || !NAME.test(name)) return notFound(reply);
      const key = imageVariantKey(name, width);
      const direct = storage.publicUrl(key);
      if (direct) {
        if (!(await storage.exists(key)) && !(await variantOnce(name, width))) return notFound(reply);
        return reply.header('cache-control', REDIRECT_CACHE).redirect(direct, 302);
      }
      const stored = await storage.get(key);
      if (stored) return sendObject(request, reply, stored);
      const data = await variantOnce(name, width);
      if (!data) return notFound(reply);
      return reply.type('image/webp').header('cache-control', IMMUTABLE).send(data);
    },
  );
}
