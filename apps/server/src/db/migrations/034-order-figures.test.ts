// The dashboard's figures kept per day (SQLite and PostgreSQL): the migration counts a shop's past
// orders, and after hundreds of random moves (orders placed one at a time and in batches, statuses
// and confirmations changed one at a time and in bulk, totals, delivery fees and wilayas edited,
// returns received, orders deleted) the stats of every period are, to the byte, what the sums over
// every order — the reads the stats made before the figures were kept — give; on SQLite also
// after migration 036 sums the figures' slots into one row half-way through.
import type { Insertable } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Db } from '../connect.ts';
import type { OrderTable } from '../database.ts';
import { migrate } from '../migrate.ts';
import { migratedDatabase } from '../../../test/harness.ts';
import { insertProduct, orderRow } from '../../../test/fixtures.ts';
import { insertOrders } from '../../modules/orders/orders.repository.ts';
import { orderStats } from '../../modules/orders/desk/order-stats.ts';
import { summedOverOrders } from '../../../test/summed-figures.ts';
import { statementsOf } from '../../../test/query-plans.ts';
import { STATS_PERIODS } from '@shop/domain/order-status';

let db: Db;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ db, close } = await migratedDatabase('032-lead-holds'));
});
afterAll(() => close());

const STATUSES = ['pending', 'approved', 'shipping', 'successful', 'cancelled', 'returned'];
const CONFIRMATIONS = ['to_confirm', 'confirmed', 'no_answer', 'call_back', 'refused'];
const WILAYAS = ['Alger', 'Oran', 'Blida', 'Sétif', 'Béjaïa'];
/** The stats' clock: mid-March, so that today, 7 days, 30 days and the month each hold some days. */
const NOW = new Date('2026-03-15T12:00:00.000Z');
const DAY = 86_400_000;

/** A small deterministic generator, so a failure is the same at every run. */
function random(seed: number) {
  let state = seed;
  return (n: number) => {
    state = (state * 48_271) % 2_147_483_647;
    return state % n;
  };
}

/** Every period's stats from the sums over the orders, as JSON. */
async function summedStats() {
  const stats: string[] = [];
  for (const period of STATS_PERIODS) {
    stats.push(JSON.stringify(await orderStats(db.kysely, NOW, period, summedOverOrders)));
  }
  return stats;
}

/** Every period's stats from the kept figures and from the sums over the orders, as JSON. */
async function bothWays() {
  const kept: string[] = [];
  for (const period of STATS_PERIODS) kept.push(JSON.stringify(await orderStats(db.kysely, NOW, period)));
  return { kept, summed: await summedStats() };
}

function order(next: (n: number) => number): Insertable<OrderTable> {
  // From 45 days before the clock to the day after it (an order placed "tomorrow" in UTC).
  const at = new Date(NOW.getTime() - 45 * DAY + next(47 * 24) * 3_600_000 + next(3_600_000)).toISOString();
  const subtotal = 1_000 * (10 + next(200));
  const shipping = 10_000 * (3 + next(8));
  // The properties in this order: the generator's draws decide the orders.
  return orderRow('Nadia', at, {
    type: next(10) === 0 ? 'custom' : 'regular',
    status: STATUSES[next(STATUSES.length)]!,
    confirmation: CONFIRMATIONS[next(CONFIRMATIONS.length)]!,
    customer_phone: `066100${String(next(10_000)).padStart(4, '0')}`,
    wilaya_name: WILAYAS[next(WILAYAS.length)]!,
    subtotal_cents: subtotal,
    shipping_fee_cents: shipping,
    final_total_cents: subtotal + shipping,
  });
}

it('counts the past orders, then keeps every period’s stats equal to the sums over the orders as orders move', async () => {
  const next = random(34);
  await insertProduct(db.kysely, { name: 'Savon', stock: 5 });
  const orders = await insertOrders(
    db.kysely,
    Array.from({ length: 80 }, () => order(next)),
  );
  const before = await summedStats();
  // The figures hold something in every period.
  expect(before.every((s) => !s.includes('"total_orders":0,'))).toBe(true);

  await migrate(db, '034-order-figures');
  const migrated = await bothWays();
  expect(migrated.kept).toEqual(before);
  expect(migrated.summed).toEqual(before);

  const pick = () => orders[next(orders.length)]!;
  for (let step = 0; step < 400; step++) {
    const move = next(20);
    if (move < 6) {
      await db.kysely
        .updateTable('orders')
        .set({ status: STATUSES[next(STATUSES.length)]! })
        .where('id', '=', pick())
        .execute();
    } else if (move < 8) {
      await db.kysely
        .updateTable('orders')
        .set({ confirmation: CONFIRMATIONS[next(CONFIRMATIONS.length)]! })
        .where('id', '=', pick())
        .execute();
    } else if (move === 8) {
      // A bulk change: several orders in one statement, some already in that status.
      const some = orders.filter(() => next(5) === 0);
      if (some.length > 0) {
        await db.kysely
          .updateTable('orders')
          .set({ status: next(2) === 0 ? 'successful' : 'returned', updated_at: NOW.toISOString() })
          .where('id', 'in', some)
          .execute();
      }
    } else if (move === 9) {
      // The desk's edit of an order: new lines, so new totals.
      const subtotal = 1_000 * (10 + next(300));
      const shipping = 10_000 * (3 + next(8));
      await db.kysely
        .updateTable('orders')
        .set({ subtotal_cents: subtotal, shipping_fee_cents: shipping, final_total_cents: subtotal + shipping })
        .where('id', '=', pick())
        .execute();
    } else if (move === 10) {
      await db.kysely
        .updateTable('orders')
        .set({ wilaya_name: WILAYAS[next(WILAYAS.length)]!, customer_address: 'Oran | rue' })
        .where('id', '=', pick())
        .execute();
    } else if (move === 11) {
      // A parcel received back: the return's own column, then the status.
      const id = pick();
      await db.kysely
        .updateTable('orders')
        .set({ status: 'returned', return_received_at: NOW.toISOString() })
        .where('id', '=', id)
        .execute();
    } else if (move === 12) {
      // What moves no figure: a courier's word, a note's time.
      await db.kysely
        .updateTable('orders')
        .set({ courier_status: 'En transit', updated_at: NOW.toISOString() })
        .where('id', '=', pick())
        .execute();
    } else if (move < 16) {
      orders.push(...(await insertOrders(db.kysely, [order(next)])));
    } else if (move === 16) {
      // A batch of orders in one statement.
      orders.push(
        ...(await insertOrders(
          db.kysely,
          Array.from({ length: 1 + next(6) }, () => order(next)),
        )),
      );
    } else if (move === 17) {
      const id = pick();
      await db.kysely.deleteFrom('orders').where('id', '=', id).execute();
      orders.splice(orders.indexOf(id), 1);
    } else if (move === 18) {
      const some = orders.filter(() => next(25) === 0).slice(0, 4);
      if (some.length > 0 && orders.length > some.length + 10) {
        await db.kysely.deleteFrom('orders').where('id', 'in', some).execute();
        for (const id of some) orders.splice(orders.indexOf(id), 1);
      }
    } else {
      // An order moved to another day (a correction of its date).
      await db.kysely
        .updateTable('orders')
        .set({ created_at: new Date(NOW.getTime() - next(40) * DAY).toISOString() })
        .where('id', '=', pick())
        .execute();
    }
    if (step % 50 === 49) {
      const { kept, summed } = await bothWays();
      expect(kept, `after step ${step}`).toEqual(summed);
    }
    // Half-way, the later migrations: on SQLite 036 sums the slots into one row (checked above at
    // step 199, then below after the moves that follow).
    if (step === 199) await migrate(db);
  }
  const { kept, summed } = await bothWays();
  expect(kept).toEqual(summed);
  const slots = async (table: 'order_day_status' | 'order_day_wilaya') =>
    (await db.kysely.selectFrom(table).select('slot').distinct().orderBy('slot').execute()).map((r) => r.slot);
  for (const table of ['order_day_status', 'order_day_wilaya'] as const) {
    expect(await slots(table), table).toEqual(db.kind === 'sqlite' ? [0] : [0, 1, 2, 3]);
  }
  // Some wilaya's rates are there, and the orders moved (the figures are not those of the start).
  expect(kept.join()).toMatch(/"per_wilaya":\[\{"wilaya":/);
  expect(kept).not.toEqual(before);
});

it('reads the kept figures for the stats, never the orders', async () => {
  for (const period of STATS_PERIODS) {
    const statements = await statementsOf(db, (k) => orderStats(k, NOW, period));
    expect(statements.some((s) => s.sql.includes('order_day_status'))).toBe(true);
    expect(statements.some((s) => s.sql.includes('order_day_wilaya'))).toBe(true);
    for (const statement of statements) expect(statement.sql).not.toMatch(/\bfrom "orders"/);
  }
});
