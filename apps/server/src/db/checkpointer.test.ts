import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { connect } from './connect.ts';

describe('WAL checkpoints in a worker thread', () => {
  it('copies written pages into the database file without the server connection checkpointing', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-wal-'));
    const file = path.join(dir, 'shop.db');
    const db = connect({ kind: 'sqlite', file });
    try {
      await sql`create table notes (body text not null)`.execute(db.kysely);
      const before = fs.statSync(file).size;
      const body = 'x'.repeat(1000);
      await db.kysely.transaction().execute(async (trx) => {
        for (let i = 0; i < 2000; i++) await sql`insert into notes (body) values (${body})`.execute(trx);
      });
      // ~2 MB went to the log; the worker moves it into the file within a few of its turns (the
      // test's own time limit ends the wait if it never does).
      while (fs.statSync(file).size < before + 1_500_000) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(fs.statSync(file).size).toBeGreaterThan(before + 1_500_000);
      const rows = await sql<{ n: number }>`select count(*) as n from notes`.execute(db.kysely);
      expect(rows.rows[0]?.n).toBe(2000);
    } finally {
      await db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
