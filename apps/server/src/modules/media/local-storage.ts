// Images in a folder (UPLOADS_DIR), the default: several processes on one machine, or on
// several machines sharing that folder, see the same files.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { ImageStorage, ListedObject, StoredObject } from './image-storage.ts';

const TYPES: Record<string, string> = { '.webp': 'image/webp', '.png': 'image/png', '.jpg': 'image/jpeg' };

export function localImageStorage(root: string): ImageStorage {
  const base = path.resolve(root);
  /** A key's file, never outside the folder. */
  function fileOf(key: string): string {
    const file = path.resolve(base, key);
    if (!file.startsWith(`${base}${path.sep}`)) throw new Error(`Invalid storage key: ${key}`);
    return file;
  }

  async function put(key: string, data: Buffer): Promise<void> {
    const file = fileOf(key);
    await fsp.mkdir(path.dirname(file), { recursive: true });
    // Written under a temporary name and renamed, so a reader never sees half a file.
    const partial = `${file}.${randomUUID()}.tmp`;
    try {
      await fsp.writeFile(partial, data, { flag: 'wx' });
      await fsp.rename(partial, file);
    } catch (error) {
      await fsp.rm(partial, { force: true });
      throw error;
    }
  }

  async function get(key: string): Promise<StoredObject | null> {
    const file = fileOf(key);
    let handle: fsp.FileHandle;
    try {
      handle = await fsp.open(file, 'r');
    } catch {
      return null;
    }
    // The size and the stream come from one open file: a rename over it changes neither.
    const stat = await handle.stat().catch(async (error: unknown) => {
      await handle.close();
      throw error;
    });
    if (!stat.isFile()) {
      await handle.close();
      return null;
    }
    return {
      body: handle.createReadStream(),
      size: stat.size,
      contentType: TYPES[path.extname(file)] ?? 'application/octet-stream',
      etag: `W/"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`,
      lastModified: stat.mtime,
    };
  }

  async function* list(): AsyncIterable<ListedObject> {
    let entries: fs.Dirent[];
    try {
      entries = await fsp.readdir(base, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      if (!entry.isFile()) continue;
      const stat = await fsp.stat(path.join(base, entry.name)).catch(() => null);
      if (stat) yield { key: entry.name, lastModified: stat.mtime };
    }
  }

  return {
    kind: 'folder',
    put,
    get,
    async exists(key) {
      return (await fsp.stat(fileOf(key)).catch(() => null))?.isFile() ?? false;
    },
    async delete(keys) {
      await Promise.all(keys.map((key) => fsp.rm(fileOf(key), { force: true })));
    },
    list,
    async check() {
      // A new shop has no folder yet; one that cannot be written (a full or read-only disk) fails.
      await fsp.mkdir(base, { recursive: true });
      await fsp.access(base, fs.constants.W_OK);
    },
    publicUrl: () => null,
    close: () => undefined,
  };
}
