// Uploaded images (DESIGN §3.7): judged by decoding them with sharp, never by name or declared
// type; re-encoded to WebP with metadata stripped (phones' photos carry GPS); stored under random
// names in the image storage (UPLOADS_DIR or an S3 bucket: image-storage.ts) and served at
// /public/uploads/…; image_url values are /uploads/….
import { IMAGE_WIDTHS } from '@shop/domain/images';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { MAX_UPLOAD_BYTES } from '@shop/domain/constants';
import { HttpError, unprocessable, type Bilingual } from '../../http/errors.ts';
import { IMAGE_TOO_LARGE_MESSAGE, NOT_AN_IMAGE_MESSAGE } from '../../http/multipart.ts';
import type { ImageStorage } from './image-storage.ts';

export { NOT_AN_IMAGE_MESSAGE };

/** Largest side kept; bigger photos are scaled down. */
const MAX_SIDE_PX = 1600;
/** Refuses decompression bombs: a small file that declares an enormous canvas. */
const MAX_INPUT_PIXELS = 40_000_000;
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);

const TOO_MANY_PIXELS_MESSAGE: Bilingual = {
  fr: 'Image trop grande (40 mégapixels au maximum)',
  en: 'Image too large (40 megapixels at most)',
};

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

/**
 * Decodes, checks and re-encodes an upload (in memory, or the temporary file a request was
 * streamed to); throws a 4xx for anything that is not a real image.
 */
export async function prepareImage(source: Buffer | string): Promise<PreparedImage> {
  if (Buffer.isBuffer(source) && source.length > MAX_UPLOAD_BYTES) throw new HttpError(413, IMAGE_TOO_LARGE_MESSAGE);
  let format: string | undefined;
  try {
    const meta = await sharp(source, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    format = meta.format;
    if (!meta.width || !meta.height) throw new Error('no dimensions');
    if (meta.width * meta.height > MAX_INPUT_PIXELS) throw unprocessable(TOO_MANY_PIXELS_MESSAGE);
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw unprocessable(NOT_AN_IMAGE_MESSAGE);
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) throw unprocessable(NOT_AN_IMAGE_MESSAGE);
  try {
    // failOn 'error' refuses truncated or corrupt data instead of storing a half-grey picture.
    const { data, info } = await sharp(source, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: MAX_SIDE_PX, height: MAX_SIDE_PX, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  } catch {
    throw unprocessable(NOT_AN_IMAGE_MESSAGE);
  }
}

/** The names this module gives stored images: a random UUID and .webp (nothing else is ours). */
export const STORED_IMAGE_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.webp$/;

/** Stores a prepared image under a random name; returns its /uploads/… url. */
export async function storePreparedImage(storage: ImageStorage, image: PreparedImage): Promise<StoredImage> {
  const name = `${randomUUID()}.webp`;
  await storage.put(name, image.data, 'image/webp');
  return { image_url: `/uploads/${name}`, width: image.width, height: image.height };
}

/**
 * Validates every upload first, then stores them all: a request with one bad image stores none.
 * One picture is decoded at a time: a decoded photo weighs tens of MB.
 */
export async function storeImages(
  storage: ImageStorage,
  sources: readonly (Buffer | string)[],
): Promise<StoredImage[]> {
  const prepared: PreparedImage[] = [];
  for (const source of sources) prepared.push(await prepareImage(source));
  const stored: StoredImage[] = [];
  for (const image of prepared) stored.push(await storePreparedImage(storage, image));
  return stored;
}

/** Widths of the card-sized copies served at /public/uploads/w/{width}/{name} (modules/web). */
export const IMAGE_VARIANT_WIDTHS: readonly number[] = IMAGE_WIDTHS;

/** The storage key of the copy of an upload at a given width. */
export function imageVariantKey(name: string, width: number): string {
  return `.variants/${width}/${name}`;
}

/** A stored image and every resized copy of it: what deleting it removes. */
export function imageKeys(name: string): string[] {
  return [name, ...IMAGE_VARIANT_WIDTHS.map((width) => imageVariantKey(name, width))];
}

/** Removes stored images (and their resized copies) by their /uploads/… urls; unknown or foreign paths are ignored. */
export async function deleteImageFiles(storage: ImageStorage, imageUrls: readonly string[]): Promise<void> {
  const names = imageUrls.flatMap((url) => /^\/uploads\/([\w-]+\.webp)$/.exec(url)?.[1] ?? []);
  if (names.length > 0) await storage.delete(names.flatMap(imageKeys));
}
