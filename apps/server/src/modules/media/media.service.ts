// Uploaded images (DESIGN §3.7): judged by decoding them with sharp, never by name or declared
// type; re-encoded to WebP with metadata stripped (phones' photos carry GPS); stored under random
// names in UPLOADS_DIR and served at /public/uploads/…; image_url values are /uploads/….
import fs from 'node:fs/promises';
import path from 'node:path';
import { IMAGE_WIDTHS } from '@shop/domain/images';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { MAX_UPLOAD_BYTES } from '@shop/domain/constants';
import { HttpError, unprocessable } from '../../http/errors.ts';

/** Largest side kept; bigger photos are scaled down. */
const MAX_SIDE_PX = 1600;
/** Refuses decompression bombs: a small file that declares an enormous canvas. */
const MAX_INPUT_PIXELS = 40_000_000;
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);

export const NOT_AN_IMAGE_MESSAGE = "Le fichier n'est pas une image valide (JPEG, PNG, WebP, GIF ou AVIF)";

export interface StoredImage {
  image_url: string;
  width: number;
  height: number;
}

export interface PreparedImage {
  data: Buffer;
  width: number;
  height: number;
}

/** Decodes, checks and re-encodes an upload; throws a 4xx for anything that is not a real image. */
export async function prepareImage(buffer: Buffer): Promise<PreparedImage> {
  if (buffer.length > MAX_UPLOAD_BYTES) throw new HttpError(413, 'Image trop volumineuse (8 Mo au maximum)');
  let format: string | undefined;
  try {
    const meta = await sharp(buffer, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    format = meta.format;
    if (!meta.width || !meta.height) throw new Error('no dimensions');
    if (meta.width * meta.height > MAX_INPUT_PIXELS)
      throw unprocessable('Image trop grande (40 mégapixels au maximum)');
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw unprocessable(NOT_AN_IMAGE_MESSAGE);
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) throw unprocessable(NOT_AN_IMAGE_MESSAGE);
  try {
    // failOn 'error' refuses truncated or corrupt data instead of storing a half-grey picture.
    const { data, info } = await sharp(buffer, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: MAX_SIDE_PX, height: MAX_SIDE_PX, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  } catch {
    throw unprocessable(NOT_AN_IMAGE_MESSAGE);
  }
}

/** Writes a prepared image under a random name; returns its /uploads/… url. */
export async function storePreparedImage(uploadsDir: string, image: PreparedImage): Promise<StoredImage> {
  await fs.mkdir(uploadsDir, { recursive: true });
  const name = `${randomUUID()}.webp`;
  await fs.writeFile(path.join(uploadsDir, name), image.data, { flag: 'wx' });
  return { image_url: `/uploads/${name}`, width: image.width, height: image.height };
}

/**
 * Validates every upload first, then stores them all: a request with one bad image stores none.
 */
export async function storeImages(uploadsDir: string, buffers: Buffer[]): Promise<StoredImage[]> {
  const prepared = await Promise.all(buffers.map((b) => prepareImage(b)));
  const stored: StoredImage[] = [];
  for (const image of prepared) stored.push(await storePreparedImage(uploadsDir, image));
  return stored;
}

/** Widths of the card-sized copies served at /public/uploads/w/{width}/{name} (modules/web). */
export const IMAGE_VARIANT_WIDTHS: readonly number[] = IMAGE_WIDTHS;

/** Where the copy of an upload at a given width is kept. */
export function imageVariantPath(uploadsDir: string, name: string, width: number): string {
  return path.join(uploadsDir, '.variants', String(width), name);
}

/** Removes stored files (and their resized copies) by their /uploads/… urls; unknown or foreign paths are ignored. */
export async function deleteImageFiles(uploadsDir: string, imageUrls: readonly string[]): Promise<void> {
  await Promise.all(
    imageUrls.map(async (url) => {
      const match = /^\/uploads\/([\w-]+\.webp)$/.exec(url);
      const name = match?.[1];
      if (!name) return;
      await Promise.all([
        fs.rm(path.join(uploadsDir, name), { force: true }),
        ...IMAGE_VARIANT_WIDTHS.map((width) => fs.rm(imageVariantPath(uploadsDir, name, width), { force: true })),
      ]);
    }),
  );
}
