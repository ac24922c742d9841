// Upload files that no row refers to: an image is written before the transaction that records
// it, so a process killed in between (or a failed write) leaves its file behind. At start, files
// that nothing references and that are older than an hour (older than any request in flight, in
// this process or another sharing the folder) are removed, with their resized copies.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Executor } from '../../db/database.ts';
import { IMAGE_VARIANT_WIDTHS, imageVariantPath } from './media.service.ts';

export const ORPHAN_MIN_AGE_MS = 60 * 60 * 1000;

async function referencedNames(db: Executor): Promise<Set<string>> {
  const [products, orders] = await Promise.all([
    db.selectFrom('product_images').select('image_url').execute(),
    db.selectFrom('order_reference_images').select('image_url').execute(),
  ]);
  return new Set([...products, ...orders].map((r) => path.posix.basename(r.image_url)));
}

/** Removes the unreferenced upload files older than `minAgeMs`; returns their names. */
export async function removeOrphanUploads(
  db: Executor,
  uploadsDir: string,
  minAgeMs = ORPHAN_MIN_AGE_MS,
  now = Date.now(),
): Promise<string[]> {
  let names: string[];
  try {
    names = (await fs.readdir(uploadsDir, { withFileTypes: true })).filter((e) => e.isFile()).map((e) => e.name);
  } catch {
    return [];
  }
  const referenced = await referencedNames(db);
  const removed: string[] = [];
  for (const name of names) {
    if (referenced.has(name)) continue;
    const file = path.join(uploadsDir, name);
    const stat = await fs.stat(file).catch(() => null);
    if (!stat || now - stat.mtimeMs < minAgeMs) continue;
    await fs.rm(file, { force: true });
    await Promise.all(
      IMAGE_VARIANT_WIDTHS.map((width) => fs.rm(imageVariantPath(uploadsDir, name, width), { force: true })),
    );
    removed.push(name);
  }
  return removed;
}
