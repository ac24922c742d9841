// The orders list without a filter, page by page (SQLite and PostgreSQL): every page holds the
// orders reading them all newest first puts there, and the total is every order, with gaps in the
// numbers (deleted orders) and orders placed before and after the migration. The blocks' counts
// (migration 035) stay those of the orders through inserts and deletes, one at a time and in
// batches, and a deep page skips fewer than a block's orders with OFFSET instead of every newer
// order.
import { sql, type Insertable } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../connect.ts';
import type { OrderTable } from '../database.ts';
import { migrate } from '../migrate.ts';
import { orderRow } from '../../../test/fixtures.ts';
import { migratedDatabase, testDialect } from '../../../test/harness.ts';
import { planOf, statementsOf } from '../../../test/query-plans.ts';
import { countOrders, listOrders } from '../../modules/orders/orders.repository.ts';
import { ORDERS_PER_BLOCK } from './035-order-blocks.ts';

let db: Db;
let close: () => Promise<void>;

function order(i: number): Insertable<OrderTable> {
  const at = new Date(Date.UTC(2026, 0, 1) + i * 600_000).toISOString();
  return orderRow(`Client ${i}`, at, {
    status: i % 3 === 0 ? 'pending' : 'successful',
    customer_phone: `0661${String(i).padStart(6, '0')}`,
  });
}

async function place(from: number, count: number) {
  const rows = Array.from({ length: count }, (_, i) => order(from + i));
  for (let i = 0; i < rows.length; i += 500) {
    await db.kysely
      .insertInto('orders')
      .values(rows.slice(i, i + 500))
      .execute();
  }
}

/** Every order's id, newest first, read one by one. */
async function everyOrder(): Promise<number[]> {
  return (await db.kysely.selectFrom('orders').select('id').orderBy('id', 'desc').execute()).map((o) => o.id);
}

/** The blocks' counts as the orders make them, and as they are kept. */
async function blocks() {
  const made = await db.kysely
    .selectFrom('orders')
    .select((eb) => [sql<number>`id / ${sql.lit(ORDERS_PER_BLOCK)}`.as('block'), eb.fn.countAll<number>().as('n')])
    .groupBy(sql`id / ${sql.lit(ORDERS_PER_BLOCK)}`)
    .execute();
  const kept = await db.kysely
    .selectFrom('order_blocks')
    .select((eb) => ['block', eb.fn.sum<number>('order_count').as('n')])
    .groupBy('block')
    .execute();
  return {
    made: Object.fromEntries(made.map((b) => [b.block, Number(b.n)])),
    kept: Object.fromEntries(kept.filter((b) => Number(b.n) !== 0).map((b) => [b.block, Number(b.n)])),
  };
}

beforeAll(async () => {
  // Orders placed before the migration, some of them deleted since: a block with none left, one
  // with a few.
  ({ db, close } = await migratedDatabase('034-order-figures'));
  await place(0, 3200);
  await db.kysely.deleteFrom('orders').where('id', '>=', 1000).where('id', '<', 2000).execute();
  await db.kysely.deleteFrom('orders').where('id', '>=', 2100).where('id', '<', 2990).execute();
  await db.kysely
    .deleteFrom('orders')
    .where(sql`id % 7`, '=', 0)
    .execute();
  await migrate(db);
  // And after it.
  await place(3200, 1900);
  await db.kysely
    .deleteFrom('orders')
    .where(sql`id % 11`, '=', 0)
    .where('id', '>', 3200)
    .execute();
  await sql`${sql.raw(db.kind === 'postgres' ? 'vacuum analyze' : 'analyze')}`.execute(db.kysely);
});

afterAll(() => close());

describe('the orders list without a filter', () => {
  it('lists on every page, and counts, the orders reading them all newest first gives', async () => {
    const all = await everyOrder();
    expect(await countOrders(db.kysely, {})).toBe(all.length);
    const offsets = [0, 1, 19, 20, 400, 999, 1000, 1001, 1750, 2000, 2750, all.length - 25, all.length - 5];
    for (const offset of [...offsets, all.length, all.length + 20]) {
      const page = (await listOrders(db.kysely, {}, 20, offset)).map((o) => o.id);
      expect(page, `from ${offset}`).toEqual(all.slice(offset, offset + 20));
    }
    // An empty value asks for nothing, as the list sends it.
    expect((await listOrders(db.kysely, { status: '', q: undefined }, 20, 1750)).map((o) => o.id)).toEqual(
      all.slice(1750, 1770),
    );
    expect(await countOrders(db.kysely, { status: '' })).toBe(all.length);
  });

  it('keeps each block’s count through the orders placed and deleted, before and after the migration', async () => {
    const { made, kept } = await blocks();
    expect(kept).toEqual(made);
    // A block emptied before the migration has no row, or a row of none.
    expect(kept[1]).toBeUndefined();
    await db.kysely.transaction().execute(async (trx) => {
      await trx.deleteFrom('orders').where('id', '=', 4000).execute();
      await trx.insertInto('orders').values(order(9999)).execute();
    });
    // A transaction rolled back leaves the counts as they were.
    await expect(
      db.kysely.transaction().execute(async (trx) => {
        await trx
          .insertInto('orders')
          .values([order(10_000), order(10_001)])
          .execute();
        await trx.deleteFrom('orders').where('id', '<', 100).execute();
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    const after = await blocks();
    expect(after.kept).toEqual(after.made);
    if (testDialect === 'postgres') {
      // The slots of the figures (id % 4), so that orders placed at once update different rows.
      const slots = await db.kysely.selectFrom('order_blocks').select('slot').distinct().orderBy('slot').execute();
      expect(slots.map((r) => r.slot)).toEqual([0, 1, 2, 3]);
    }
  });

  it('skips fewer than a block’s orders to reach a deep page', async () => {
    const all = await everyOrder();
    const offset = all.length - 30;
    const statements = await statementsOf(db, (k) => listOrders(k, {}, 20, offset));
    const page = statements.at(-1)!;
    const plan = await planOf(db, page);
    expect(plan).toMatch(
      testDialect === 'postgres'
        ? /Index (Only )?Scan Backward using \w+ on orders[^\n]*\n\s*Index Cond: \(id < /
        : /SEARCH orders USING INTEGER PRIMARY KEY \(rowid<\?\)/,
    );
    // The page starts in the oldest block: OFFSET skips only that block's newer orders.
    const oldest = Math.floor(all[offset]! / ORDERS_PER_BLOCK);
    const newerInBlock = all.filter((id) => Math.floor(id / ORDERS_PER_BLOCK) === oldest && id > all[offset]!).length;
    expect(newerInBlock).toBeLessThan(ORDERS_PER_BLOCK);
    expect(page.parameters).toContain(newerInBlock);
    expect(page.parameters).toContain((oldest + 1) * ORDERS_PER_BLOCK);
  });
});
