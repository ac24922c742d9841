// node bench/deep-pages.ts: what a deep page costs against page 1, before and after migration 031
// (docs/scale.md). A shop of BENCH_ORDERS orders (100,000 by default) and BENCH_PRODUCTS products
// (20,000) is generated in a throwaway database (a temporary SQLite file, or a schema of the
// PostgreSQL of DATABASE_URL, dropped at the end) at the schema before 031; each page is read
// RUNS times with the query the repositories ran before (SELECT * … OFFSET), then the database is
// migrated and the same pages are read through the repositories (the page's ids from an index,
// then its rows). It prints the median time per read and the CPU per read of whoever does the
// work: this process on SQLite, the PostgreSQL backend (/proc/<pid>/stat, same machine) on
// PostgreSQL; and the plans of the deep pages.
import { sql, type Kysely } from 'kysely';
import type { Db } from '../apps/server/src/db/connect.ts';
import type { DB } from '../apps/server/src/db/database.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { countOrders, listOrders } from '../apps/server/src/modules/orders/orders.repository.ts';
import { countProducts, findProductRows } from '../apps/server/src/modules/catalog/catalog.repository.ts';
import { generate } from './generate.ts';
import { measureRead, throwawayDatabase } from './throwaway-db.ts';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 20_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const ORDERS_PER_PAGE = 20;
const SHOP_PER_PAGE = 16;
const DEEP = 500;

/** Median ms per read and CPU ms per read (throwaway-db.ts). */
const measure = (db: Db, read: (k: Kysely<DB>) => Promise<unknown>) => measureRead(db, read, RUNS);

async function plan(db: Db, query: { compile(): { sql: string; parameters: readonly unknown[] } }): Promise<string> {
  const { sql: text, parameters } = query.compile();
  if (db.kind === 'sqlite') {
    const rows = await sql<{ detail: string }>`explain query plan ${sql.raw(inline(text, parameters))}`.execute(
      db.kysely,
    );
    return rows.rows.map((r) => `  ${r.detail}`).join('\n');
  }
  const rows = await sql<{
    'QUERY PLAN': string;
  }>`explain (analyze, buffers, costs off, timing off) ${sql.raw(inline(text, parameters))}`.execute(db.kysely);
  return rows.rows.map((r) => `  ${r['QUERY PLAN']}`).join('\n');
}

/** The statement with its parameters written in (numbers and plain words only: this script's). */
function inline(text: string, parameters: readonly unknown[]): string {
  let i = 0;
  const value = () => {
    const v = parameters[i++];
    return typeof v === 'number' ? String(v) : `'${String(v)}'`;
  };
  return text.replace(/\$\d+|\?/g, () => value());
}

const before = {
  everyOrder: (k: Kysely<DB>, page: number) =>
    k
      .selectFrom('orders')
      .selectAll()
      .orderBy('id', 'desc')
      .limit(ORDERS_PER_PAGE)
      .offset((page - 1) * ORDERS_PER_PAGE),
  orders: (k: Kysely<DB>, page: number) =>
    k
      .selectFrom('orders')
      .selectAll()
      .where('status', '=', 'pending')
      .orderBy('id', 'desc')
      .limit(ORDERS_PER_PAGE)
      .offset((page - 1) * ORDERS_PER_PAGE),
  shop: (k: Kysely<DB>, page: number) =>
    k
      .selectFrom('products')
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(SHOP_PER_PAGE)
      .offset((page - 1) * SHOP_PER_PAGE),
};

const after = {
  everyOrder: (k: Kysely<DB>, page: number) => listOrders(k, {}, ORDERS_PER_PAGE, (page - 1) * ORDERS_PER_PAGE),
  orders: (k: Kysely<DB>, page: number) =>
    listOrders(k, { status: 'pending' }, ORDERS_PER_PAGE, (page - 1) * ORDERS_PER_PAGE),
  shop: (k: Kysely<DB>, page: number) =>
    findProductRows(k, {}, { sort: 'newest', limit: SHOP_PER_PAGE, offset: (page - 1) * SHOP_PER_PAGE }),
};

/** The ids a deep page's statement reads first, after 031 (what the repositories send). */
const afterIds = {
  orders: (k: Kysely<DB>, page: number) =>
    k
      .selectFrom('orders')
      .select('id')
      .where('status', '=', 'pending')
      .orderBy('id', 'desc')
      .limit(ORDERS_PER_PAGE)
      .offset((page - 1) * ORDERS_PER_PAGE),
  shop: (k: Kysely<DB>, page: number) =>
    k
      .selectFrom('products')
      .select('id')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(SHOP_PER_PAGE)
      .offset((page - 1) * SHOP_PER_PAGE),
};

const line = (name: string, r: { ms: number; cpu: number }) =>
  `| ${name.padEnd(44)} | ${r.ms.toFixed(2).padStart(8)} | ${r.cpu.toFixed(2).padStart(8)} |`;

const { db, uploadsDir, drop } = await throwawayDatabase('deep-pages');
try {
  const t0 = performance.now();
  await migrate(db, '030-variants');
  await generate(db, { orders: ORDERS, products: PRODUCTS, reviews: 0, uploadsDir });
  if (db.kind === 'postgres') await sql`vacuum analyze`.execute(db.kysely);
  else await sql`analyze`.execute(db.kysely);
  // Counted on the orders themselves: the repository's count reads the figures of migration 034.
  const { pending } = await db.kysely
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('pending'))
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  console.log(
    `${db.kind}: ${ORDERS} orders (${pending} pending), ${PRODUCTS} products, generated in ${((performance.now() - t0) / 1000).toFixed(0)} s; ${RUNS} reads each\n`,
  );
  const rows: string[] = [];
  for (const page of [1, DEEP]) {
    rows.push(
      line(`orders, no filter, page ${page}, before`, await measure(db, (k) => before.everyOrder(k, page).execute())),
    );
    rows.push(
      line(`orders ?status=pending page ${page}, before`, await measure(db, (k) => before.orders(k, page).execute())),
    );
    rows.push(line(`shop page ${page}, before`, await measure(db, (k) => before.shop(k, page).execute())));
  }
  const plansBefore = [
    `orders page ${DEEP}, before:\n${await plan(db, before.orders(db.kysely, DEEP))}`,
    `shop page ${DEEP}, before:\n${await plan(db, before.shop(db.kysely, DEEP))}`,
  ];
  await migrate(db);
  if (db.kind === 'postgres') await sql`vacuum analyze`.execute(db.kysely);
  else await sql`analyze`.execute(db.kysely);
  for (const page of [1, DEEP]) {
    rows.push(line(`orders, no filter, page ${page}, after 031`, await measure(db, (k) => after.everyOrder(k, page))));
    rows.push(line(`orders ?status=pending page ${page}, after 031`, await measure(db, (k) => after.orders(k, page))));
    rows.push(line(`shop page ${page}, after 031`, await measure(db, (k) => after.shop(k, page))));
  }
  rows.push(
    line('count of pending orders (every page)', await measure(db, (k) => countOrders(k, { status: 'pending' }))),
  );
  rows.push(line('count of products (every page)', await measure(db, (k) => countProducts(k, {}))));
  console.log(`| ${'read'.padEnd(44)} | median ms | CPU ms |\n| ${'-'.repeat(44)} | -------: | -----: |`);
  for (const r of rows) console.log(r);
  console.log(`\n${plansBefore.join('\n\n')}`);
  console.log(`\norders page ${DEEP}, after 031 (its ids):\n${await plan(db, afterIds.orders(db.kysely, DEEP))}`);
  console.log(`\nshop page ${DEEP}, after 031 (its ids):\n${await plan(db, afterIds.shop(db.kysely, DEEP))}`);
} finally {
  await drop();
}
