// `npm run restore -- <backup dir>`: puts a backup made by `npm run backup` back in place of the
// database and the images of the current configuration: the uploads folder, or the S3 bucket when
// S3_BUCKET is set (whichever the backup was taken from: restoring a folder's backup with S3_BUCKET
// set moves the shop's images into the bucket). Stop the server first: a running server keeps the
// old SQLite file open and would go on writing to it, so on SQLite the restore refuses while any
// other process has the file open.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import pLimit from 'p-limit';
import { loadConfig } from '../config.ts';
import { createImageStorage, type ImageStorage } from '../modules/media/image-storage.ts';
import { BACKED_UP_IMAGE, TRANSFERS_AT_ONCE, type BackupManifest } from './backup-format.ts';

const run = promisify(execFile);
const USAGE = 'Usage: npm run restore -- <backup dir> (stop the server first)';

/**
 * Uploads the backup's images to the bucket. Objects the backup does not hold stay: nothing in the
 * restored database refers to them, and the server's orphan cleanup removes the shop's own.
 */
async function uploadImages(storage: ImageStorage, source: string): Promise<void> {
  const limit = pLimit(TRANSFERS_AT_ONCE);
  const names = fs
    .readdirSync(source, { withFileTypes: true })
    .filter((e) => e.isFile() && BACKED_UP_IMAGE.test(e.name));
  await Promise.all(
    names.map((e) =>
      limit(async () => storage.put(e.name, await fs.promises.readFile(path.join(source, e.name)), 'image/webp')),
    ),
  );
}

/**
 * Refuses while another process has the SQLite file open: a running shop (or a backup being
 * taken). Every connection to a WAL database holds a shared lock on its file for as long as it is
 * open, idle or not, so an exclusive lock is granted only when no other process has it open (and
 * a crashed server leaves no lock behind, where a pid file would go stale). The lock is let go
 * before the file is replaced: closed later, the probe would tidy the new file's log by its name.
 */
function assertNoOneHasItOpen(file: string): void {
  if (!fs.existsSync(file)) return;
  const probe = new SQLite(file, { fileMustExist: true, timeout: 0 });
  try {
    probe.pragma('locking_mode = EXCLUSIVE');
    probe.exec('BEGIN EXCLUSIVE; COMMIT');
  } catch (error) {
    if ((error as { code?: unknown }).code !== 'SQLITE_BUSY') throw error;
    throw new Error(
      `The shop is running on ${file} (another process has it open): stop it first (or wait for a backup to end), then restore`,
    );
  } finally {
    probe.close();
  }
}

async function restore(dirArg: string | undefined): Promise<string> {
  if (!dirArg) throw new Error(USAGE);
  const dir = path.resolve(dirArg);
  const manifestPath = path.join(dir, 'manifest.json');
  if (!fs.existsSync(manifestPath)) throw new Error(`${dir} is not a backup folder (no manifest.json)`);
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as BackupManifest;
  const config = loadConfig();
  if (manifest.database !== config.database.kind) {
    throw new Error(`This backup is of a ${manifest.database} database; DATABASE_URL names ${config.database.kind}`);
  }
  const source = path.join(dir, path.basename(manifest.database_file));
  if (config.database.kind === 'sqlite') {
    const target = config.database.file;
    // Copy beside the target, then rename over it: the live file is never half-written. The old
    // WAL and shared-memory files belong to the replaced database and must not be replayed on it.
    assertNoOneHasItOpen(target);
    const staging = `${target}.restoring`;
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.copyFileSync(source, staging);
    for (const suffix of ['-wal', '-shm']) fs.rmSync(`${target}${suffix}`, { force: true });
    fs.renameSync(staging, target);
  } else {
    // --clean drops what the dump holds before recreating it; one transaction, all or nothing.
    await run('pg_restore', [
      '--clean',
      '--if-exists',
      '--no-owner',
      '--single-transaction',
      `--dbname=${config.database.url}`,
      source,
    ]);
    // pg_restore leaves the planner without statistics until autovacuum comes by (if it is on):
    // gathered now, the restored shop's queries use their indexes from the first request.
    const client = new pg.Client({ connectionString: config.database.url });
    await client.connect();
    try {
      await client.query('analyze');
    } finally {
      await client.end();
    }
  }
  if (manifest.uploads) {
    const storage = createImageStorage(config);
    try {
      if (storage.kind === 'bucket') await uploadImages(storage, path.join(dir, 'uploads'));
      else {
        fs.rmSync(config.uploadsDir, { recursive: true, force: true });
        fs.cpSync(path.join(dir, 'uploads'), config.uploadsDir, { recursive: true });
      }
    } finally {
      storage.close();
    }
  }
  return dir;
}

restore(process.argv[2]).then(
  (dir) => console.log(`Restored from ${dir}`),
  (err: unknown) => {
    console.error(`Restore failed: ${err instanceof Error ? err.message : String(err)}`);
    process.exitCode = 1;
  },
);
