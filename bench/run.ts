// npm run bench: a large generated shop in a fresh database (SQLite in a temp dir, or a fresh
// database in the PostgreSQL of DATABASE_URL, dropped afterwards), the real server and a bare
// Fastify route as child processes, then autocannon scenarios against both. Prints a Markdown
// table and writes it to bench/results/latest.md. See bench/README.md for how to read it.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import pg from 'pg';
import { connect, type Db } from '../apps/server/src/db/connect.ts';
import type { Executor } from '../apps/server/src/db/database.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { WAL_LIMIT_BYTES } from '../apps/server/src/db/checkpointer.ts';
import { BENCH_COUPON, generate } from './generate.ts';
import { freePort, waitFor } from '../scripts/processes.ts';

const root = path.resolve(import.meta.dirname, '..');
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 100);
const ADMIN_PASSWORD = 'bench-password-123';
const postgresUrl = process.env.DATABASE_URL?.startsWith('postgres') ? process.env.DATABASE_URL : undefined;
/** BENCH_ONLY=shop,orders runs only those scenarios (home, shop, shop-plain, product, mixed, orders, admin); the ceiling always runs. */
const ONLY = process.env.BENCH_ONLY?.split(',').map((s) => s.trim());
const selected = (name: string) => !ONLY || ONLY.includes(name);

interface Row {
  scenario: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  note?: string;
}

function startChild(script: string, env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, [...(process.env.BENCH_PROFILE ? ['--cpu-prof'] : []), script], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return child;
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

type Options = autocannon.Options;

function load(options: Options, seconds = DURATION): Promise<autocannon.Result> {
  return autocannon({ connections: CONNECTIONS, duration: seconds, ...options });
}

function rowOf(scenario: string, result: autocannon.Result, expected = 0, note?: string): Row {
  const unexpected = result.non2xx - expected + result.errors + result.timeouts;
  return {
    scenario,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: unexpected,
    ...(note ? { note } : {}),
  };
}

/** Deterministic choices for the request generators. */
function picker(seed: number) {
  let state = seed;
  return (n: number) => {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    return state % n;
  };
}

/** Popular products get most visits: 80 % of views go to the first 10 % of the catalogue. */
function popularId(pick: (n: number) => number, count: number): number {
  return pick(10) < 8 ? 1 + pick(Math.max(1, Math.floor(count / 10))) : 1 + pick(count);
}

interface StockSnapshot {
  products: Map<number, number>;
  sizes: Map<string, number>;
  lastOrderId: number;
}

/** Runs reads in one transaction that sees one moment of the database (SQLite's are). */
function inSnapshot<T>(db: Db, read: (k: Executor) => Promise<T>): Promise<T> {
  const trx = db.kysely.transaction();
  return (db.kind === 'postgres' ? trx.setIsolationLevel('repeatable read') : trx).execute(read);
}

/** Stock of every product and size and the last order id, at one moment. */
function snapshot(db: Db): Promise<StockSnapshot> {
  return inSnapshot(db, readStock);
}

async function readStock(k: Executor): Promise<StockSnapshot> {
  const [products, sizes, last] = await Promise.all([
    k.selectFrom('products').select(['id', 'stock']).execute(),
    k.selectFrom('product_sizes').select(['product_id', 'size', 'stock']).execute(),
    k
      .selectFrom('orders')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirst(),
  ]);
  return {
    products: new Map(products.map((p) => [p.id, p.stock])),
    sizes: new Map(sizes.map((s) => [`${s.product_id}:${s.size}`, s.stock])),
    lastOrderId: Number(last?.id ?? 0),
  };
}

/** For every product and size: stock before = stock now + units in the orders placed since. */
async function verifyStock(db: Db, before: StockSnapshot) {
  // autocannon stops at the deadline without waiting for answers: let the server finish first.
  let last = await snapshot(db);
  for (;;) {
    await new Promise((r) => setTimeout(r, 500));
    const again = await snapshot(db);
    if (again.lastOrderId === last.lastOrderId) break;
    last = again;
  }
  // The stock and the orders sold are read in one transaction, so they describe the same moment.
  return inSnapshot(db, (k) => compare(k, before));
}

async function compare(k: Executor, before: StockSnapshot) {
  const after = await readStock(k);
  const sold = await k
    .selectFrom('order_items')
    .innerJoin('orders', 'orders.id', 'order_items.order_id')
    .select(['order_items.product_id', 'order_items.size', (eb) => eb.fn.sum<number>('order_items.quantity').as('n')])
    .where('orders.id', '>', before.lastOrderId)
    .groupBy(['order_items.product_id', 'order_items.size'])
    .execute();
  const soldProduct = new Map<number, number>();
  const soldSize = new Map<string, number>();
  for (const s of sold) {
    if (s.product_id === null) continue;
    soldProduct.set(s.product_id, (soldProduct.get(s.product_id) ?? 0) + Number(s.n));
    if (s.size) soldSize.set(`${s.product_id}:${s.size}`, Number(s.n));
  }
  let mismatches = 0;
  const mismatch = (what: string, stock: number, now: number, units: number) => {
    if (mismatches++ < 5) console.warn(`stock mismatch on ${what}: ${stock} before, ${now} now, ${units} sold`);
  };
  for (const [id, stock] of before.products) {
    const now = after.products.get(id) ?? 0;
    const units = soldProduct.get(id) ?? 0;
    if (stock - now !== units || now < 0) mismatch(`product ${id}`, stock, now, units);
  }
  for (const [key, stock] of before.sizes) {
    const now = after.sizes.get(key) ?? 0;
    const units = soldSize.get(key) ?? 0;
    if (stock - now !== units) mismatch(`size ${key}`, stock, now, units);
  }
  const units = [...soldProduct.values()].reduce((a, b) => a + b, 0);
  // Rows, not id differences: PostgreSQL spends serial ids on refused (rolled back) orders too.
  const placed = await k
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('id', '>', before.lastOrderId)
    .executeTakeFirstOrThrow();
  // Every placed order has at least one line.
  const empty = await k
    .selectFrom('orders')
    .select('id')
    .where('id', '>', before.lastOrderId)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb.selectFrom('order_items').select('order_items.id').whereRef('order_items.order_id', '=', 'orders.id'),
        ),
      ),
    )
    .execute();
  return { mismatches: mismatches + empty.length, orders: Number(placed.n), units };
}

/**
 * Samples a SQLite write-ahead log's size every 100 ms; stop() waits 2 s for the shop to go
 * quiet and says the largest size seen and the size left, flagged "WAL OVER" past the bound.
 */
function watchWal(file: string) {
  const size = () => {
    try {
      return fs.statSync(file).size;
    } catch {
      return 0;
    }
  };
  let largest = 0;
  const timer = setInterval(() => (largest = Math.max(largest, size())), 100);
  return {
    async stop(): Promise<string> {
      clearInterval(timer);
      await new Promise((r) => setTimeout(r, 2000));
      const after = size();
      const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
      // Between two checks of the worker (250 ms) the log may grow past the bound a little.
      const over = largest > WAL_LIMIT_BYTES * 1.25 || after > WAL_LIMIT_BYTES;
      return `; WAL at most ${mb(largest)} during, ${mb(after)} after (bound ${mb(WAL_LIMIT_BYTES)})${over ? ' WAL OVER' : ''}`;
    },
  };
}

async function main(): Promise<void> {
  // BENCH_SCALE=1: each read once, cold, on a large shop kept between runs (bench/scale.ts).
  if (process.env.BENCH_SCALE) {
    const { scaleBench } = await import('./scale.ts');
    return scaleBench();
  }
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-'));
  const uploadsDir = path.join(tmp, 'uploads');
  let databaseUrl = `sqlite:${path.join(tmp, 'shop.db')}`;
  let dropDatabase: (() => Promise<void>) | undefined;
  if (postgresUrl) {
    const name = `bench_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(postgresUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: postgresUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    };
  }
  const database = postgresUrl
    ? ({ kind: 'postgres', url: databaseUrl } as const)
    : ({ kind: 'sqlite', file: databaseUrl.slice('sqlite:'.length) } as const);
  const kindLabel = postgresUrl ? 'PostgreSQL' : 'SQLite';

  const children: ChildProcess[] = [];
  let db: Db | undefined;
  try {
    db = connect(database);
    await migrate(db);
    let started = Date.now();
    const report = await generate(db, {
      uploadsDir,
      products: Number(process.env.BENCH_PRODUCTS ?? 5000),
      orders: Number(process.env.BENCH_ORDERS ?? 100_000),
    });
    console.log(
      `generated ${report.products} products, ${report.orders} orders (${report.orderItems} lines), ${report.reviews} reviews on ${kindLabel} in ${Date.now() - started} ms`,
    );
    // The tables as a shop that grew to this size has them: planner statistics (without them
    // PostgreSQL scans whole tables for the order batch's stock reads) and a visibility map, so
    // index-only scans skip the table (the admin's phone search reads its suffix index only).
    // PostgreSQL's autovacuum does both in the background, minutes after a bulk load like this one.
    if (postgresUrl) await sql`vacuum analyze`.execute(db.kysely);

    const shopPort = await freePort();
    const barePort = await freePort();
    const shop = startChild('apps/server/src/server.ts', {
      DATABASE_URL: databaseUrl,
      PORT: String(shopPort),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      DATA_DIR: tmp,
      UPLOADS_DIR: uploadsDir,
      ADMIN_USERNAME: 'admin',
      ADMIN_PASSWORD,
      // The load comes from one address: the per-client limits would stop it.
      RATE_LIMIT_ORDERS: '100000000/1m',
      RATE_LIMIT_STOCK_CHECKS: '100000000/1m',
    });
    children.push(shop);
    const bare = startChild('bench/bare-server.ts', { PORT: String(barePort) });
    children.push(bare);
    const shopUrl = `http://127.0.0.1:${shopPort}`;
    const bareUrl = `http://127.0.0.1:${barePort}`;
    started = Date.now();
    await Promise.all([waitFor(`${shopUrl}/api/settings`, shop), waitFor(bareUrl, bare)]);
    console.log(`servers up in ${Date.now() - started} ms; ${CONNECTIONS} connections, ${DURATION} s per scenario`);

    const rows: Row[] = [];
    const run = async (name: string, fn: () => Promise<Row>) => {
      if (name !== 'bare' && !selected(name)) return;
      const row = await fn();
      rows.push(row);
      console.log(
        `${name}: ${row.rps.toFixed(0)} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms, errors ${row.errors}${row.note ? ` (${row.note})` : ''}`,
      );
    };

    // 0. The ceiling.
    await load({ url: bareUrl }, 2);
    await run('bare', async () => rowOf('bare Fastify {hello:"world"} (ceiling)', await load({ url: bareUrl })));

    const types = await db.kysely.selectFrom('product_types').select('id').execute();
    const productCount = report.products;

    // 1. Home page calls, round-robin.
    const home = [
      { method: 'GET' as const, path: '/api/product/getLatest' },
      { method: 'GET' as const, path: '/api/product/getTopPromotions' },
      { method: 'GET' as const, path: '/api/BrandRating/getRecentRatings?limit=5' },
    ];
    // The catalogue is read as a browser reads it: accepting compressed answers.
    const browser = { url: shopUrl, headers: { 'accept-encoding': 'gzip, deflate, br' } };
    if (selected('home')) await load({ ...browser, requests: home }, 2);
    await run('home', async () =>
      rowOf('1. home (getLatest, getTopPromotions, getRecentRatings)', await load({ ...browser, requests: home })),
    );

    // 2. Shop page: type, price range, page, limit 16.
    const shopPick = picker(7);
    const ranges = [
      [0, 100_000],
      [0, 3000],
      [1000, 5000],
      [2000, 8000],
    ];
    // Built ahead as fixed requests: autocannon then sends prepared bytes, as for the ceiling's
    // route, instead of running a function per request (that made the load generator the limit).
    const shopRequests = Array.from({ length: 600 }, () => {
      const typeIndex = shopPick(types.length + 1);
      const type = typeIndex < types.length ? `&type=${types[typeIndex]?.id}` : '';
      const [min, max] = ranges[shopPick(ranges.length)] ?? [0, 100_000];
      return {
        method: 'GET' as const,
        path: `/api/product/getAll?page=${1 + shopPick(5)}&limit=16${type}&min=${min}&max=${max}`,
      };
    });
    if (selected('shop')) await load({ ...browser, requests: shopRequests }, 2);
    await run('shop', async () =>
      rowOf('2. shop page getAll (type, min, max, page, limit 16)', await load({ ...browser, requests: shopRequests })),
    );
    // The same pages for a client that does not accept compression: the answers are ~6 times larger.
    await run('shop-plain', async () =>
      rowOf('2b. the same, client without compression', await load({ url: shopUrl, requests: shopRequests })),
    );

    // 3. Product page: the product and its related products.
    const productPick = picker(11);
    const productRequests = Array.from({ length: 2000 }, () => popularId(productPick, productCount)).flatMap((id) => [
      { method: 'GET' as const, path: `/api/product/get/${id}` },
      { method: 'GET' as const, path: `/api/product/getRelated/${id}` },
    ]);
    if (selected('product')) await load({ ...browser, requests: productRequests }, 2);
    await run('product', async () =>
      rowOf('3. product page (get + getRelated)', await load({ ...browser, requests: productRequests })),
    );

    // 4. Orders: unique customers, real stock (a few hot products sell out: expected 409s),
    // server prices, every fifth with the coupon.
    const [priced, sizeRows, wilayas] = await Promise.all([
      db.kysely.selectFrom('products').select(['id', 'has_sizes', 'final_price_cents']).orderBy('id').execute(),
      db.kysely.selectFrom('product_sizes').select(['product_id', 'size']).where('stock', '>', 0).execute(),
      db.kysely.selectFrom('shipping_prices').select(['wilaya_name', 'price_cents']).execute(),
    ]);
    const sizesOf = new Map<number, string[]>();
    for (const s of sizeRows) sizesOf.set(s.product_id, [...(sizesOf.get(s.product_id) ?? []), s.size]);
    // Hot products: little stock, so they sell out during the run.
    const hot = priced.slice(0, 10).map((p) => p.id);
    await db.kysely.updateTable('product_sizes').set({ stock: 3 }).where('product_id', 'in', hot).execute();
    for (const id of hot) {
      const p = priced.find((x) => x.id === id);
      const stock = p?.has_sizes ? 15 : 3;
      await db.kysely.updateTable('products').set({ stock }).where('id', '=', id).execute();
    }
    const orderPick = picker(13);
    let customer = 0;
    const byId = new Map(priced.map((p) => [p.id, p]));
    /** An order; `popular`: its products chosen as the product pages are read (80 % in the top 10 %). */
    const nextOrder = (popular = false) => {
      customer++;
      const lineCount = 1 + orderPick(2);
      const items: { product_id: number; quantity: number; size: string }[] = [];
      let subtotal = 0;
      for (let i = 0; i < lineCount; i++) {
        const p = popular
          ? byId.get(popularId(orderPick, productCount))
          : orderPick(20) === 0
            ? priced[orderPick(hot.length)]
            : priced[orderPick(priced.length)];
        if (!p) continue;
        const sizes = sizesOf.get(p.id) ?? [];
        const size = p.has_sizes ? (sizes[orderPick(sizes.length)] ?? 'M') : '';
        const quantity = 1 + orderPick(2);
        items.push({ product_id: p.id, quantity, size });
        subtotal += p.final_price_cents * quantity;
      }
      const wilaya = wilayas[orderPick(wilayas.length)] ?? { wilaya_name: 'Alger', price_cents: 40000 };
      return JSON.stringify({
        customer_name: `Client Banc ${customer}`,
        customer_phone: `07${String(10_000_000 + customer).padStart(8, '0')}`,
        customer_address: `${wilaya.wilaya_name}, ${customer} rue de la Liberté`,
        customer_postal_code: '16000',
        wilaya: wilaya.wilaya_name,
        subtotal: subtotal / 100,
        shipping_fee: wilaya.price_cents / 100,
        coupon_code: customer % 5 === 0 ? BENCH_COUPON : '',
        items,
      });
    };
    // Each order with its own Idempotency-Key, as the storefront sends them (one more read and
    // insert per batch).
    const keyed = (req: autocannon.Request, body: string): autocannon.Request => ({
      ...req,
      body,
      headers: { ...req.headers, 'idempotency-key': randomBytes(16).toString('hex') },
    });
    let expected409 = 0;
    let unexpectedBodies = 0;
    const orderRequests = [
      {
        method: 'POST' as const,
        path: '/api/order',
        headers: { 'content-type': 'application/json' },
        setupRequest: (req: autocannon.Request) => keyed(req, nextOrder()),
        onResponse: (status: number, body: string) => {
          if (status === 409 && body.includes('Stock insuffisant')) expected409++;
          else if (status >= 300 && unexpectedBodies++ < 3)
            console.warn(`order answered ${status}: ${body.slice(0, 200)}`);
        },
      },
    ];
    // 3m. The product page read while customers buy: the reads of row 3 with 50 orders/s
    // alongside, on the products being read. An order drops the cached answers of its products
    // only; the row says how much of row 3's throughput is left.
    await run('mixed', async () => {
      const mixedBefore = await snapshot(db as Db);
      let placed = 0;
      // overallRate: requests per second over all connections (autocannon's option, not in its types).
      // ignoreCoordinatedOmission: autocannon "corrects" a rated run's latencies with an expected
      // interval of ceil(1 / rate) ms for a rate per second (1 ms here), which records a synthetic
      // sample for every millisecond of a slow answer: one 2 s answer weighed as 2,000 orders.
      const rated: Partial<Options> = { overallRate: 50, ignoreCoordinatedOmission: true } as Partial<Options>;
      // The reads first: autocannon builds its 100 connections' requests synchronously when it
      // starts, and the orders already in flight would wait that long (~2.5 s) for their answer
      // to be read, which the first runs of this row reported as the orders' p99.
      const readingDone = load({ ...browser, requests: productRequests });
      const buying = load(
        {
          ...rated,
          url: shopUrl,
          connections: 5,
          requests: [
            {
              method: 'POST' as const,
              path: '/api/order',
              headers: { 'content-type': 'application/json' },
              setupRequest: (req: autocannon.Request) => keyed(req, nextOrder(true)),
              onResponse: (status: number) => {
                if (status === 201) placed++;
              },
            },
          ],
        },
        DURATION,
      );
      const reading = await readingDone;
      const orders = await buying;
      const check = await verifyStock(db as Db, mixedBefore);
      const consistent = check.mismatches === 0 ? 'stock consistent' : `STOCK MISMATCH on ${check.mismatches} rows`;
      const readsOnly = rows.find((r) => r.scenario.startsWith('3.'))?.rps;
      const share = readsOnly ? ` = ${((reading.requests.average / readsOnly) * 100).toFixed(0)} % of row 3` : '';
      return rowOf(
        '3m. product page with 50 orders/s alongside',
        reading,
        0,
        `reads ${reading.requests.average.toFixed(0)}/s${share}; ${placed} orders placed (${orders.requests.average.toFixed(0)}/s, p50 ${orders.latency.p50} ms, p99 ${orders.latency.p99} ms, slowest ${orders.latency.max} ms), ${consistent}`,
      );
    });

    await run('orders', async () => {
      // On SQLite, the write-ahead log's size during and after the orders (it must stay bounded).
      const before = await snapshot(db as Db);
      const wal = database.kind === 'sqlite' ? watchWal(`${database.file}-wal`) : undefined;
      const result = await load({ url: shopUrl, requests: orderRequests });
      const walNote = wal ? await wal.stop() : '';
      const check = await verifyStock(db as Db, before);
      const consistent = check.mismatches === 0 ? 'stock consistent' : `STOCK MISMATCH on ${check.mismatches} rows`;
      return rowOf(
        '4. place order (POST /api/order)',
        result,
        expected409,
        `${check.orders} orders, ${check.units} units, ${expected409} expected 409 out of stock, ${consistent}${walNote}`,
      );
    });

    // 5. Admin: search by phone and dashboard stats on the past orders.
    const login = await fetch(`${shopUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const adminPick = picker(17);
    const auth = { authorization: `Bearer ${token}` };
    const adminRequests = [
      {
        method: 'GET' as const,
        headers: auth,
        setupRequest: (req: autocannon.Request) => {
          const digits = String(adminPick(10_000)).padStart(4, '0');
          const phone = adminPick(2) === 0 ? `05${digits}` : digits;
          return { ...req, path: `/api/order/searchOrders?page=1&limit=20&phone=${phone}` };
        },
      },
      { method: 'GET' as const, headers: auth, path: '/api/order/stats' },
    ];
    if (selected('admin')) await load({ url: shopUrl, requests: adminRequests }, 2);
    await run('admin', async () =>
      rowOf('5. admin searchOrders by phone + order/stats', await load({ url: shopUrl, requests: adminRequests })),
    );

    const ceiling = rows[0]?.rps ?? 1;
    const lines = [
      `Run of ${new Date().toISOString()} on ${kindLabel}, ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? 'unknown'}), Node ${process.version}; ${CONNECTIONS} connections, ${DURATION} s per scenario; ${report.products} products, ${report.orders} past orders.`,
      '',
      '| scenario | requests/s | p50 (ms) | p99 (ms) | errors | vs ceiling |',
      '| --- | ---: | ---: | ---: | ---: | ---: |',
      ...rows.map(
        (r) =>
          `| ${r.scenario} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ${r.errors} | ${((r.rps / ceiling) * 100).toFixed(0)} % |`,
      ),
      '',
      ...rows.filter((r) => r.note).map((r) => `- ${r.scenario}: ${r.note}`),
    ];
    const table = lines.join('\n');
    console.log(`\n${table}\n`);
    fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
    fs.writeFileSync(path.join(root, 'bench/results/latest.md'), `${table}\n`);
    const mismatch = rows.some((r) => r.note?.includes('MISMATCH') || r.note?.includes('WAL OVER'));
    if (mismatch) process.exitCode = 1;
  } finally {
    // autocannon stops at its deadline with requests still queued in the server: let them finish
    // before the server closes its database.
    await new Promise((r) => setTimeout(r, 3000));
    await Promise.all(children.map((c) => stop(c)));
    await db?.close();
    await dropDatabase?.();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
