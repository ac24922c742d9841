// SQLite's planner statistics (statistics.ts): a shop upgraded with orders in it has them once it
// has migrated, for its tables and the indexes the migrations just built, and the daily refresh
// takes a table's growth into account. PostgreSQL's autovacuum keeps its own: nothing to test here.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from './connect.ts';
import { migrate } from './migrate.ts';
import { refreshStatistics } from './statistics.ts';
import { insertProduct, orderRow } from '../../test/fixtures.ts';
import { migratedDatabase, testDialect } from '../../test/harness.ts';

describe.skipIf(testDialect !== 'sqlite')('SQLite’s planner statistics', () => {
  let db: Db;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ db, close } = await migratedDatabase('036-sqlite-figures-one-slot'));
  });
  afterAll(() => close());

  async function place(from: number, count: number) {
    for (let i = from; i < from + count; i += 500) {
      const rows = Array.from({ length: Math.min(500, from + count - i) }, (_, k) =>
        orderRow(`Client ${i + k}`, new Date(Date.UTC(2026, 0, 1) + (i + k) * 60_000).toISOString()),
      );
      await db.kysely.insertInto('orders').values(rows).execute();
    }
  }

  /** The rows sqlite_stat1 says a table's (or an index's) has: the first number of its stat. */
  async function statedRows(table: string, index: string | null): Promise<number | undefined> {
    const { rows } = await sql<{ stat: string }>`select stat from sqlite_stat1
      where tbl = ${table} and idx is ${index}`.execute(db.kysely);
    return rows[0] ? Number(rows[0].stat.split(' ')[0]) : undefined;
  }

  it('has them after migrating, for the tables and the indexes just built', async () => {
    await place(0, 2_000);
    for (let i = 0; i < 3; i++) await insertProduct(db.kysely, { name: `Hoodie ${i}`, sizes: { S: 5, M: 8, L: 2 } });
    expect(await statedRows('orders', 'orders_status_newest')).toBeUndefined();
    await migrate(db);
    expect(await statedRows('orders', 'orders_status_newest')).toBe(2_000);
    // 037's index, built by that migration.
    expect(await statedRows('product_sizes', 'product_sizes_low_stock')).toBe(9);
  });

  it('takes a table grown since into account at the next refresh', async () => {
    await place(2_000, 60_000);
    await refreshStatistics(db);
    expect(await statedRows('orders', 'orders_status_newest')).toBe(62_000);
  });
});
