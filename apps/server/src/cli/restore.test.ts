// `npm run restore` on SQLite refuses while the shop has the database open, and restores once it
// is stopped. The shop here is an app of this test process on a SQLite file (as a server process
// holds it); backup and restore run as the CLI does, in child processes. resilience/backup.test.ts
// does the same with a real server process.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { insertProduct } from '../../test/fixtures.ts';

const run = promisify(execFile);
const repoRoot = path.resolve(import.meta.dirname, '../../../..');

let t: TestContext;
let open = true;
beforeAll(async () => {
  t = await createTestContext({ sqliteFile: true });
});
afterAll(async () => {
  if (open) await t.close();
  else fs.rmSync(t.config.dataDir, { recursive: true, force: true });
});

function databaseFile(): string {
  if (t.config.database.kind !== 'sqlite') throw new Error('expected a SQLite test database');
  return t.config.database.file;
}

function cli(script: 'backup' | 'restore', args: string[] = []) {
  return run(process.execPath, [`apps/server/src/cli/${script}.ts`, ...args], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH ?? '',
      DATABASE_URL: `sqlite:${databaseFile()}`,
      DATA_DIR: t.config.dataDir,
      UPLOADS_DIR: t.config.uploadsDir,
      LOG_LEVEL: 'silent',
    },
  });
}

function productNames(): string[] {
  const db = new SQLite(databaseFile(), { readonly: true });
  try {
    return db
      .prepare('select name from products order by id')
      .all()
      .map((row) => (row as { name: string }).name);
  } finally {
    db.close();
  }
}

describe('npm run restore on SQLite', () => {
  it('refuses while the shop has the database open, and restores once it is stopped', async () => {
    await insertProduct(t.db.kysely, { name: 'Avant la sauvegarde', price: 1000 });
    const { stdout } = await cli('backup');
    const backupDir = /Backup written to (.+)/.exec(stdout)?.[1]?.trim() ?? '';
    expect(backupDir).not.toBe('');
    await insertProduct(t.db.kysely, { name: 'Après la sauvegarde', price: 1000 });

    await expect(cli('restore', [backupDir])).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining(`The shop is running on ${databaseFile()}`) as unknown,
    });
    // Nothing was replaced: the shop goes on with what it had.
    const listed = await t.app.inject({ url: '/api/product/getAll' });
    expect(
      listed
        .json<{ data: { name: string }[] }>()
        .data.map((p) => p.name)
        .sort(),
    ).toEqual(['Après la sauvegarde', 'Avant la sauvegarde']);

    // The shop stops (its data folder, which holds the backup, stays).
    await t.app.close();
    await t.db.close();
    open = false;
    const restored = await cli('restore', [backupDir]);
    expect(restored.stdout).toContain(`Restored from ${backupDir}`);
    expect(productNames()).toEqual(['Avant la sauvegarde']);
  });
});
