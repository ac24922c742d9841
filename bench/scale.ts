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

interface Measure {
  name: string;
  status: number;
  firstByteMs: number;
  totalMs: number;
  cpuMs: number;
  bytes: number;
  rss?: string;
}

/** The process's user + system CPU time, in ms. */
function cpuOf(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS;
}

function statusField(pid: number, field: 'RssAnon' | 'RssFile'): number {
  const line = fs
    .readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${field}:`));
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
    const report = await generate(db, { uploadsDir, products: PRODUCTS, orders: ORDERS, reviews: 2000 });
    if (postgresUrl) await sql`vacuum analyze`.execute(db.kysely);
    else await sql`analyze`.execute(db.kysely);
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
  let anonPeak = anonBefore;
  let filePeak = 0;
  const sampler = memory
    ? setInterval(() => {
        anonPeak = Math.max(anonPeak, statusField(pid, 'RssAnon'));
        filePeak = Math.max(filePeak, statusField(pid, 'RssFile'));
      }, 10)
    : undefined;
  const cpu = cpuOf(pid);
  const started = performance.now();
  const response = await fetch(`${base}${pathname}`, { headers });
  let firstByteMs = 0;
  let bytes = 0;
  const reader = response.body!.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (bytes === 0) firstByteMs = performance.now() - started;
    bytes += value.byteLength;
  }
  const totalMs = performance.now() - started;
  clearInterval(sampler);
  // The server's CPU ticks are counted at its next clock tick: let one pass.
  await new Promise((r) => setTimeout(r, 20));
  const out: Measure = {
    name,
    status: response.status,
    firstByteMs,
    totalMs,
    cpuMs: cpuOf(pid) - cpu,
    bytes,
  };
  if (memory) out.rss = `${mb(anonBefore)} → peak ${mb(anonPeak)} (file-backed ${mb(filePeak)})`;
  return out;
}

function startServer(url: string, port: number, dataDir: string, uploadsDir: string): ChildProcess {
  return spawn(process.execPath, ['apps/server/src/server.ts'], {
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

export async function scaleBench(): Promise<void> {
  const { url, db, uploadsDir, dataDir } = await shopDatabase();
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
  const port = await freePort();
  const server = startServer(url, port, dataDir, uploadsDir);
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${base}/api/settings`, server);
    const pid = server.pid!;
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const admin = { authorization: `Bearer ${token}` };
    const browser = { 'accept-encoding': 'gzip, deflate, br' };
    const name = sample.customer_name.split(' ').at(-1) ?? sample.customer_name;
    const deepPage = Math.max(1, Math.floor(ORDERS / 20 / 2));
    // A month seven months back (the generated orders span a year), its middle page.
    const dayBefore = (days: number) => new Date(Date.parse(day) - days * 86_400_000).toISOString().slice(0, 10);
    const monthPage = Math.max(1, Math.floor(ORDERS / 12 / 20 / 2));
    const cases: [string, string, Record<string, string>, boolean?][] = [
      ['admin: orders page 1', '/api/order/getAllOrders?page=1&limit=20', admin],
      ['admin: orders, status filter', '/api/order/searchOrders?page=1&limit=20&status=pending', admin],
      [`admin: orders page ${deepPage}`, `/api/order/getAllOrders?page=${deepPage}&limit=20`, admin],
      ['admin: products page 1 (q)', '/api/product/getAll?page=1&limit=50&q=sahara', admin],
      ['admin: brand reviews page 1', '/api/BrandRating/getBrandRatings?page=1&limit=20&state=published', admin],
      ['admin: product ratings page 1', '/api/rating/getAllRatings/1/20', admin],
      ['admin: orders by wilaya, page 40', '/api/order/searchOrders?page=40&limit=20&wilaya=Alger', admin],
      [
        `admin: orders of a month, page ${monthPage}`,
        `/api/order/searchOrders?page=${monthPage}&limit=20&from=${dayBefore(239)}&to=${dayBefore(210)}`,
        admin,
      ],
      ['admin: dashboard stats', '/api/order/stats', admin],
      ['admin: dashboard stats, 30 days', '/api/order/stats?period=30d', admin],
      ['search: phone', `/api/order/searchOrders?page=1&limit=20&phone=${sample.customer_phone.slice(-6)}`, admin],
      ['search: name', `/api/order/searchOrders?page=1&limit=20&q=${encodeURIComponent(name)}`, admin],
      ['export: every order (CSV)', '/api/order/export?format=csv', admin, true],
      ['export: one day (CSV)', `/api/order/export?format=csv&from=${day}&to=${day}`, admin, true],
      ['export: Yalidine, status filter', '/api/courier/export/yalidine?status=approved', admin, true],
      ['shop: top selling', '/api/product/getTopSelling', browser],
      ['shop: page 1', '/api/product/getAll?page=1&limit=16', browser],
      ['shop: page 40', '/api/product/getAll?page=40&limit=16', browser],
      ['shop: product', '/api/product/get/1', browser],
      ['shop: sitemap index', '/sitemap.xml', browser],
      ['shop: sitemap products file 1', '/sitemaps/products-fr-1.xml', browser],
      ['old clients: getAll without page', '/api/product/getAll', browser],
      ['old clients: brand reviews without page', '/api/BrandRating/getBrandRatings', admin],
    ];
    const results: Measure[] = [];
    for (const [label, pathname, headers, memory] of cases) {
      const m = await measure(pid, base, label, pathname, headers, memory);
      results.push(m);
      console.log(
        `${label}: ${m.status}, first byte ${m.firstByteMs.toFixed(0)} ms, ${m.totalMs.toFixed(0)} ms, CPU ${m.cpuMs.toFixed(0)} ms, ${mb(m.bytes)}${m.rss ? `, RSS ${m.rss}` : ''}`,
      );
    }
    const kind = postgresUrl ? 'PostgreSQL' : 'SQLite';
    const lines = [
      `${kind}, ${ORDERS} orders, ${PRODUCTS} products; ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? 'unknown'}), Node ${process.version}, ${new Date().toISOString()}. Each request once, cold, in this order.`,
      '',
      '| request | status | first byte (ms) | total (ms) | server CPU (ms) | size | anonymous RSS (exports) |',
      '| --- | ---: | ---: | ---: | ---: | ---: | --- |',
      ...results.map(
        (m) =>
          `| ${m.name} | ${m.status} | ${m.firstByteMs.toFixed(0)} | ${m.totalMs.toFixed(0)} | ${m.cpuMs.toFixed(0)} | ${mb(m.bytes)} | ${m.rss ?? ''} |`,
      ),
    ];
    const table = lines.join('\n');
    console.log(`\n${table}\n`);
    fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
    fs.writeFileSync(path.join(root, `bench/results/scale-${kind.toLowerCase()}-${ORDERS}.md`), `${table}\n`);
    if (results.some((m) => m.status >= 400)) process.exitCode = 1;
  } finally {
    await new Promise<void>((resolve) => {
      if (server.exitCode !== null) return resolve();
      server.once('exit', () => resolve());
      server.kill('SIGTERM');
    });
  }
}
