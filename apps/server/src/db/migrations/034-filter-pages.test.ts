// The orders list's other filters, page by page (SQLite and PostgreSQL): by wilaya, by dates, the
// orders a courier's word contradicts, returned parcels received or not. A deep page holds the
// rows reading every order in order puts there — orders placed out of their date's order too —
// and the statement the repository sends skips the rows before it in an index, or in the range of
// ids the days' orders have (migration 034): no read of the whole table, no sort of the matches.
// Digits typed in the search box (a phone's part, an order's number) are found through the phone
// suffixes and the key, not by testing every order.
import { sql, type Insertable } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../connect.ts';
import type { OrderTable } from '../database.ts';
import { orderRow } from '../../../test/fixtures.ts';
import { migratedDatabase } from '../../../test/harness.ts';
import { planOf as planIn, statementsOf as statementsIn } from '../../../test/query-plans.ts';
import { countOrders, findOrdersPage, listOrders, type OrderFilter } from '../../modules/orders/orders.repository.ts';

let db: Db;
let close: () => Promise<void>;

const ORDERS = 6000;
const STATUSES = ['pending', 'approved', 'shipping', 'successful', 'returned', 'pending', 'cancelled'] as const;
const CONFIRMATIONS = ['to_confirm', 'no_answer', 'confirmed'] as const;
const WILAYAS = ['Alger', 'Oran', 'Alger', 'Blida', 'Sétif', 'Alger', 'Oran', 'Tizi Ouzou'] as const;
/** One order every ten minutes from the first of January: 6,000 orders over 42 days. */
const at = (i: number) => new Date(Date.UTC(2026, 0, 1) + i * 600_000).toISOString();

function order(i: number, createdAt: string): Insertable<OrderTable> {
  const status = STATUSES[i % STATUSES.length]!;
  return orderRow(`Client ${i}`, createdAt, {
    type: i % 10 === 0 ? 'custom' : 'regular',
    status,
    confirmation: CONFIRMATIONS[i % CONFIRMATIONS.length]!,
    customer_phone: `0661${String(i).padStart(6, '0')}`,
    wilaya_name: WILAYAS[i % WILAYAS.length]!,
    courier_attention: i % 40 === 0 ? 'Livré' : null,
    return_received_at: status === 'returned' && i % 3 === 0 ? createdAt : null,
  });
}

beforeAll(async () => {
  ({ db, close } = await migratedDatabase());
  const rows = Array.from({ length: ORDERS }, (_, i) => order(i, at(i)));
  // Orders numbered out of their dates' order: entered late with an earlier date, one moved to
  // another day afterwards.
  rows.push(order(ORDERS, '2026-01-20T09:00:00.000Z'), order(ORDERS + 1, '2026-01-05T23:59:59.999Z'));
  for (let i = 0; i < rows.length; i += 500) {
    await db.kysely
      .insertInto('orders')
      .values(rows.slice(i, i + 500))
      .execute();
  }
  await db.kysely.updateTable('orders').set({ created_at: '2026-01-21T00:00:00.000Z' }).where('id', '=', 10).execute();
  await sql`${sql.raw(db.kind === 'postgres' ? 'vacuum analyze' : 'analyze')}`.execute(db.kysely);
});

afterAll(() => close());

const statementsOf = (read: (k: Db['kysely']) => Promise<unknown>) => statementsIn(db, read);
const planOf = (statement: { sql: string; parameters: readonly unknown[] }) => planIn(db, statement);

/** The ids reading every order puts on the list of a filter, newest first. */
async function expected(filter: OrderFilter): Promise<number[]> {
  const all = await db.kysely.selectFrom('orders').selectAll().execute();
  const day = (o: { created_at: string }) => o.created_at.slice(0, 10);
  return all
    .filter(
      (o) =>
        (!filter.wilaya || o.wilaya_name === filter.wilaya) &&
        (!filter.status || o.status === filter.status) &&
        (!filter.confirmation || o.confirmation === filter.confirmation) &&
        (!filter.type || o.type === filter.type) &&
        (!filter.from || day(o) >= filter.from) &&
        (!filter.to || day(o) <= filter.to) &&
        (filter.attention !== 'true' || o.courier_attention !== null) &&
        (!filter.return_state ||
          (o.status === 'returned' && (o.return_received_at !== null) === (filter.return_state === 'received'))),
    )
    .map((o) => o.id)
    .sort((a, b) => b - a);
}

const FILTERS: OrderFilter[] = [
  // Counted from the figures kept per day and status.
  {},
  { status: 'pending' },
  { status: 'returned' },
  { status: 'refunded' },
  { wilaya: 'Oran' },
  { wilaya: 'Alger', status: 'pending' },
  { wilaya: 'Blida', confirmation: 'confirmed', type: 'regular' },
  { wilaya: 'Alger', from: '2026-01-10', to: '2026-01-25' },
  { from: '2026-01-05', to: '2026-01-05' },
  { from: '2026-01-15', to: '2026-01-31' },
  { from: '2026-02-01' },
  { to: '2026-01-20' },
  { from: '2026-03-01' },
  { status: 'approved', from: '2026-01-12', to: '2026-01-30' },
  { attention: 'true' },
  { attention: 'true', status: 'pending' },
  { return_state: 'received' },
  { return_state: 'on_the_way' },
];

describe('the orders list by wilaya, dates, courier’s word and returns', () => {
  it('lists on every page, and counts, the orders reading them all in order gives', async () => {
    for (const filter of FILTERS) {
      const all = await expected(filter);
      expect(await countOrders(db.kysely, filter), JSON.stringify(filter)).toBe(all.length);
      for (const offset of [0, 20, 400, Math.max(0, all.length - 5), all.length + 20]) {
        const page = (await listOrders(db.kysely, filter, 20, offset)).map((o) => o.id);
        expect(page, `${JSON.stringify(filter)} from ${offset}`).toEqual(all.slice(offset, offset + 20));
      }
    }
    // The orders numbered out of their days' order are found on their days.
    expect(await expected({ from: '2026-01-05', to: '2026-01-05' })).toContain(ORDERS + 2);
    expect(await expected({ from: '2026-01-21', to: '2026-01-21' })).toContain(10);
  });

  /** The plan of the one statement a deep page of `filter` sends. */
  async function deepPagePlan(filter: OrderFilter, offset: number): Promise<string> {
    const statements = await statementsOf((k) => listOrders(k, filter, 20, offset));
    expect(statements).toHaveLength(1);
    return planOf(statements[0]!);
  }

  /** What every deep page's plan must show: no walk of the whole table, only the page's rows sorted. */
  function boundedPlan(plan: string) {
    if (db.kind === 'sqlite') {
      expect(plan).not.toMatch(/SCAN orders(?! USING (COVERING )?INDEX orders_(courier_attention|returned_newest))/);
      // The page's ids come in the order of an index or of the key: only the page's 20 rows may be sorted.
      expect(plan).not.toMatch(/LIST SUBQUERY[\s\S]*USE TEMP B-TREE/);
      expect(plan).toMatch(/SEARCH orders USING INTEGER PRIMARY KEY \(rowid=\?\)/);
      return;
    }
    // (The kept days may be read whole: a row per day and status.)
    expect(plan).not.toMatch(/Seq Scan on orders/);
    for (const rows of plan.matchAll(/Sort[^\n]*\(actual rows=(\d+)/g)) expect(Number(rows[1])).toBeLessThanOrEqual(20);
  }

  it('reads a deep page of a wilaya from its index alone, newest first', async () => {
    for (const filter of [{ wilaya: 'Alger' }, { wilaya: 'Alger', status: 'pending' }]) {
      const plan = await deepPagePlan(filter, 500);
      boundedPlan(plan);
      if (db.kind === 'sqlite') {
        expect(plan).toMatch(/SEARCH orders USING COVERING INDEX orders_wilaya_newest \(wilaya_name=\?\)/);
      } else {
        expect(plan).toMatch(/Index Only Scan Backward using orders_wilaya_newest on orders/);
      }
    }
  });

  it('reads a deep page of dates within the days’ range of ids, newest first', async () => {
    for (const filter of [{ from: '2026-01-15', to: '2026-01-31' }, { from: '2026-01-20' }]) {
      const plan = await deepPagePlan(filter, 500);
      boundedPlan(plan);
      if (db.kind === 'sqlite') {
        expect(plan).toMatch(/SEARCH orders USING INTEGER PRIMARY KEY \(rowid>\? AND rowid<\?\)/);
        expect(plan).not.toMatch(/orders_created/);
      } else {
        expect(plan).toMatch(/Index Only Scan Backward using orders_newest_created on orders/);
        expect(plan).toMatch(/Index Cond: \(\(id >= \$\d\) AND \(id <= \$\d\)\)/);
      }
    }
  });

  it('reads a deep page of the courier’s word or of the returns from their own indexes', async () => {
    const cases: [OrderFilter, string][] = [
      // The partial index of migration 017: its entries are the orders the filter lists.
      [{ attention: 'true' }, 'orders_courier_attention'],
      [{ return_state: 'received' }, 'orders_returned_newest'],
      [{ return_state: 'on_the_way' }, 'orders_returned_newest'],
    ];
    for (const [filter, index] of cases) {
      const plan = await deepPagePlan(filter, 100);
      boundedPlan(plan);
      expect(plan).toMatch(
        db.kind === 'sqlite'
          ? new RegExp(`SCAN orders USING (COVERING )?INDEX ${index}`)
          : new RegExp(`Index (Only )?Scan Backward using ${index} on orders`),
      );
    }
  });

  it('counts every order, or a status’s, from the figures kept per day, not from the orders', async () => {
    for (const filter of [{}, { status: 'pending' }]) {
      const statements = await statementsOf((k) => countOrders(k, filter));
      expect(statements).toHaveLength(1);
      expect(statements[0]!.sql).toMatch(/from "order_day_status"/);
      expect(statements[0]!.sql).not.toMatch(/"orders"/);
    }
  });

  it('finds digits typed in the search box through the phone suffixes and the key, not by testing every order', async () => {
    // "4000" is in one order's phone (0661004000) and is order 4000's number, listed first.
    for (const [q, number] of [
      ['4000', 4000],
      ['661005', undefined],
      ['0661005999', undefined],
    ] as const) {
      const all = await db.kysely.selectFrom('orders').select(['id', 'customer_phone']).execute();
      const matching = all
        .filter((o) => o.customer_phone.includes(q) || o.id === number)
        .map((o) => o.id)
        .sort((a, b) => (a === number ? -1 : b === number ? 1 : b - a));
      const found = await findOrdersPage(db.kysely, { q }, 20, 0);
      expect(found.total, q).toBe(matching.length);
      expect(
        found.rows.map((o) => o.id),
        q,
      ).toEqual(matching.slice(0, 20));
      const [statement] = await statementsOf((k) => findOrdersPage(k, { q }, 20, 0));
      const plan = await planOf(statement!);
      if (db.kind === 'sqlite') {
        expect(plan, q).not.toMatch(/SCAN orders/);
      } else {
        expect(plan, q).not.toMatch(/Seq Scan on orders|Rows Removed by Filter/);
        for (const rows of plan.matchAll(/Scan[^\n]* on orders[^\n]*\(actual rows=(\d+)/g))
          expect(Number(rows[1]), `${q}\n${plan}`).toBeLessThanOrEqual(matching.length);
      }
    }
  });
});
