// Deep pages (SQLite and PostgreSQL): a numbered page far down the desk's queue or the shop's list
// holds the same rows as before, and the statements the repositories send read the skipped rows
// from an index alone (migration 031): no sort of the matching rows, no read of the table for them.
import { sql, type Insertable } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../connect.ts';
import type { DB } from '../database.ts';
import { migratedDatabase } from '../../../test/harness.ts';
import { orderRow } from '../../../test/fixtures.ts';
import { planOf as planIn, statementsOf as statementsIn } from '../../../test/query-plans.ts';
import { listOrders } from '../../modules/orders/orders.repository.ts';
import { findProductRows, type ProductFilters } from '../../modules/catalog/catalog.repository.ts';

let db: Db;
let close: () => Promise<void>;

const ORDERS = 6000;
const PRODUCTS = 3000;
const STATUSES = ['pending', 'approved', 'shipping', 'successful', 'cancelled', 'pending'] as const;
const CONFIRMATIONS = ['to_call', 'no_answer', 'confirmed'] as const;

async function insertAll<T extends 'orders' | 'products' | 'product_types'>(table: T, rows: Insertable<DB[T]>[]) {
  for (let i = 0; i < rows.length; i += 500) {
    // Kysely's generic insert types do not narrow over a table-name parameter.
    await db.kysely
      .insertInto(table)
      .values(rows.slice(i, i + 500))
      .execute();
  }
}

beforeAll(async () => {
  ({ db, close } = await migratedDatabase());
  const at = (i: number) => new Date(Date.UTC(2026, 0, 1) + Math.floor(i / 3) * 60_000).toISOString();
  await insertAll(
    'product_types',
    ['T-shirts', 'Hoodies', 'Savons'].map((name) => ({ name, description: name, for_custom: 0, created_at: at(0) })),
  );
  await insertAll(
    'products',
    Array.from({ length: PRODUCTS }, (_, i) => ({
      name: `Produit ${i}`,
      description: 'Un produit',
      price_cents: 100_000 + ((i * 7919) % 500) * 1000,
      discount_percentage: 0,
      final_price_cents: 100_000 + ((i * 7919) % 500) * 1000,
      stock: 5,
      has_sizes: 0,
      search_text: `produit${i}`,
      type_id: (i % 3) + 1,
      rating_sum: 0,
      rating_count: 0,
      // Three products a minute: the newest first, ties by id.
      created_at: at(i),
      updated_at: at(i),
    })),
  );
  await insertAll(
    'orders',
    Array.from({ length: ORDERS }, (_, i) =>
      orderRow(`Client ${i}`, at(i), {
        type: i % 10 === 0 ? 'custom' : 'regular',
        status: STATUSES[i % STATUSES.length]!,
        confirmation: CONFIRMATIONS[i % CONFIRMATIONS.length]!,
        customer_phone: `0661${String(i).padStart(6, '0')}`,
      }),
    ),
  );
  // What autovacuum does on PostgreSQL after many inserts: statistics, and the pages marked all
  // visible (an index-only scan then reads no table page for them).
  await sql`${sql.raw(db.kind === 'postgres' ? 'vacuum analyze' : 'analyze')}`.execute(db.kysely);
});

afterAll(() => close());

const statementsOf = (read: (k: Db['kysely']) => Promise<unknown>) => statementsIn(db, read);
const planOf = (statement: { sql: string; parameters: readonly unknown[] }) => planIn(db, statement);

describe('the desk’s queues, page by page', () => {
  const expected = async (keep: (o: { status: string; confirmation: string; type: string }) => boolean) =>
    (await db.kysely.selectFrom('orders').select(['id', 'status', 'confirmation', 'type']).execute())
      .filter(keep)
      .map((o) => o.id)
      .sort((a, b) => b - a);

  it('lists on a deep page the orders reading them all in order puts there', async () => {
    const filters = [
      { filter: {}, keep: () => true },
      { filter: { status: 'pending' }, keep: (o: { status: string }) => o.status === 'pending' },
      {
        filter: { status: 'pending', confirmation: 'no_answer' },
        keep: (o: { status: string; confirmation: string }) => o.status === 'pending' && o.confirmation === 'no_answer',
      },
      {
        filter: { status: 'approved', type: 'custom' as const },
        keep: (o: { status: string; type: string }) => o.status === 'approved' && o.type === 'custom',
      },
    ];
    for (const { filter, keep } of filters) {
      const all = await expected(keep);
      for (const offset of [0, 20, 780, Math.max(0, all.length - 5), all.length + 20]) {
        const page = (await listOrders(db.kysely, filter, 20, offset)).map((o) => o.id);
        expect(page, `${JSON.stringify(filter)} from ${offset}`).toEqual(all.slice(offset, offset + 20));
      }
    }
  });

  it('reads a deep page of a status from its index alone, without sorting the status’s orders', async () => {
    const statements = await statementsOf((k) => listOrders(k, { status: 'pending' }, 20, 1500));
    expect(statements).toHaveLength(1);
    const plan = await planOf(statements[0]!);
    if (db.kind === 'sqlite') {
      expect(plan).toMatch(/SEARCH orders USING COVERING INDEX orders_status_newest \(status=\?\)/);
      expect(plan).not.toMatch(/SCAN orders/);
      // The page's 20 rows are found by their keys; only those may be sorted.
      expect(plan).toMatch(/SEARCH orders USING INTEGER PRIMARY KEY \(rowid=\?\)/);
      return;
    }
    // An index-only scan: the table is read only for rows on pages not yet marked all visible
    // (autovacuum marks them; a snapshot held by another session meanwhile may delay it, so the
    // count of such reads is not asserted).
    expect(plan).toMatch(/Index Only Scan Backward using orders_status_newest on orders/);
    expect(plan).not.toMatch(/Seq Scan/);
    // Anything sorted holds the page's rows only.
    for (const rows of plan.matchAll(/Sort[^\n]*\(actual rows=(\d+)/g)) expect(Number(rows[1])).toBeLessThanOrEqual(20);
  });
});

describe('the shop’s list, page by page', () => {
  const cases: { filters: ProductFilters; sort: 'newest' | 'price_asc' }[] = [
    { filters: {}, sort: 'newest' },
    { filters: { typeId: 2 }, sort: 'newest' },
    { filters: { minCents: 200_000, maxCents: 400_000 }, sort: 'newest' },
    { filters: { typeId: 1 }, sort: 'price_asc' },
  ];

  it('lists on a deep page the products reading them all in order puts there', async () => {
    for (const { filters, sort } of cases) {
      const all = (await findProductRows(db.kysely, filters, { sort })).map((p) => p.id);
      for (const offset of [0, 16, 800, Math.max(0, all.length - 3), all.length + 16]) {
        const page = await findProductRows(db.kysely, filters, { sort, limit: 16, offset });
        expect(
          page.map((p) => p.id),
          `${JSON.stringify(filters)} ${sort} from ${offset}`,
        ).toEqual(all.slice(offset, offset + 16));
        // Whole rows, as page 1 gives them.
        if (page[0])
          expect(page[0]).toEqual(
            await db.kysely.selectFrom('products').selectAll().where('id', '=', page[0].id).executeTakeFirst(),
          );
      }
    }
  });

  it('reads the ids of a deep page, newest first, from an index alone', async () => {
    for (const filters of [{}, { typeId: 2 }]) {
      const statements = await statementsOf((k) =>
        findProductRows(k, filters, { sort: 'newest', limit: 16, offset: 960 }),
      );
      // The page's ids, then its rows by their keys.
      expect(statements).toHaveLength(2);
      const plan = await planOf(statements[0]!);
      if (db.kind === 'sqlite') {
        expect(plan).toMatch(
          filters.typeId === undefined
            ? /SCAN products USING COVERING INDEX products_created_at/
            : /SEARCH products USING COVERING INDEX products_type_created_at \(type_id=\?\)/,
        );
        expect(plan).not.toMatch(/TEMP B-TREE/);
        continue;
      }
      expect(plan).toMatch(
        filters.typeId === undefined
          ? /Index Only Scan Backward using products_newest on products/
          : /Index Only Scan Backward using products_type_newest on products/,
      );
      expect(plan).not.toMatch(/Sort|Seq Scan/);
      expect(await planOf(statements[1]!)).toMatch(/using products_pkey/);
    }
  });
});
