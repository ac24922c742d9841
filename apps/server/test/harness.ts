// Test harness: every test file gets its own fresh, migrated database — an in-memory SQLite by
// default, or its own schema in the PostgreSQL of TEST_DATABASE_URL when the suite runs with
// SHOP_TEST_DIALECT=postgres — and an app built on it, called through app.inject.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { loadConfig, type Config } from '../src/config.ts';
import { connect, type Db } from '../src/db/connect.ts';
import { migrate } from '../src/db/migrate.ts';
import { seed } from '../src/db/seed/seed.ts';
import { buildApp, type BuildOptions } from '../src/app.ts';
import type { App } from '../src/http/types.ts';

export const ADMIN_USERNAME = 'admin';
export const ADMIN_PASSWORD = 'test-password-123';

export interface TestContext {
  app: App;
  db: Db;
  config: Config;
  /** Bearer header of a signed-in admin. */
  adminHeaders: () => Promise<Record<string, string>>;
  close: () => Promise<void>;
}

export const GENEROUS_LIMITS = {
  RATE_LIMIT_ORDERS: '100000/1m',
  RATE_LIMIT_ORDERS_PER_PHONE: '100000/1m',
  RATE_LIMIT_COUPON_CHECKS: '100000/1m',
  RATE_LIMIT_RATINGS: '100000/1m',
  RATE_LIMIT_STOCK_CHECKS: '100000/1m',
  RATE_LIMIT_TRACKING: '100000/1m',
  RATE_LIMIT_CHECKOUT_DRAFTS: '100000/1m',
  MAX_QUANTITY_PER_LINE: '1000',
  MAX_LINES_PER_ORDER: '100',
};

export const testDialect = process.env.SHOP_TEST_DIALECT === 'postgres' ? 'postgres' : 'sqlite';

export interface TestOptions {
  seedDemo?: boolean;
  env?: Record<string, string>;
  /** A file-backed SQLite (needed when several connections must see one database). */
  sqliteFile?: boolean;
  /** Sees every route as it is registered (the route-table tests). */
  onRoute?: BuildOptions['onRoute'];
  /** The app's clock (ms), which decides the wilayas in force; a test moves it instead of waiting. */
  clock?: () => number;
}

/** The PostgreSQL server of the tests (TEST_DATABASE_URL). */
export function testDatabaseUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('SHOP_TEST_DIALECT=postgres needs TEST_DATABASE_URL');
  return url;
}

/** Runs one statement on the tests' PostgreSQL server, on a connection of its own. */
async function onTestServer(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: testDatabaseUrl() });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A new, empty schema of the tests' PostgreSQL database, so that tests running at once do not meet. */
async function createSchema(): Promise<string> {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  await onTestServer(`create schema ${schema}`);
  return schema;
}

async function dropSchema(schema: string): Promise<void> {
  await onTestServer(`drop schema ${schema} cascade`);
}

/**
 * A database without the app around it (SQLite in memory, or a schema of its own on PostgreSQL),
 * migrated up to `upTo`, or fully. For a migration's test, that of an older release: the test
 * inserts what that release could hold, then runs the rest with `migrate(db)`.
 */
export async function migratedDatabase(upTo?: string): Promise<{ db: Db; close: () => Promise<void> }> {
  const schema = testDialect === 'postgres' ? await createSchema() : undefined;
  const db = schema
    ? connect({ kind: 'postgres', url: testDatabaseUrl() }, { searchPath: schema })
    : connect({ kind: 'sqlite', file: ':memory:' });
  await migrate(db, upTo);
  return {
    db,
    close: async () => {
      await db.close();
      if (schema) await dropSchema(schema);
    },
  };
}

export async function createTestContext(options: TestOptions = {}): Promise<TestContext> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-test-'));
  let schema: string | undefined;
  let databaseUrl: string;
  if (testDialect === 'postgres') {
    schema = await createSchema();
    databaseUrl = testDatabaseUrl();
  } else {
    databaseUrl = options.sqliteFile ? `sqlite:${path.join(tmp, 'shop.db')}` : 'sqlite::memory:';
  }
  const config = loadConfig({
    DATABASE_URL: databaseUrl,
    DATA_DIR: tmp,
    UPLOADS_DIR: path.join(tmp, 'uploads'),
    // Each test's uploads wait in its own folder: a test that counts them meets no other file's.
    UPLOAD_TEMP_DIR: tmp,
    WEB_DIST_DIR: path.join(tmp, 'no-web'),
    ADMIN_USERNAME,
    ADMIN_PASSWORD,
    SEED_DEMO: options.seedDemo ? 'true' : 'false',
    LOG_LEVEL: 'silent',
    // Passwords hashed at scrypt's lowest cost (N=2^10, not OWASP's 2^17: about 1 ms instead of
    // several hundred per hash and sign-in, over hundreds of apps); allowed only with NODE_ENV=test.
    // passwords.test.ts signs in at the real cost.
    NODE_ENV: 'test',
    PASSWORD_HASH_COST: '10',
    // Every test calls from one address: the per-client limits and an order's size are set out of
    // the way here; rate-limits.test.ts sets its own.
    ...GENEROUS_LIMITS,
    // The 58 wilayas whatever the day the suite runs; the tests of the 69 set GEO_DIVISION and a clock.
    GEO_DIVISION: 'wilayas-2019',
    ...options.env,
  });
  const db = connect(config.database, schema ? { searchPath: schema } : {});
  await migrate(db);
  await seed(db, config);
  const app = await buildApp({
    config,
    db,
    logger: false,
    ...(options.onRoute ? { onRoute: options.onRoute } : {}),
    ...(options.clock ? { clock: options.clock } : {}),
  });
  await app.ready();

  let token: string | undefined;
  return {
    app,
    db,
    config,
    async adminHeaders() {
      if (!token) {
        const res = await app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { username: ADMIN_USERNAME, password: ADMIN_PASSWORD },
        });
        token = res.json<{ data: { token: string } }>().data.token;
      }
      return { authorization: `Bearer ${token}` };
    },
    async close() {
      await app.close();
      await db.close();
      if (schema) await dropSchema(schema);
      fs.rmSync(tmp, { recursive: true, force: true });
    },
  };
}
