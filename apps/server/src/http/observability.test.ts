// Health, readiness, request ids and metrics, through HTTP.
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { insertProduct } from '../../test/fixtures.ts';

const TOKEN = 'metrics-token-for-the-tests';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ env: { METRICS_TOKEN: TOKEN } });
});
afterAll(() => t.close());

describe('health and readiness', () => {
  it('answer without data, never cached', async () => {
    for (const url of ['/healthz', '/readyz']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.json<{ data: unknown }>().data).toBeNull();
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('is not ready while a migration has not run', async () => {
    const last = await t.db.kysely
      .withTables<{ kysely_migration: { name: string; timestamp: string } }>()
      .selectFrom('kysely_migration')
      .selectAll()
      .orderBy('name', 'desc')
      .executeTakeFirstOrThrow();
    await t.db.kysely
      .withTables<{ kysely_migration: { name: string } }>()
      .deleteFrom('kysely_migration')
      .where('name', '=', last.name)
      .execute();
    try {
      const res = await t.app.inject({ url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json<{ message: string }>().message).toBe('1 migration(s) not run yet');
    } finally {
      await t.db.kysely
        .withTables<{ kysely_migration: { name: string; timestamp: string } }>()
        .insertInto('kysely_migration')
        .values(last)
        .execute();
    }
    expect((await t.app.inject({ url: '/readyz' })).statusCode).toBe(200);
  });
});

describe('request ids', () => {
  it('keep a proxy x-request-id, make one otherwise, send it back, cached answers too', async () => {
    const kept = await t.app.inject({ url: '/api/product/getLatest', headers: { 'x-request-id': 'edge-42:a' } });
    expect(kept.headers['x-request-id']).toBe('edge-42:a');
    const again = await t.app.inject({ url: '/api/product/getLatest', headers: { 'x-request-id': 'edge-43' } });
    expect(again.headers['x-request-id']).toBe('edge-43');
    const made = await t.app.inject({ url: '/api/product/getLatest', headers: { 'x-request-id': 'bad id\n' } });
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('are on every log line of the request', async () => {
    const lines: { reqId?: string; msg?: string }[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as never);
        done();
      },
    });
    const app = await buildApp({ config: t.config, db: t.db, logger: { level: 'info', stream: sink } });
    try {
      await app.inject({ url: '/api/product/get/999999', headers: { 'x-request-id': 'trace-7' } });
      const ours = lines.filter((l) => l.reqId === 'trace-7');
      expect(ours.map((l) => l.msg)).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
    } finally {
      await app.close();
    }
  });
});

describe('metrics', () => {
  it('need the bearer token, and count requests per route, orders and the cache', async () => {
    expect((await t.app.inject({ url: '/metrics' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/metrics', headers: { authorization: 'Bearer wrong' } })).statusCode).toBe(401);

    const soap = await insertProduct(t.db.kysely, { name: 'Savon métrique', price: 300, stock: 1 });
    const wilaya = await t.db.kysely
      .selectFrom('shipping_prices')
      .select(['wilaya_name', 'price_cents'])
      .executeTakeFirstOrThrow();
    const order = (quantity: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/order',
        payload: {
          customer_name: 'Client',
          customer_phone: '0661000111',
          customer_address: `${wilaya.wilaya_name} | rue`,
          customer_postal_code: '16000',
          subtotal: 300 * quantity,
          shipping_fee: wilaya.price_cents / 100,
          items: [{ product_id: soap, quantity }],
        },
      });
    expect((await order(1)).statusCode).toBe(201);
    expect((await order(1)).statusCode).toBe(409);
    await t.app.inject({ url: `/api/product/get/${soap}` });
    await t.app.inject({ url: `/api/product/get/${soap}` });

    const res = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toMatch(
      /shop_http_request_duration_seconds_count\{method="GET",route="\/api\/product\/get\/:id",status="200"\} [1-9]/,
    );
    expect(res.body).toMatch(/shop_orders_placed_total 1\b/);
    expect(res.body).toMatch(/shop_orders_refused_total\{reason="stock"\} 1\b/);
    expect(res.body).toMatch(/shop_catalogue_cache_lookups_total\{result="hit"\} [1-9]/);
    expect(res.body).toMatch(/shop_catalogue_cache_lookups_total\{result="miss"\} [1-9]/);
  });

  it("count a refusal by what was refused, whatever the answer's language", async () => {
    const shop = await createTestContext({ env: { METRICS_TOKEN: TOKEN } });
    try {
      const soap = await insertProduct(shop.db.kysely, { name: 'Savon compté', price: 300, stock: 1 });
      const wilaya = await shop.db.kysely
        .selectFrom('shipping_prices')
        .select(['wilaya_name', 'price_cents'])
        .executeTakeFirstOrThrow();
      const order = (quantity: number, subtotal: number, language: 'fr' | 'ar') =>
        shop.app.inject({
          method: 'POST',
          url: '/api/order',
          headers: { 'accept-language': language === 'ar' ? 'ar-DZ,ar;q=0.9' : 'fr-FR' },
          payload: {
            customer_name: 'Client',
            customer_phone: '0661000111',
            customer_address: `${wilaya.wilaya_name} | rue`,
            customer_postal_code: '16000',
            subtotal,
            shipping_fee: wilaya.price_cents / 100,
            items: [{ product_id: soap, quantity }],
          },
        });
      const refusals = [
        await order(5, 1500, 'fr'),
        await order(5, 1500, 'ar'),
        await order(1, 299, 'fr'),
        await order(1, 299, 'ar'),
      ];
      expect(refusals.map((r) => r.statusCode)).toEqual([409, 409, 409, 409]);
      // The Arabic answers really are in Arabic: their text cannot tell the two refusals apart.
      expect(refusals[1]!.json<{ message: string }>().message).toMatch(/[\u0600-\u06FF]/);
      expect(refusals[3]!.json<{ message: string }>().message).toMatch(/[\u0600-\u06FF]/);

      const res = await shop.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.body).toMatch(/shop_orders_refused_total\{reason="stock"\} 2\b/);
      expect(res.body).toMatch(/shop_orders_refused_total\{reason="prices_changed"\} 2\b/);
    } finally {
      await shop.close();
    }
  });

  it("show the process's own figures, in every app of one process", async () => {
    const second = await createTestContext({ env: { METRICS_TOKEN: TOKEN } });
    try {
      for (const shop of [t, second]) {
        const res = await shop.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
        expect(res.statusCode).toBe(200);
        for (const name of [
          'process_cpu_user_seconds_total',
          'process_resident_memory_bytes',
          'process_start_time_seconds',
          'nodejs_eventloop_lag_p99_seconds',
          'nodejs_heap_size_used_bytes',
        ]) {
          expect(res.body).toMatch(new RegExp(`^${name}(\\{[^}]*\\})? \\d`, 'm'));
        }
        // The app's own figures are still there beside them.
        expect(res.body).toContain('# TYPE shop_orders_placed_total counter');
      }
    } finally {
      await second.close();
    }
  });

  it('do not exist without METRICS_TOKEN', async () => {
    const bare = await createTestContext();
    try {
      expect((await bare.app.inject({ url: '/metrics' })).statusCode).toBe(404);
    } finally {
      await bare.close();
    }
  });
});
