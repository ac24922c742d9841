// `npm run backup`: a consistent copy of the shop while it keeps serving orders, in
// DATA_DIR/backups/<timestamp>/: shop.db (SQLite online backup API, which copies a consistent
// snapshot page by page without stopping writers) or shop.pgdump (pg_dump, one snapshot
// transaction), plus a copy of the uploaded images — the uploads folder, or the images of the
// S3 bucket (S3_BUCKET) downloaded into the same `uploads/` folder — and a manifest.
// Restore: src/cli/restore.ts.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import SQLite from 'better-sqlite3';
import pLimit from 'p-limit';
import { loadConfig } from '../config.ts';
import { createImageStorage, type ImageStorage } from '../modules/media/image-storage.ts';
import { BACKED_UP_IMAGE, MANIFEST_FILE, TRANSFERS_AT_ONCE, type BackupManifest } from './backup-format.ts';

const run = promisify(execFile);

const ALL_PAGES = 0x7fffffff;

function timestamp(date: Date): string {
  return date.toISOString().replace(/[:.]/g, '-');
}

/**
 * Downloads the bucket's images (not their resized copies, made again on demand) into `target`;
 * returns how many.
 */
async function downloadImages(storage: ImageStorage, target: string): Promise<number> {
  fs.mkdirSync(target, { recursive: true });
  const limit = pLimit(TRANSFERS_AT_ONCE);
  const copies: Promise<void>[] = [];
  for await (const { key } of storage.list()) {
    if (!BACKED_UP_IMAGE.test(key)) continue;
    copies.push(
      limit(async () => {
        const object = await storage.get(key);
        // Deleted since it was listed (its product was deleted): nothing to keep.
        if (object) await pipeline(object.body, fs.createWriteStream(path.join(target, key)));
      }),
    );
  }
  await Promise.all(copies);
  return copies.length;
}

async function backup(): Promise<string> {
  const config = loadConfig();
  const now = new Date();
  const dir = path.join(config.dataDir, 'backups', timestamp(now));
  fs.mkdirSync(dir, { recursive: true });
  let databaseFile: string;
  if (config.database.kind === 'sqlite') {
    if (config.database.file === ':memory:') throw new Error('An in-memory database cannot be backed up');
    databaseFile = 'shop.db';
    const source = new SQLite(config.database.file, { fileMustExist: true });
    try {
      // All pages in one step, i.e. one read transaction: with WAL it does not block the writers,
      // and a backup copied in small steps would restart each time an order is written.
      await source.backup(path.join(dir, databaseFile), { progress: () => ALL_PAGES });
    } finally {
      source.close();
    }
  } else {
    databaseFile = 'shop.pgdump';
    // The URL travels as --dbname so it never shows in a shell history; custom format for pg_restore.
    await run('pg_dump', [
      '--format=custom',
      '--no-owner',
      `--file=${path.join(dir, databaseFile)}`,
      `--dbname=${config.database.url}`,
    ]);
  }
  // After the database: an image uploaded meanwhile is copied too (an orphan the next start
  // removes), while one its row refers to cannot be missing unless it was deleted meanwhile.
  const storage = createImageStorage(config);
  let uploads: boolean;
  try {
    if (storage.kind === 'bucket') {
      await downloadImages(storage, path.join(dir, 'uploads'));
      uploads = true;
    } else {
      uploads = fs.existsSync(config.uploadsDir);
      if (uploads) fs.cpSync(config.uploadsDir, path.join(dir, 'uploads'), { recursive: true });
    }
  } finally {
    storage.close();
  }
  const manifest: BackupManifest = {
    created_at: now.toISOString(),
    database: config.database.kind,
    database_file: databaseFile,
    uploads,
    images_from: storage.kind,
  };
  fs.writeFileSync(path.join(dir, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
  return dir;
}

backup().then(
  (dir) => console.log(`Backup written to ${dir}`),
  (err: unknown) => {
    console.error(`Backup failed: ${err instanceof Error ? err.message : String(err)}`);
    process.exitCode = 1;
  },
);
