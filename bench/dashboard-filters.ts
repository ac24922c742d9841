// node bench/dashboard-filters.ts: what the dashboard's figures and the orders list's filters by
// wilaya, dates and returns cost, before and after migration 034 (docs/scale.md). A shop of
// BENCH_ORDERS orders (100,000 by default, numbered in the order of their dates over a year) and
// BENCH_PRODUCTS products (2,000) is generated in a throwaway database (a temporary SQLite file,
// or a schema of the PostgreSQL of DATABASE_URL, dropped at the end) at the schema before 034;
// each read runs RUNS times as it ran before (the stats summing every order, a filter's page read
// through the primary key), then the database is migrated and the same reads go through the
// repositories (the figures kept per day, the filters' indexes and the days' range of ids). It
// prints the median time per read and the CPU per read of whoever does the work: this process on
// SQLite, the PostgreSQL backend (/proc/<pid>/stat, same machine) on PostgreSQL; and the plans.
import { sql, type Kysely } from 'kysely';
import type { Db } from '../apps/server/src/db/connect.ts';
import type { DB } from '../apps/server/src/db/database.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { countOrders, listOrders, type OrderFilter } from '../apps/server/src/modules/orders/orders.repository.ts';
import { keptFigures, orderStats, type FigureReads } from '../apps/server/src/modules/orders/desk/order-stats.ts';
import { summedOverOrders } from '../apps/server/test/summed-figures.ts';
import { generate } from './generate.ts';
import { measureRead, throwawayDatabase } from './throwaway-db.ts';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 2_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const PER_PAGE = 20;

/** Median ms per read and CPU ms per read (throwaway-db.ts). */
const measure = (db: Db, read: (k: Kysely<DB>) => Promise<unknown>) => measureRead(db, read, RUNS);

const nextDay = (d: string) => new Date(Date.parse(`${d}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

const ordersOf = (k: Kysely<DB>) => k.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('n'));

/** A page of the filter as listOrders read it before 034: its ids through the key, then its rows. */
function pageBefore(k: Kysely<DB>, filter: OrderFilter, page: number) {
  let ids = k.selectFrom('orders').select('orders.id');
  if (filter.wilaya) ids = ids.where('wilaya_name', '=', filter.wilaya);
  if (filter.from) ids = ids.where('created_at', '>=', filter.from);
  if (filter.to) ids = ids.where('created_at', '<', filter.to);
  const paged = ids
    .orderBy('orders.id', 'desc')
    .limit(PER_PAGE)
    .offset((page - 1) * PER_PAGE);
  return k.selectFrom('orders').selectAll().where('id', 'in', paged).orderBy('id', 'desc');
}

async function plan(db: Db, query: { compile(): { sql: string; parameters: readonly unknown[] } }): Promise<string> {
  const { sql: text, parameters } = query.compile();
  const inlined = inline(text, parameters);
  if (db.kind === 'sqlite') {
    const rows = await sql<{ detail: string }>`explain query plan ${sql.raw(inlined)}`.execute(db.kysely);
    return rows.rows.map((r) => `  ${r.detail}`).join('\n');
  }
  const rows = await sql<{
    'QUERY PLAN': string;
  }>`explain (analyze, buffers, costs off, timing off) ${sql.raw(inlined)}`.execute(db.kysely);
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

const line = (name: string, r: { ms: number; cpu: number }) =>
  `| ${name.padEnd(52)} | ${r.ms.toFixed(2).padStart(8)} | ${r.cpu.toFixed(2).padStart(8)} |`;

const { db, uploadsDir, drop } = await throwawayDatabase('dashboard-filters');
try {
  const t0 = performance.now();
  await migrate(db, '032-lead-holds');
  await generate(db, { orders: ORDERS, products: PRODUCTS, reviews: 0, uploadsDir });
  await sql`${sql.raw(db.kind === 'postgres' ? 'vacuum analyze' : 'analyze')}`.execute(db.kysely);
  const last = await db.kysely
    .selectFrom('orders')
    .select((eb) => eb.fn.max('created_at').as('at'))
    .executeTakeFirstOrThrow();
  const now = new Date(String(last.at));
  const day = (offset: number) => new Date(now.getTime() - offset * 86_400_000).toISOString().slice(0, 10);
  // The wilaya with the most orders; a month seven months back; the last 90 days.
  const busiest = await db.kysely
    .selectFrom('orders')
    .select(['wilaya_name', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('wilaya_name')
    .orderBy('n', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
  const wilaya: OrderFilter = { wilaya: busiest.wilaya_name };
  const month: OrderFilter = { from: day(239), to: day(210) };
  const quarter: OrderFilter = { from: day(89), to: day(0) };
  const count = async (where: (q: ReturnType<typeof ordersOf>) => ReturnType<typeof ordersOf>) =>
    Number((await where(ordersOf(db.kysely)).executeTakeFirstOrThrow()).n);
  const counts = {
    wilaya: Number(busiest.n),
    month: await count((q) => q.where('created_at', '>=', day(239)).where('created_at', '<', day(209))),
    quarter: await count((q) => q.where('created_at', '>=', day(89))),
  };
  const deep = (n: number) => Math.max(1, Math.floor(n / PER_PAGE / 2));
  const cases: [string, OrderFilter, number][] = [
    [`wilaya ${busiest.wilaya_name}`, wilaya, deep(counts.wilaya)],
    ['a month 7 months back (from, to)', month, deep(counts.month)],
    ['last 90 days (from, to)', quarter, Math.min(500, deep(counts.quarter))],
  ];
  console.log(
    `${db.kind}: ${ORDERS} orders (${busiest.wilaya_name}: ${counts.wilaya}, a month 7 months back: ${counts.month}, last 90 days: ${counts.quarter}), generated in ${((performance.now() - t0) / 1000).toFixed(0)} s; ${RUNS} reads each\n`,
  );
  const rows: string[] = [];
  for (const period of ['all', '30d'] as const) {
    rows.push(
      line(
        `stats period=${period}, before (sums over orders)`,
        await measure(db, (k) => orderStats(k, now, period, summedOverOrders)),
      ),
    );
  }
  // listOrders reads `to` as before the next day's start.
  const figuresOnly = (k: Kysely<DB>, reads: FigureReads) =>
    Promise.all([reads.byStatus(k), reads.perDay(k, day(29)), reads.perWilaya(k, day(29))]);
  rows.push(line('stats figures only (3 reads), before', await measure(db, (k) => figuresOnly(k, summedOverOrders))));
  const before = (filter: OrderFilter) => ({ ...filter, to: filter.to ? nextDay(filter.to) : undefined });
  for (const [name, filter, page] of cases) {
    for (const p of [1, page]) {
      rows.push(
        line(`${name}, page ${p}, before`, await measure(db, (k) => pageBefore(k, before(filter), p).execute())),
      );
    }
  }
  const plansBefore = await Promise.all(
    cases.map(
      async ([name, filter, page]) =>
        `${name}, page ${page}, before:\n${await plan(db, pageBefore(db.kysely, before(filter), page))}`,
    ),
  );

  await migrate(db);
  await sql`${sql.raw(db.kind === 'postgres' ? 'vacuum analyze' : 'analyze')}`.execute(db.kysely);
  for (const period of ['all', '30d'] as const) {
    rows.push(line(`stats period=${period}, after 034 (kept)`, await measure(db, (k) => orderStats(k, now, period))));
  }
  rows.push(line('stats figures only (3 reads), after 034', await measure(db, (k) => figuresOnly(k, keptFigures))));
  for (const [name, filter, page] of cases) {
    for (const p of [1, page]) {
      rows.push(
        line(
          `${name}, page ${p}, after 034`,
          await measure(db, (k) => listOrders(k, filter, PER_PAGE, (p - 1) * PER_PAGE)),
        ),
      );
    }
    rows.push(line(`${name}, count (every page)`, await measure(db, (k) => countOrders(k, filter))));
  }
  // The stats are the same both ways.
  for (const period of ['all', 'today', '7d', '30d', 'month'] as const) {
    const kept = JSON.stringify(await orderStats(db.kysely, now, period));
    const summed = JSON.stringify(await orderStats(db.kysely, now, period, summedOverOrders));
    if (kept !== summed) throw new Error(`stats ${period} differ:\n${kept}\n${summed}`);
  }
  console.log(`| ${'read'.padEnd(52)} | median ms | CPU ms |\n| ${'-'.repeat(52)} | -------: | -----: |`);
  for (const r of rows) console.log(r);
  console.log(`\n${plansBefore.join('\n\n')}`);
} finally {
  await drop();
}
