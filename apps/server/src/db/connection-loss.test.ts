// PostgreSQL connections ended under the pool (a restart, a failover, a pooler reloading, a DBA's
// pg_terminate_backend) and a database out of reach: the process lives on and says so in its log,
// callers get a 503 in their language while the database cannot be reached, /readyz tells the
// truth, and the next requests work once it is back. SQLite has no connection to lose.
import pg from 'pg';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestContext, testDialect, type TestContext } from '../../test/harness.ts';
import { firstWilaya, insertProduct } from '../../test/fixtures.ts';
import { startTcpProxy, type TcpProxy } from '../../test/tcp-proxy.ts';
import { loggedApp, type LoggedApp } from '../../test/logged-app.ts';

const PG_URL = process.env.TEST_DATABASE_URL ?? '';

/** Ends these backends from a connection of the test's own, as a DBA would. */
async function terminate(pids: number[]): Promise<void> {
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  try {
    await admin.query('select pg_terminate_backend(pid) from unnest($1::int[]) as pid', [pids]);
  } finally {
    await admin.end();
  }
}

/** The backend ids of `n` connections the app's pool holds open at once. */
async function pooledBackends(t: TestContext, n: number): Promise<number[]> {
  const rows = await Promise.all(
    Array.from({ length: n }, () =>
      sql<{ pid: number }>`select pg_backend_pid() as pid, pg_sleep(0.05)`.execute(t.db.kysely),
    ),
  );
  return [...new Set(rows.map((r) => Number(r.rows[0]?.pid)))];
}

async function orderPayload(t: TestContext, productId: number) {
  const wilaya = await firstWilaya(t.db.kysely);
  return {
    customer_name: 'Client Panne',
    customer_phone: '0550123456',
    customer_address: `${wilaya.name} | 3 rue du Réseau`,
    customer_postal_code: '16000',
    subtotal: 800,
    shipping_fee: wilaya.price,
    items: [{ product_id: productId, quantity: 1 }],
  };
}

describe.skipIf(testDialect !== 'postgres')('PostgreSQL connections ended under the pool', () => {
  let t: TestContext;
  let logged: LoggedApp;
  beforeAll(async () => {
    t = await createTestContext();
    logged = await loggedApp(t);
  });
  afterAll(async () => {
    await logged?.app.close();
    await t?.close();
  });

  const losses = () => logged.lines.filter((l) => l.msg.startsWith('database connection lost'));

  it('idle connections ended by the server: each loss is logged (code, no secret), the process goes on, the next order is placed', async () => {
    const productId = await insertProduct(t.db.kysely, { price: 800, stock: 5 });
    const pids = await pooledBackends(t, 4);
    expect(pids.length).toBeGreaterThan(1);
    const before = losses().length;
    await terminate(pids);
    await vi.waitFor(() => expect(losses().length - before).toBe(pids.length), { timeout: 10_000 });
    for (const loss of losses().slice(before)) {
      expect(loss.level).toBe(40);
      expect(loss.code).toBe('57P01');
      expect(loss.message).toMatch(/terminating connection due to administrator command/);
    }
    // The client object (its connection parameters, a password if any) never reaches the log.
    expect(logged.raw()).not.toMatch(/connectionParameters|connectionString|password/i);

    const res = await logged.app.inject({
      method: 'POST',
      url: '/api/order',
      payload: await orderPayload(t, productId),
    });
    expect(res.statusCode).toBe(201);
    expect((await logged.app.inject({ url: '/readyz' })).statusCode).toBe(200);
  });

  it('a connection ended in the middle of a transaction: that transaction fails, the process goes on', async () => {
    const productId = await insertProduct(t.db.kysely, { price: 800, stock: 5 });
    const before = losses().length;
    const failed = t.db.kysely.transaction().execute(async (trx) => {
      const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
      await terminate([Number(rows[0]?.pid)]);
      // The client is lent to this transaction, not idle in the pool, when its server goes.
      await vi.waitFor(() => expect(losses().length).toBeGreaterThan(before), { timeout: 10_000 });
      await trx.updateTable('products').set({ stock: 0 }).where('id', '=', productId).execute();
    });
    await expect(failed).rejects.toThrow(/not queryable/);
    expect(
      losses()
        .slice(before)
        .map((l) => l.code),
    ).toEqual(['57P01']);

    const res = await logged.app.inject({
      method: 'POST',
      url: '/api/order',
      payload: await orderPayload(t, productId),
    });
    expect(res.statusCode).toBe(201);
    const product = await t.db.kysely
      .selectFrom('products')
      .select('stock')
      .where('id', '=', productId)
      .executeTakeFirstOrThrow();
    expect(product.stock).toBe(4);
  });
});

describe.skipIf(testDialect !== 'postgres')('the database out of reach', () => {
  let proxy: TcpProxy;
  let t: TestContext;
  let logged: LoggedApp;
  beforeAll(async () => {
    const url = new URL(PG_URL);
    proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
    url.host = `127.0.0.1:${proxy.port}`;
    t = await createTestContext({ env: { DATABASE_URL: url.toString() } });
    logged = await loggedApp(t);
  });
  afterAll(async () => {
    await proxy?.restore();
    await logged?.app.close();
    await t?.close();
    await proxy?.close();
  });

  it('answers 503 in the caller’s language (French, Arabic, English for the owner), /readyz fails, and all works again once it is back', async () => {
    const productId = await insertProduct(t.db.kysely, { price: 800, stock: 5 });
    const payload = await orderPayload(t, productId);
    const admin = await t.adminHeaders();
    await proxy.cut();

    const french = await logged.app.inject({ method: 'POST', url: '/api/order', payload });
    expect(french.statusCode).toBe(503);
    expect(french.json()).toEqual({
      status: 503,
      message: 'Service momentanément indisponible, veuillez réessayer dans quelques instants',
      data: null,
    });
    expect(french.headers['retry-after']).toBe('5');
    const arabic = await logged.app.inject({
      method: 'POST',
      url: '/api/order',
      payload,
      headers: { 'accept-language': 'ar-DZ,ar;q=0.9' },
    });
    expect(arabic.statusCode).toBe(503);
    expect(arabic.json<{ message: string }>().message).toBe('الخدمة غير متاحة مؤقتًا، يرجى المحاولة بعد لحظات');
    const owner = await logged.app.inject({ url: '/api/order/getAllOrders', headers: admin });
    expect(owner.statusCode).toBe(503);
    expect(owner.json<{ message: string }>().message).toBe('The database cannot be reached; try again in a moment');
    const ready = await logged.app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json<{ message: string }>().message).toBe('Database unreachable');
    // The log names the cause.
    expect(logged.lines.some((l) => /^database unreachable \(ECONNREFUSED\)/.test(l.msg))).toBe(true);
    expect(logged.lines.some((l) => l.msg === 'request failed')).toBe(false);

    await proxy.restore();
    expect((await logged.app.inject({ url: '/readyz' })).statusCode).toBe(200);
    expect((await logged.app.inject({ method: 'POST', url: '/api/order', payload })).statusCode).toBe(201);
    expect((await logged.app.inject({ url: '/api/order/getAllOrders', headers: admin })).statusCode).toBe(200);
  });
});
