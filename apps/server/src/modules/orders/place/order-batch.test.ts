import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type Db } from '../../../db/connect.ts';
import type { Executor } from '../../../db/database.ts';
import { createWriteBatcher } from './order-batch.ts';

let db: Db;
beforeAll(async () => {
  db = connect({ kind: 'sqlite', file: ':memory:' });
  await sql`create table notes (body text not null unique)`.execute(db.kysely);
});
afterAll(() => db.close());

async function bodies(): Promise<string[]> {
  const result = await sql<{ body: string }>`select body from notes order by body`.execute(db.kysely);
  return result.rows.map((r) => r.body);
}

describe('write batcher (SQLite group commit)', () => {
  it('writes drafts sent together in one transaction and answers each with its own result', async () => {
    const batches: string[][] = [];
    const write = createWriteBatcher(db.kysely, async (trx: Executor, drafts: readonly string[]) => {
      batches.push([...drafts]);
      for (const body of drafts) await sql`insert into notes (body) values (${body})`.execute(trx);
      return drafts.map((body) => body.toUpperCase());
    });
    await expect(Promise.all(['a', 'b', 'c'].map(write))).resolves.toEqual(['A', 'B', 'C']);
    expect(batches).toEqual([['a', 'b', 'c']]);
    expect(await bodies()).toEqual(['a', 'b', 'c']);
  });

  it('writes the others alone when one draft breaks the shared transaction', async () => {
    const write = createWriteBatcher(db.kysely, async (trx: Executor, drafts: readonly string[]) => {
      for (const body of drafts) await sql`insert into notes (body) values (${body})`.execute(trx);
      return drafts.map(() => 'written');
    });
    // 'a' exists already: its insert fails, which rolls back the batch it shares with d and e.
    const results = await Promise.allSettled(['d', 'a', 'e'].map(write));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(await bodies()).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('splits a long queue into batches of the given size', async () => {
    const sizes: number[] = [];
    const write = createWriteBatcher(
      db.kysely,
      (_trx: Executor, drafts: readonly number[]) => {
        sizes.push(drafts.length);
        return Promise.resolve(drafts.map((n) => n * 2));
      },
      { maxBatch: 4 },
    );
    await expect(Promise.all([1, 2, 3, 4, 5, 6].map(write))).resolves.toEqual([2, 4, 6, 8, 10, 12]);
    expect(sizes).toEqual([4, 2]);
  });
});
