// Where uploaded images and their resized copies live: a folder (UPLOADS_DIR, the default) or an
// S3-compatible bucket (S3_BUCKET: AWS S3, Cloudflare R2, MinIO, Scaleway…). The media service,
// the image routes, the orphan cleanup, /readyz and backup/restore only use this interface.
// Keys are the stored image's name (UUID.webp) and `.variants/{width}/{name}` for its copies.
import type { Readable } from 'node:stream';
import type { Config } from '../../config.ts';
import { localImageStorage } from './local-storage.ts';
import { s3ImageStorage } from './s3-storage.ts';

export interface StoredObject {
  body: Readable;
  size: number;
  contentType: string;
  /** A validator for conditional requests (quoted, as HTTP sends it). */
  etag: string | undefined;
  lastModified: Date | undefined;
}

export interface ListedObject {
  key: string;
  lastModified: Date;
}

export interface ImageStorage {
  /** What backs it, for the backup manifest and the logs. */
  readonly kind: 'folder' | 'bucket';
  /** Writes an object whole: a reader never sees half of it. */
  put: (key: string, data: Buffer, contentType: string) => Promise<void>;
  /** The object as a stream with its size and type, or null when there is none. */
  get: (key: string) => Promise<StoredObject | null>;
  exists: (key: string) => Promise<boolean>;
  /** Removes objects; keys that do not exist are ignored. */
  delete: (keys: readonly string[]) => Promise<void>;
  /** The objects at the top level (the originals, not their resized copies). */
  list: () => AsyncIterable<ListedObject>;
  /** Throws when the storage cannot be used (/readyz). */
  check: (signal: AbortSignal) => Promise<void>;
  /** The address a browser fetches the object from directly (S3_PUBLIC_URL), or null: through the server. */
  publicUrl: (key: string) => string | null;
  close: () => void;
}

export function createImageStorage(config: Pick<Config, 's3' | 'uploadsDir'>): ImageStorage {
  return config.s3 ? s3ImageStorage(config.s3) : localImageStorage(config.uploadsDir);
}

/** Reads a whole object (an original to resize: a few MB at most). */
export async function readObject(object: StoredObject): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of object.body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}
