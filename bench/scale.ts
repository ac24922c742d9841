// BENCH_SCALE=1 npm run bench: how the back office's lists, searches and exports and the
// storefront's reads cost as the shop grows. A shop of BENCH_ORDERS orders (100,000 by default;
// 1,000,000 allowed) and BENCH_PRODUCTS products (one per 50 orders by default) is generated once
// and kept between runs: in bench/shops/ (gitignored) on SQLite, or as a database named after its
// size on the PostgreSQL of DATABASE_URL. The server is started on it, and each request is sent
// once, cold (a fresh server, nothing cached), one after the other: the table gives its time to the
// first byte and to the last, the server process's CPU time for it (/proc, Linux) and the bytes;
// for the exports, the server's anonymous resident memory (heap, buffers) before and at its peak
// during the request, sampled every 10 ms, and its file-backed pages (SQLite maps its file).
// PostgreSQL's own CPU (its backend processes) is not in the CPU column.
// Then the exports again, on a server whose V8 old generation is capped (BENCH_EXPORT_HEAP_MB, 96
// by default): an export that held its file, or its orders, would die there of a full heap at a
// size where a streaming one finishes with the same bytes and the same peak as at any other size.
// Uncapped, V8 lets garbage pile up before collecting it, and the resident memory says little.
// 96 MB, not 64: the server's own heap is ~44 MB before any export, and at an export's rate of
// allocation a full collection keeps 10-15 MB more that died while it marked; under 64 MB the
// million-order export on PostgreSQL died of that in 4 runs out of 13, as early as 19 MB into
// its 249 MB (bench/README.md).
import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { connect, type Db } from '../apps/server/src/db/connect.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { generate } from './generate.ts';
import { freePort, waitFor } from '../scripts/processes.ts';

const root = path.resolve(import.meta.dirname, '..');
const ADMIN_PASSWORD = 'bench-password-123';
const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? Math.max(100, Math.round(ORDERS / 50)));
const postgresUrl = process.env.DATABASE_URL?.startsWith('postgres') ? process.env.DATABASE_URL : undefined;
const TICKS = 100; // clock ticks per second of /proc/<pid>/stat (USER_HZ on Linux)
const EXPORT_HEAP_MB = Number(process.env.BENCH_EXPORT_HEAP_MB ?? 96);

interface Measure {
  name: string;
  status: number;
  firstByteMs: number;
  totalMs: number;
  cpuMs: number;
  bytes: number;
  rss?: string;
  anonPeak?: number;
  /** The anonymous memory's peak until half the bytes were received, and over the whole response. */
  anonByHalf?: [number, number];
  error?: string;
}

/** The process's user + system CPU time, in ms. */
function cpuOf(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS;
}

function statusField(pid: number, field: 'RssAnon' | 'RssFile'): number {
  let status = '';
  try {
    status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    return 0; // the process is gone
  }
  const line = status.split('\n').find((l) => l.startsWith(`${field}:`));
  return Number(/(\d+)/.exec(line ?? '')?.[1] ?? 0) * 1024;
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** The shop's database, generated once for its size. */
async function shopDatabase(): Promise<{ url: string; db: Db; uploadsDir: string; dataDir: string }> {
  const label = `${ORDERS}-orders-${PRODUCTS}-products`;
  const dataDir = path.join(root, 'bench/shops', `${postgresUrl ? 'postgres' : 'sqlite'}-${label}`);
  const uploadsDir = path.join(dataDir, 'uploads');
  const ready = path.join(dataDir, 'ready');
  const built = fs.existsSync(ready);
  // A shop whose generation did not finish is made again from nothing.
  if (!built) fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true });
  let url = `sqlite:${path.join(dataDir, 'shop.db')}`;
  if (postgresUrl) {
    const name = `bench_scale_${ORDERS}_${PRODUCTS}`;
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    if (!built) {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.query(`create database ${name}`);
    }
    await admin.end();
    const u = new URL(postgresUrl);
    u.pathname = `/${name}`;
    url = u.toString();
  }
  const db = connect(postgresUrl ? { kind: 'postgres', url } : { kind: 'sqlite', file: url.slice('sqlite:'.length) });
  await migrate(db);
  if (!built) {
    const started = Date.now();
    const report = await generate(db, {
      uploadsDir,
      products: PRODUCTS,
      orders: ORDERS,
      reviews: 2000,
      onOrders: (written, total) => {
        if (written % 100_000 === 0 || written === total) {
          const anon = mb(statusField(process.pid, 'RssAnon'));
          console.log(`${written} of ${total} orders written after ${Date.now() - started} ms (anonymous RSS ${anon})`);
        }
      },
    });
    // PostgreSQL: what autovacuum would have done by then. SQLite: the server gathers its planner
    // statistics when it starts, as a shop's does (apps/server/src/db/statistics.ts).
    if (postgresUrl) await sql`vacuum analyze`.execute(db.kysely);
    fs.writeFileSync(ready, `${JSON.stringify(report)}\n`);
    console.log(`generated ${report.orders} orders, ${report.products} products in ${Date.now() - started} ms`);
  } else {
    console.log(`reusing ${dataDir}`);
  }
  return { url, db, uploadsDir, dataDir };
}

async function measure(
  pid: number,
  base: string,
  name: string,
  pathname: string,
  headers: Record<string, string>,
  memory = false,
): Promise<Measure> {
  // The process's own memory (anonymous: heap, buffers) sampled during the request; SQLite's
  // memory-mapped database file is counted apart (file-backed pages the kernel can drop).
  const anonBefore = memory ? statusField(pid, 'RssAnon') : 0;
  let bytes = 0;
  let anonPeak = anonBefore;
  let filePeak = 0;
  // The anonymous memory against the bytes received so far: a response held whole would grow
  // with them, one streamed reaches its level early and stays there.
  const samples: { bytes: number; anon: number }[] = [];
  const sampler = memory
    ? setInterval(() => {
        const anon = statusField(pid, 'RssAnon');
        samples.push({ bytes, anon });
        anonPeak = Math.max(anonPeak, anon);
        filePeak = Math.max(filePeak, statusField(pid, 'RssFile'));
      }, 10)
    : undefined;
  const cpu = cpuOf(pid);
  const started = performance.now();
  let status = 0;
  let firstByteMs = 0;
  let error: string | undefined;
  try {
    const response = await fetch(`${base}${pathname}`, { headers });
    status = response.status;
    const reader = response.body!.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (bytes === 0) firstByteMs = performance.now() - started;
      bytes += value.byteLength;
    }
  } catch (e) {
    // The server died during the request (a capped heap run out): what it sent until then.
    error = e instanceof Error ? (e.cause instanceof Error ? e.cause.message : e.message) : String(e);
  } finally {
    clearInterval(sampler);
  }
  const totalMs = performance.now() - started;
  // The server's CPU ticks are counted at its next clock tick: let one pass.
  await new Promise((r) => setTimeout(r, 20));
  let cpuMs = Number.NaN;
  try {
    cpuMs = cpuOf(pid) - cpu;
  } catch {
    // gone
  }
  const out: Measure = { name, status, firstByteMs, totalMs, cpuMs, bytes };
  if (error) out.error = error;
  if (memory) {
    out.anonPeak = anonPeak;
    const peakUpTo = (share: number) =>
      samples.reduce((peak, x) => (x.bytes <= bytes * share ? Math.max(peak, x.anon) : peak), anonBefore);
    out.anonByHalf = [peakUpTo(0.5), anonPeak];
    out.rss = `${mb(anonBefore)} → peak ${mb(anonPeak)} (file-backed ${mb(filePeak)})`;
  }
  return out;
}

function startServer(
  url: string,
  port: number,
  dataDir: string,
  uploadsDir: string,
  nodeFlags: string[] = [],
): ChildProcess {
  return spawn(process.execPath, [...nodeFlags, 'apps/server/src/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: url,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      DATA_DIR: dataDir,
      UPLOADS_DIR: uploadsDir,
      ADMIN_USERNAME: 'admin',
      ADMIN_PASSWORD,
      PUBLIC_BASE_URL: 'https://shop.example',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

interface Server {
  pid: number;
  base: string;
  /** From the spawn to the first answer (polled every 100 ms), and the CPU the process took meanwhile. */
  started: { ms: number; cpuMs: number };
  admin: Record<string, string>;
  /** How the process ended, once it has: its exit code or signal. */
  ended: () => string | undefined;
}

/** Starts a fresh server on the shop, logs in, runs `work`, and stops it. */
async function withServer<T>(
  shop: { url: string; dataDir: string; uploadsDir: string },
  nodeFlags: string[],
  work: (server: Server) => Promise<T>,
): Promise<T> {
  const port = await freePort();
  const spawned = performance.now();
  const child = startServer(shop.url, port, shop.dataDir, shop.uploadsDir, nodeFlags);
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${base}/api/settings`, child);
    const started = { ms: performance.now() - spawned, cpuMs: cpuOf(child.pid!) };
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    return await work({
      pid: child.pid!,
      base,
      started,
      admin: { authorization: `Bearer ${token}` },
      ended: () =>
        child.exitCode !== null
          ? `exit ${child.exitCode}`
          : child.signalCode
            ? `killed by ${child.signalCode}`
            : undefined,
    });
  } finally {
    await new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  }
}

function line(m: Measure): string {
  const failed = m.error ? `, FAILED: ${m.error}` : '';
  return `${m.name}: ${m.status}, first byte ${m.firstByteMs.toFixed(0)} ms, ${m.totalMs.toFixed(0)} ms, CPU ${m.cpuMs.toFixed(0)} ms, ${mb(m.bytes)}${m.rss ? `, RSS ${m.rss}` : ''}${failed}`;
}

export async function scaleBench(): Promise<void> {
  const { url, db, uploadsDir, dataDir } = await shopDatabase();
  const shop = { url, dataDir, uploadsDir };
  const sample = await db.kysely
    .selectFrom('orders')
    .select(['customer_phone', 'customer_name'])
    .orderBy('id')
    .offset(Math.floor(ORDERS / 2))
    .limit(1)
    .executeTakeFirstOrThrow();
  const lastDay = await db.kysely
    .selectFrom('orders')
    .select((eb) => eb.fn.max('created_at').as('at'))
    .executeTakeFirstOrThrow();
  await db.close();
  const day = String(lastDay.at).slice(0, 10);
  const browser = { 'accept-encoding': 'gzip, deflate, br' };
  // The generated names end with the order's number ("Yasmine Client 500001").
  const digits = sample.customer_name.split(' ').at(-1) ?? sample.customer_name;
  const familiar = sample.customer_name.replace(' Client ', ' ');
  const deepPage = Math.max(1, Math.floor(ORDERS / 20 / 2));
  // A month seven months back (the generated orders span a year), its middle page.
  const dayBefore = (days: number) => new Date(Date.parse(day) - days * 86_400_000).toISOString().slice(0, 10);
  const monthPage = Math.max(1, Math.floor(ORDERS / 12 / 20 / 2));
  const ADMIN = 'admin';
  // [label, path, headers (ADMIN: the admin's token), export]
  const cases: [string, string, Record<string, string> | typeof ADMIN, boolean?][] = [
    ['admin: orders page 1', '/api/order/getAllOrders?page=1&limit=20', ADMIN],
    ['admin: orders, status filter', '/api/order/searchOrders?page=1&limit=20&status=pending', ADMIN],
    [`admin: orders page ${deepPage}`, `/api/order/getAllOrders?page=${deepPage}&limit=20`, ADMIN],
    ['admin: products page 1 (q)', '/api/product/getAll?page=1&limit=50&q=sahara', ADMIN],
    ['admin: brand reviews page 1', '/api/BrandRating/getBrandRatings?page=1&limit=20&state=published', ADMIN],
    ['admin: product ratings page 1', '/api/rating/getAllRatings/1/20', ADMIN],
    ['admin: orders by wilaya, page 40', '/api/order/searchOrders?page=40&limit=20&wilaya=Alger', ADMIN],
    [
      `admin: orders of a month, page ${monthPage}`,
      `/api/order/searchOrders?page=${monthPage}&limit=20&from=${dayBefore(239)}&to=${dayBefore(210)}`,
      ADMIN,
    ],
    ['admin: dashboard stats', '/api/order/stats', ADMIN],
    ['admin: dashboard stats, 30 days', '/api/order/stats?period=30d', ADMIN],
    ['search: phone', `/api/order/searchOrders?page=1&limit=20&phone=${sample.customer_phone.slice(-6)}`, ADMIN],
    // The search box: a customer's name as the desk types it ("Yasmine 500001": the generated
    // names are a first name, "Client" and the order's number, which stands for the family name);
    // the same with the word every generated name holds ("Client": PostgreSQL's trigram index
    // reads the entries of its trigrams, one per order); digits (part of a phone, an order's
    // number: "500001" is both here).
    ['search: name', `/api/order/searchOrders?page=1&limit=20&q=${encodeURIComponent(familiar)}`, ADMIN],
    [
      'search: name with a word every order holds',
      `/api/order/searchOrders?page=1&limit=20&q=${encodeURIComponent(sample.customer_name)}`,
      ADMIN,
    ],
    ['search: digits', `/api/order/searchOrders?page=1&limit=20&q=${encodeURIComponent(digits)}`, ADMIN],
    ['export: every order (CSV)', '/api/order/export?format=csv', ADMIN, true],
    ['export: one day (CSV)', `/api/order/export?format=csv&from=${day}&to=${day}`, ADMIN, true],
    ['export: Yalidine, status filter', '/api/courier/export/yalidine?status=approved', ADMIN, true],
    ['shop: top selling', '/api/product/getTopSelling', browser],
    ['shop: page 1', '/api/product/getAll?page=1&limit=16', browser],
    ['shop: page 40', '/api/product/getAll?page=40&limit=16', browser],
    ['shop: product', '/api/product/get/1', browser],
    ['shop: sitemap index', '/sitemap.xml', browser],
    ['shop: sitemap products file 1', '/sitemaps/products-fr-1.xml', browser],
    ['old clients: getAll without page', '/api/product/getAll', browser],
    ['old clients: brand reviews without page', '/api/BrandRating/getBrandRatings', ADMIN],
  ];
  let started = { ms: 0, cpuMs: 0 };
  const results = await withServer(shop, [], async (server) => {
    started = server.started;
    console.log(`server start to its first answer: ${started.ms.toFixed(0)} ms, CPU ${started.cpuMs.toFixed(0)} ms`);
    const measured: Measure[] = [];
    for (const [label, pathname, headers, memory] of cases) {
      const m = await measure(
        server.pid,
        server.base,
        label,
        pathname,
        headers === ADMIN ? server.admin : headers,
        memory,
      );
      measured.push(m);
      console.log(line(m));
    }
    return measured;
  });
  // Each export again, alone on a fresh server whose old generation is capped.
  const capped = new Map<string, { m: Measure; ended?: string }>();
  for (const [label, pathname, , memory] of cases) {
    if (!memory) continue;
    const result = await withServer(shop, [`--max-old-space-size=${EXPORT_HEAP_MB}`], async (server) => {
      const m = await measure(server.pid, server.base, label, pathname, server.admin, true);
      // A server that ran out of heap is gone by now, or going.
      await new Promise((r) => setTimeout(r, 200));
      return { m, ended: server.ended() };
    });
    capped.set(label, result);
    console.log(
      `heap capped at ${EXPORT_HEAP_MB} MB: ${line(result.m)}${result.ended ? `, server ${result.ended}` : ''}`,
    );
  }
  const cappedCell = (m: Measure): string => {
    const c = capped.get(m.name);
    if (!c) return '';
    const whole = c.m.status === 200 && !c.m.error && !c.ended && c.m.bytes === m.bytes;
    const outcome = whole
      ? 'complete, same bytes'
      : `FAILED (${c.m.error ?? `status ${c.m.status}`}${c.ended ? `, server ${c.ended}` : ''}; ${mb(c.m.bytes)} of ${mb(m.bytes)})`;
    const [half, end] = c.m.anonByHalf ?? [0, 0];
    return `${outcome}; peak ${mb(half)} by half the bytes, ${mb(end)} by the end`;
  };
  const kind = postgresUrl ? 'PostgreSQL' : 'SQLite';
  const lines = [
    `${kind}, ${ORDERS} orders, ${PRODUCTS} products; ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? 'unknown'}), Node ${process.version}, ${new Date().toISOString()}. Server start to its first answer ${started.ms.toFixed(0)} ms (polled every 100 ms), CPU ${started.cpuMs.toFixed(0)} ms. Each request once, cold, in this order; then each export alone on a fresh server with --max-old-space-size=${EXPORT_HEAP_MB}.`,
    '',
    `| request | status | first byte (ms) | total (ms) | server CPU (ms) | size | anonymous RSS (exports) | heap capped at ${EXPORT_HEAP_MB} MB: outcome; anonymous RSS peaks |`,
    '| --- | ---: | ---: | ---: | ---: | ---: | --- | --- |',
    ...results.map(
      (m) =>
        `| ${m.name} | ${m.status} | ${m.firstByteMs.toFixed(0)} | ${m.totalMs.toFixed(0)} | ${m.cpuMs.toFixed(0)} | ${mb(m.bytes)} | ${m.rss ?? ''} | ${cappedCell(m)} |`,
    ),
  ];
  const table = lines.join('\n');
  console.log(`\n${table}\n`);
  fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  fs.writeFileSync(path.join(root, `bench/results/scale-${kind.toLowerCase()}-${ORDERS}.md`), `${table}\n`);
  const cappedFailed = [...capped.values()].some((c) => c.m.status !== 200 || c.m.error || c.ended);
  if (results.some((m) => m.status >= 400 || m.error) || cappedFailed) process.exitCode = 1;
}
