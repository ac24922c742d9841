// `npm run backup`: a consistent copy of the shop while it keeps serving orders, in
// DATA_DIR/backups/<timestamp>/: shop.db (SQLite online backup API, which copies a consistent
// snapshot page by page without stopping writers) or shop.pgdump (pg_dump, one snapshot
// transaction), plus a copy of the uploads folder and a manifest. Restore: src/cli/restore.ts.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import SQLite from 'better-sqlite3';
import { loadConfig } from '../config.ts';

const run = promisify(execFile);

export interface BackupManifest {
  created_at: string;
  database: 'sqlite' | 'postgres';
  /** File of the database copy, inside the backup folder. */
  database_file: string;
  uploads: boolean;
}

export const MANIFEST_FILE = 'manifest.json';
const ALL_PAGES = 0x7fffffff;

function timestamp(date: Date): string {
  return date.toISOString().replace(/[:.]/g, '-');
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
  const uploads = fs.existsSync(config.uploadsDir);
  if (uploads) fs.cpSync(config.uploadsDir, path.join(dir, 'uploads'), { recursive: true });
  const manifest: BackupManifest = {
    created_at: now.toISOString(),
    database: config.database.kind,
    database_file: databaseFile,
    uploads,
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
