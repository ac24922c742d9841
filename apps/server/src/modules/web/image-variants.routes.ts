// Card-sized copies of uploaded images, made on first request and kept on disk:
// GET /public/uploads/w/{250|500|800}/{name}.webp serves /uploads/{name}.webp at most that wide.
// Names are random and never reused, so the answer is cached as immutable.
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { App } from '../../http/types.ts';
import { IMAGE_VARIANT_WIDTHS, imageVariantPath } from '../media/media.service.ts';

const NAME = /^[\w-]+\.webp$/;

export function imageVariantRoutes(app: App): void {
  const uploadsDir = app.config.uploadsDir;
  /** One resize per file and width at a time, however many cards ask for it at once. */
  const making = new Map<string, Promise<Buffer | null>>();

  async function variant(name: string, width: number): Promise<Buffer | null> {
    const target = imageVariantPath(uploadsDir, name, width);
    try {
      return await fs.readFile(target);
    } catch {
      // not made yet
    }
    let original: Buffer;
    try {
      original = await fs.readFile(path.join(uploadsDir, name));
    } catch {
      return null;
    }
    const data = await sharp(original).resize({ width, withoutEnlargement: true }).webp({ quality: 78 }).toBuffer();
    await fs.mkdir(path.dirname(target), { recursive: true });
    // Written under a temporary name and renamed, so a reader never sees half a file.
    const partial = `${target}.${process.pid}.${Date.now()}.tmp`;
    await fs.writeFile(partial, data);
    await fs.rename(partial, target);
    return data;
  }

  app.get<{ Params: { width: string; name: string } }>(
    '/public/uploads/w/:width/:name',
    { schema: { hide: true } },
    async (request, reply) => {
      const width = Number(request.params.width);
      const { name } = request.params;
      if (!IMAGE_VARIANT_WIDTHS.includes(width) || !NAME.test(name)) {
        return reply.status(404).send({ status: 404, message: 'Image introuvable', data: null });
      }
      const key = `${width}/${name}`;
      let pending = making.get(key);
      if (!pending) {
        pending = variant(name, width).finally(() => making.delete(key));
        making.set(key, pending);
      }
      const data = await pending;
      if (!data) return reply.status(404).send({ status: 404, message: 'Image introuvable', data: null });
      return reply.type('image/webp').header('Cache-Control', 'public, max-age=31536000, immutable').send(data);
    },
  );
}
