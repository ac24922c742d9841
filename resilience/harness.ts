// Resilience harness: real server processes (node apps/server/src/server.ts) on a SQLite file or
// on a fresh PostgreSQL database of their own, driven over HTTP like a browser would.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { freePort, waitFor } from '../scripts/processes.ts';

export const ROOT = path.resolve(import.meta.dirname, '..');
export const ADMIN_USERNAME = 'admin';
export const ADMIN_PASSWORD = 'resilience-password-123';
export const PG_URL = process.env.TEST_DATABASE_URL;

export function tempDir(prefix = 'shop-res-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

export interface PgDatabase {
  name: string;
  url: string;
  drop: () => Promise<void>;
}

/** `create database shop_res_<random>` on the server of TEST_DATABASE_URL; drop() removes it. */
export async function createPgDatabase(): Promise<PgDatabase> {
  if (!PG_URL) throw new Error('TEST_DATABASE_URL is not set');
  const name = `shop_res_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: PG_URL });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

export interface ServerProcess {
  baseUrl: string;
  child: ChildProcess;
  output: () => string;
  /**
   * Resolves once the server's output holds `pattern`: a log line is written beside the answer it
   * goes with, and may reach this process after the answer does.
   */
  said: (pattern: RegExp) => Promise<void>;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  kill: (signal: NodeJS.Signals) => Promise<number | null>;
}

/** Starts the real server without waiting for it (its start can be watched, or cut short). */
export async function spawnServer(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['apps/server/src/server.ts'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      ADMIN_USERNAME,
      ADMIN_PASSWORD,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: path.join(ROOT, 'apps/web/dist'),
      // Load from one address: the per-client limits are lifted (they have their own tests).
      RATE_LIMIT_ORDERS: '1000000/1m',
      RATE_LIMIT_ORDERS_PER_PHONE: '1000000/1m',
      RATE_LIMIT_COUPON_CHECKS: '1000000/1m',
      RATE_LIMIT_STOCK_CHECKS: '1000000/1m',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const listeners = new Set<() => void>();
  const take = (d: Buffer) => {
    output += d.toString();
    for (const listener of listeners) listener();
  };
  child.stdout?.on('data', take);
  child.stderr?.on('data', take);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    child,
    output: () => output,
    said: (pattern) =>
      new Promise<void>((resolve, reject) => {
        const check = () => {
          if (!pattern.test(output)) return;
          listeners.delete(check);
          resolve();
        };
        listeners.add(check);
        check();
        void exited.then(() => {
          if (!listeners.has(check)) return;
          listeners.delete(check);
          reject(new Error(`the server exited without saying ${String(pattern)}:\n${output}`));
        });
      }),
    exited,
    async kill(signal) {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/** Starts the real server and waits until it answers. `env` must name the database. */
export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const server = await spawnServer(env);
  try {
    await waitFor(`${server.baseUrl}/api/settings`, server.child, 30_000, server.output);
  } catch (error) {
    server.child.kill('SIGKILL');
    throw error;
  }
  return server;
}

// ---------------------------------------------------------------- API calls

interface Envelope<T> {
  status: number;
  message: string;
  data: T;
}

export async function api<T = unknown>(
  baseUrl: string,
  method: string,
  url: string,
  options: { token?: string; json?: unknown; form?: FormData } = {},
): Promise<{ status: number; body: Envelope<T> }> {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | FormData | undefined;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.form) body = options.form;
  const res = await fetch(`${baseUrl}${url}`, { method, headers, ...(body !== undefined ? { body } : {}) });
  const text = await res.text();
  return { status: res.status, body: JSON.parse(text) as Envelope<T> };
}

export async function login(baseUrl: string): Promise<string> {
  const res = await api<{ token: string }>(baseUrl, 'POST', '/api/auth/login', {
    json: { username: ADMIN_USERNAME, password: ADMIN_PASSWORD },
  });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${res.body.message}`);
  return res.body.data.token;
}

/** Creates a product type and a product through the admin API; returns the product id. */
export async function createProduct(
  baseUrl: string,
  token: string,
  product: { name: string; price: number; sizes?: Record<string, number>; stock?: number },
): Promise<number> {
  const type = await api<{ id: number }>(baseUrl, 'POST', '/api/ProductType/', {
    token,
    json: { name: `Type ${randomBytes(3).toString('hex')}`, description: 'resilience', for_custom: false },
  });
  if (type.status !== 201) throw new Error(`type: ${type.status} ${type.body.message}`);
  const form = new FormData();
  form.set('name', product.name);
  form.set('description', 'resilience test product');
  form.set('price', String(product.price));
  form.set('type_id', String(type.body.data.id));
  if (product.stock !== undefined) form.set('stock', String(product.stock));
  for (const [size, n] of Object.entries(product.sizes ?? {})) form.set(`size_${size.toLowerCase()}`, String(n));
  const res = await api<{ id: number }>(baseUrl, 'POST', '/api/product', { token, form });
  if (res.status !== 201) throw new Error(`product: ${res.status} ${res.body.message}`);
  return res.body.data.id;
}

export async function createCoupon(baseUrl: string, token: string, code: string, maxUses: number): Promise<void> {
  const expiry = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  const res = await api(baseUrl, 'POST', '/api/coupon/', {
    token,
    json: { code, discount_percentage: 10, max_uses: maxUses, expiry_date: expiry, is_active: true },
  });
  if (res.status !== 201) throw new Error(`coupon: ${res.status} ${res.body.message}`);
}

/** Shipping to an unknown wilaya costs the default 500 Da, so the client's figures are known. */
export const SHIPPING_FEE = 500;

export interface OrderLine {
  product_id: number;
  size?: string;
  quantity: number;
}

export function orderPayload(lines: OrderLine[], unitPrice: number, couponCode?: string, phone = '0550000001') {
  return {
    customer_name: 'Client Résilience',
    customer_phone: phone,
    customer_address: 'Blida | 1 rue du Test',
    customer_postal_code: '16000',
    subtotal: lines.reduce((sum, l) => sum + l.quantity * unitPrice, 0),
    shipping_fee: SHIPPING_FEE,
    ...(couponCode ? { coupon_code: couponCode } : {}),
    items: lines,
  };
}

export function placeOrder(baseUrl: string, lines: OrderLine[], unitPrice: number, couponCode?: string) {
  return api<{ order_id: number }>(baseUrl, 'POST', '/api/order', {
    json: orderPayload(lines, unitPrice, couponCode),
  });
}

// ---------------------------------------------------------------- direct database reads

export type Target = { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };

/** Runs one read-only SQL statement (no parameters) on the target database. */
export async function query<T>(target: Target, text: string): Promise<T[]> {
  if (target.kind === 'sqlite') {
    const db = new SQLite(target.file, { readonly: true });
    try {
      return db.prepare(text).all() as T[];
    } finally {
      db.close();
    }
  }
  const client = new pg.Client({ connectionString: target.url });
  await client.connect();
  try {
    return (await client.query(text)).rows as T[];
  } finally {
    await client.end();
  }
}

/** The DATABASE_URL of a target. */
export function databaseUrl(target: Target): string {
  return target.kind === 'sqlite' ? `sqlite:${target.file}` : target.url;
}

export interface Dialect {
  name: 'sqlite' | 'postgres';
  /** A fresh database and data folder; cleanup() removes both. */
  create: () => Promise<{ target: Target; dataDir: string; cleanup: () => Promise<void> }>;
}

export const DIALECTS: Dialect[] = [
  {
    name: 'sqlite',
    create() {
      const dataDir = tempDir();
      const target: Target = { kind: 'sqlite', file: path.join(dataDir, 'shop.db') };
      return Promise.resolve({
        target,
        dataDir,
        cleanup: () => Promise.resolve(fs.rmSync(dataDir, { recursive: true, force: true })),
      });
    },
  },
  ...(PG_URL
    ? [
        {
          name: 'postgres' as const,
          async create() {
            const dataDir = tempDir();
            const database = await createPgDatabase();
            const target: Target = { kind: 'postgres', url: database.url };
            return {
              target,
              dataDir,
              async cleanup() {
                await database.drop();
                fs.rmSync(dataDir, { recursive: true, force: true });
              },
            };
          },
        },
      ]
    : []),
];
