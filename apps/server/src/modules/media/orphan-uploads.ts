// Upload files that no row refers to: an image is written before the transaction that records
// it, so a process killed in between (or a failed write) leaves its file behind. When the app
// starts, stored images (only names this shop gives them: UUID.webp — UPLOADS_DIR or the bucket
// may be shared with other files) that nothing references and that are older than an hour (older
// than any request in flight, in this process or another sharing the storage) are removed, with
// their resized copies; so are the temporary folders of uploads a crash left behind.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Executor } from '../../db/database.ts';
import { UPLOAD_TEMP_PREFIX } from '../../http/multipart.ts';
import type { ImageStorage } from './image-storage.ts';
import { findImageUrls } from './media.repository.ts';
import { STORED_IMAGE_NAME, imageKeys } from './media.service.ts';

export const ORPHAN_MIN_AGE_MS = 60 * 60 * 1000;

async function referencedNames(db: Executor): Promise<Set<string>> {
  return new Set((await findImageUrls(db)).map((url) => path.posix.basename(url)));
}

/** Removes the unreferenced stored images older than `minAgeMs`; returns their names. */
export async function removeOrphanUploads(
  db: Executor,
  storage: ImageStorage,
  minAgeMs = ORPHAN_MIN_AGE_MS,
  now = Date.now(),
): Promise<string[]> {
  const candidates: string[] = [];
  for await (const object of storage.list()) {
    if (STORED_IMAGE_NAME.test(object.key) && now - object.lastModified.getTime() >= minAgeMs) {
      candidates.push(object.key);
    }
  }
  if (candidates.length === 0) return [];
  // Read after listing: a row committed meanwhile refers to a file already listed, and is seen.
  const referenced = await referencedNames(db);
  const removed = candidates.filter((name) => !referenced.has(name));
  for (const name of removed) await storage.delete(imageKeys(name));
  return removed;
}

/** Removes the temporary folders of uploads (http/multipart.ts) older than `minAgeMs`. */
export async function removeStaleUploadTemps(
  tempDir = os.tmpdir(),
  minAgeMs = ORPHAN_MIN_AGE_MS,
  now = Date.now(),
): Promise<number> {
  const names = await fs.readdir(tempDir).catch(() => [] as string[]);
  let removed = 0;
  for (const name of names.filter((n) => n.startsWith(UPLOAD_TEMP_PREFIX))) {
    const dir = path.join(tempDir, name);
    const stat = await fs.stat(dir).catch(() => null);
    if (!stat?.isDirectory() || now - stat.mtimeMs < minAgeMs) continue;
    await fs.rm(dir, { recursive: true, force: true });
    removed += 1;
  }
  return removed;
}
