// The courier status sync with two server processes on one database: two apps built on
// the same SQLite file or PostgreSQL schema, each with its own schedule, against one local
// Yalidine. One sync runs at a time and once per interval, whichever process ticks; a process
// that died holding the lease holds it only until the lease runs out.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CourierSendResult } from '@shop/domain/courier';
import { buildApp } from '../../app.ts';
import { connect, type Db } from '../../db/connect.ts';
import { takeLease } from '../../db/job-lease.ts';
import type { App } from '../../http/types.ts';
import { createTestContext, testDialect, type TestContext } from '../../../test/harness.ts';
import { insertProduct } from '../../../test/fixtures.ts';
import { fakeYalidineEnv, startFakeYalidine, type FakeYalidine } from '../../../test/fake-yalidine.ts';
import type { Courier } from './courier.ts';
import { runCourierSync, syncJobOf } from './courier-sync.ts';

/** The schedule of both processes: every 1.2 s. */
const SYNC_MINUTES = 0.02;
let fake: FakeYalidine;
let a: TestContext;
let bDb: Db;
let b: App;
let trackings: string[] = [];
/** The environment's account, as each process reaches it. */
let viaA: { accountId: number; courier: Courier };
let viaB: { accountId: number; courier: Courier };
let SYNC_JOB = '';

beforeAll(async () => {
  fake = await startFakeYalidine();
  a = await createTestContext({
    sqliteFile: true,
    env: fakeYalidineEnv(fake),
  });
  // The second process: its own connection to the same database, its own app.
  bDb = sameDatabase();
  b = await buildApp({ config: a.config, db: bDb, logger: false });
  await b.ready();

  const admin = await a.adminHeaders();
  const product = await insertProduct(a.db.kysely, { name: 'Savon', price: 450, stock: 100 });
  const fee = (
    await a.db.kysely
      .selectFrom('shipping_prices')
      .select('price_cents')
      .where('wilaya_name', '=', 'Oran')
      .executeTakeFirstOrThrow()
  ).price_cents;
  const ids: number[] = [];
  for (let i = 0; i < 3; i++) {
    const placed = await a.app.inject({
      method: 'POST',
      url: '/api/order',
      payload: {
        customer_name: 'Yasmine Haddad',
        customer_phone: `055000000${i}`,
        customer_address: 'Oran | 3 rue Khemisti',
        customer_postal_code: '31000',
        subtotal: 450,
        shipping_fee: fee / 100,
        items: [{ product_id: product, quantity: 1, size: '' }],
      },
    });
    const id = placed.json<{ data: { order_id: number } }>().data.order_id;
    await a.app.inject({
      method: 'PUT',
      url: `/api/order/updateOrderStatus/${id}`,
      headers: admin,
      payload: { status: 'approved' },
    });
    ids.push(id);
  }
  const sent = await a.app.inject({
    method: 'POST',
    url: '/api/courier/send',
    headers: admin,
    payload: { orderIds: ids },
  });
  trackings = sent.json<{ data: CourierSendResult }>().data.results.map((r) => r.tracking_number ?? '');
  const accountId = (await a.app.couriers.envAccountId())!;
  viaA = { accountId, courier: a.app.courier! };
  viaB = { accountId, courier: b.courier! };
  SYNC_JOB = syncJobOf(accountId);
  expect(trackings.every((tr) => tr.startsWith('yal-'))).toBe(true);
});
afterAll(async () => {
  await b.close();
  await bDb.close();
  await a.close();
  await fake.close();
});
beforeEach(() => {
  fake.delayMs = 0;
});

/** Another connection to the test's database, as another process has. */
function sameDatabase(): Db {
  return connect(a.config.database, testDialect === 'postgres' && a.db.schema ? { searchPath: a.db.schema } : {});
}

/** The status asks the fake answered, that is, parcels looked at by syncs. */
const statusCalls = () => fake.calls.filter((c) => c.method === 'GET' && /^\/v1\/parcels\/yal-/.test(c.path)).length;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const lease = (db: Db) =>
  db.kysely.selectFrom('job_leases').selectAll().where('name', '=', SYNC_JOB).executeTakeFirst();

describe('the courier sync with two processes on one database', () => {
  it('their schedules tick together: one sync runs, not two', async () => {
    // Two more processes with a schedule (every 1.2 s), started together; each parcel answers
    // slowly, so the runs would overlap.
    const config = { ...a.config, courier: { ...a.config.courier, syncMinutes: SYNC_MINUTES } };
    const processes = [] as { db: Db; app: App }[];
    for (let i = 0; i < 2; i++) {
      const db = sameDatabase();
      const app = await buildApp({ config, db, logger: false });
      processes.push({ db, app });
    }
    fake.delayMs = 100;
    const before = statusCalls();
    await Promise.all(processes.map((p) => p.app.ready()));
    await sleep(SYNC_MINUTES * 60_000 + 900);
    for (const p of processes) {
      await p.app.close();
      await p.db.close();
    }
    expect(statusCalls() - before).toBe(trackings.length);
    // The run released its lease and noted when it started.
    const row = await lease(a.db);
    expect(row?.expires_at && row.expires_at <= new Date().toISOString()).toBe(true);
    expect(row?.last_started_at).toBeTruthy();
  });

  it('two runs started at once: one syncs, the other is refused; the manual call says so (409)', async () => {
    fake.delayMs = 150;
    const before = statusCalls();
    const [fromA, fromB] = await Promise.all([
      runCourierSync(a.db.kysely, viaA, { holder: 'process-a' }),
      runCourierSync(bDb.kysely, viaB, { holder: 'process-b' }),
    ]);
    expect([fromA, fromB].filter((r) => r !== null)).toHaveLength(1);
    expect(statusCalls() - before).toBe(trackings.length);

    const running = runCourierSync(a.db.kysely, viaA, { holder: 'process-a' });
    await sleep(50);
    const admin = await a.adminHeaders();
    const manual = await b.inject({ method: 'POST', url: '/api/courier/sync', headers: admin });
    expect(manual.statusCode).toBe(409);
    expect(manual.json<{ message: string }>().message).toMatch(/already running/);
    expect((await running)?.checked).toBe(trackings.length);
    // Once it is over, the other process syncs at once when asked.
    fake.delayMs = 0;
    const after = await b.inject({ method: 'POST', url: '/api/courier/sync', headers: admin });
    expect(after.statusCode, after.body).toBe(200);
  });

  it('a scheduled run is skipped when another process ran one less than an interval ago', async () => {
    const intervalMs = 60_000;
    expect(await runCourierSync(a.db.kysely, viaA, { holder: 'process-a' })).not.toBeNull();
    expect(await runCourierSync(bDb.kysely, viaB, { holder: 'process-b', intervalMs })).toBeNull();
    expect(await runCourierSync(a.db.kysely, viaA, { holder: 'process-a', intervalMs })).toBeNull();
    // An interval later it runs again.
    expect(await runCourierSync(bDb.kysely, viaB, { holder: 'process-b', intervalMs: 1 })).not.toBeNull();
  });

  it('a process that died holding the lease keeps the job only until its lease runs out', async () => {
    // The dead process took the lease for 300 ms and never released it.
    expect(await takeLease(a.db.kysely, SYNC_JOB, 'dead-process', 300)).toBe(true);
    expect(await runCourierSync(bDb.kysely, viaB, { holder: 'process-b' })).toBeNull();
    await sleep(350);
    const result = await runCourierSync(bDb.kysely, viaB, { holder: 'process-b' });
    expect(result?.checked).toBe(trackings.length);
    expect((await lease(bDb))?.holder).toBe('process-b');
  });
});
