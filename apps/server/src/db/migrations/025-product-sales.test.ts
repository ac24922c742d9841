// The units sold kept per product (SQLite and PostgreSQL): the migration counts a shop's past
// orders, and after random moves (statuses changed one at a time and in bulk, lines added, removed
// and changed, orders and products deleted) the kept counts and the best sellers are exactly what
// the sum over every successful order's lines gives.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Db } from '../connect.ts';
import { migrate } from '../migrate.ts';
import { migratedDatabase } from '../../../test/harness.ts';
import { insertProduct, orderRow } from '../../../test/fixtures.ts';
import { findTopSellingIds } from '../../modules/catalog/catalog.repository.ts';

let db: Db;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ db, close } = await migratedDatabase('024-courier-accounts'));
});
afterAll(() => close());

const STATUSES = ['pending', 'approved', 'shipping', 'successful', 'cancelled', 'returned'];

/** A small deterministic generator, so a failure is the same at every run. */
function random(seed: number) {
  let state = seed;
  return (n: number) => {
    state = (state * 48_271) % 2_147_483_647;
    return state % n;
  };
}

/** The units sold as the ranking summed them before the counts were kept. */
async function summed(): Promise<Map<number, number>> {
  const rows = await db.kysely
    .selectFrom('order_items')
    .innerJoin('orders', 'orders.id', 'order_items.order_id')
    .select((eb) => ['order_items.product_id', eb.fn.sum<number>('order_items.quantity').as('units')])
    .where('orders.status', '=', 'successful')
    .where('order_items.product_id', 'is not', null)
    .groupBy('order_items.product_id')
    .execute();
  return new Map(rows.map((r) => [r.product_id!, Number(r.units)]));
}

/** The best sellers as that sum ranked them. */
function rankedBy(units: Map<number, number>, limit: number): number[] {
  return [...units]
    .sort(([a, x], [b, y]) => y - x || b - a)
    .slice(0, limit)
    .map(([id]) => id);
}

async function kept(): Promise<Map<number, number>> {
  const rows = await db.kysely.selectFrom('product_sales').select(['product_id', 'units']).execute();
  return new Map(rows.filter((r) => Number(r.units) !== 0).map((r) => [r.product_id, Number(r.units)]));
}

async function insertOrder(status: string): Promise<number> {
  const at = '2026-03-01T10:00:00.000Z';
  const row = await db.kysely
    .insertInto('orders')
    .values(orderRow('Nadia', at, { status }))
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const line = (order_id: number, product_id: number | null, quantity: number) => ({
  order_id,
  product_id,
  product_name: 'Savon',
  product_description: '',
  product_type: null,
  product_image: null,
  size: '',
  quantity,
  price_at_time_cents: 25_000,
  product_discount_percentage: 0,
  unit_final_price_cents: 25_000,
});

it('counts the past orders, then keeps every count equal to the sum as orders move', async () => {
  const next = random(29);
  const products: number[] = [];
  for (let i = 0; i < 15; i++) products.push(await insertProduct(db.kysely, { name: `Produit ${i}` }));
  const orders: number[] = [];
  const lines = async (order: number, n: number) => {
    const values = Array.from({ length: n }, () =>
      line(order, next(8) === 0 ? null : products[next(15)]!, 1 + next(5)),
    );
    await db.kysely.insertInto('order_items').values(values).execute();
  };
  for (let i = 0; i < 60; i++) {
    const id = await insertOrder(STATUSES[next(STATUSES.length)]!);
    orders.push(id);
    await lines(id, 1 + next(3));
  }
  const before = await summed();
  expect(before.size).toBeGreaterThan(5);

  await migrate(db);
  expect(await kept()).toEqual(before);
  expect(await findTopSellingIds(db.kysely, 10)).toEqual(rankedBy(before, 10));

  for (let step = 0; step < 400; step++) {
    const order = orders[next(orders.length)]!;
    const move = next(20);
    if (move < 10) {
      await db.kysely
        .updateTable('orders')
        .set({ status: STATUSES[next(STATUSES.length)]! })
        .where('id', '=', order)
        .execute();
    } else if (move < 12) {
      // A bulk change: several orders in one statement.
      const some = orders.filter(() => next(6) === 0);
      if (some.length > 0) {
        await db.kysely
          .updateTable('orders')
          .set({ status: next(2) === 0 ? 'successful' : 'returned' })
          .where('id', 'in', some)
          .execute();
      }
    } else if (move < 14) {
      await lines(order, 1 + next(2));
    } else if (move < 16) {
      // The order desk's edit of an order's lines: all removed, then written again.
      await db.kysely.deleteFrom('order_items').where('order_id', '=', order).execute();
      await lines(order, 1 + next(3));
    } else if (move < 18) {
      const item = await db.kysely
        .selectFrom('order_items')
        .select('id')
        .where('order_id', '=', order)
        .executeTakeFirst();
      if (item) {
        await db.kysely
          .updateTable('order_items')
          .set({ quantity: 1 + next(7) })
          .where('id', '=', item.id)
          .execute();
      }
    } else if (move === 18) {
      await db.kysely.deleteFrom('orders').where('id', '=', order).execute();
      orders.splice(orders.indexOf(order), 1);
      orders.push(await insertOrder(next(2) === 0 ? 'successful' : 'pending'));
      await lines(orders.at(-1)!, 2);
    } else if (next(10) === 0 && products.length > 5) {
      // A product deleted: its lines name no product any more, and it sells no more.
      const product = products.splice(next(products.length), 1)[0]!;
      await db.kysely.deleteFrom('products').where('id', '=', product).execute();
      products.push(await insertProduct(db.kysely, { name: `Produit ${step}` }));
    }
    if (step % 50 === 49) {
      const sums = await summed();
      expect(await kept(), `after step ${step}`).toEqual(sums);
      expect(await findTopSellingIds(db.kysely, 10)).toEqual(rankedBy(sums, 10));
    }
  }
  const sums = await summed();
  expect(await kept()).toEqual(sums);
  expect(await findTopSellingIds(db.kysely, 10)).toEqual(rankedBy(sums, 10));
});
