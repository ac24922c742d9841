import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { buildApp } from '../app.ts';
import { connect } from '../db/connect.ts';
import { createTestContext, testDialect, type TestContext } from '../../test/harness.ts';
import { insertProduct } from '../../test/fixtures.ts';
import { createResponseCache } from './cache.ts';

describe('catalogue response cache', () => {
  let t: TestContext;
  let admin: Record<string, string>;

  beforeAll(async () => {
    t = await createTestContext();
    admin = await t.adminHeaders();
  });
  afterAll(async () => {
    await t.close();
  });

  it('shows an admin change on the next public read', async () => {
    const id = await insertProduct(t.db.kysely, { name: 'Cached shirt', price: 1000 });
    const read = async () =>
      (await t.app.inject({ url: `/api/product/get/${id}` })).json<{ data: { final_price: number; name: string } }>()
        .data;
    const list = async () =>
      (await t.app.inject({ url: '/api/product/getAll?page=1&limit=16' })).json<{
        data: { data: { id: number; final_price: number }[] };
      }>().data.data;
    expect((await read()).final_price).toBe(1000);
    expect((await list()).find((p) => p.id === id)?.final_price).toBe(1000);

    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/product/updateDiscount/${id}`,
      headers: admin,
      payload: { discount_percentage: 50 },
    });
    expect(res.statusCode).toBe(200);
    expect((await read()).final_price).toBe(500);
    expect((await list()).find((p) => p.id === id)?.final_price).toBe(500);

    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/product/delete/${id}`, headers: admin });
    expect(deleted.statusCode).toBe(200);
    expect((await t.app.inject({ url: `/api/product/get/${id}` })).statusCode).toBe(404);
  });

  it('is kept through refused requests and reads sent as POST; a successful write empties it', async () => {
    const id = await insertProduct(t.db.kysely, { name: 'Kept shirt', price: 1000, stock: 5 });
    const name = async () =>
      (await t.app.inject({ url: `/api/product/get/${id}` })).json<{ data: { name: string } }>().data.name;
    expect(await name()).toBe('Kept shirt');
    // Changed behind the server's back (no catalogue version bump): only an invalidation shows it.
    await t.db.kysely.updateTable('products').set({ name: 'Renamed shirt' }).where('id', '=', id).execute();
    const refused = [
      await t.app.inject({ method: 'POST', url: '/api/order', payload: { items: [] } }),
      await t.app.inject({
        method: 'POST',
        url: '/api/order',
        payload: '{"broken',
        headers: { 'content-type': 'application/json' },
      }),
      await t.app.inject({ method: 'POST', url: '/api/BrandRating/create', payload: {} }),
      await t.app.inject({
        method: 'POST',
        url: '/api/product/checkStock',
        payload: { items: [{ product_id: id, size: '', quantity: 1 }] },
      }),
    ];
    expect(refused.map((r) => r.statusCode)).toEqual([400, 400, 400, 200]);
    expect(await name()).toBe('Kept shirt');
    const write = await t.app.inject({
      method: 'PUT',
      url: `/api/product/updateDiscount/${id}`,
      headers: admin,
      payload: { discount_percentage: 5 },
    });
    expect(write.statusCode).toBe(200);
    expect(await name()).toBe('Renamed shirt');
  });

  it('an order drops the answers showing its products and keeps the others', async () => {
    const sold = await insertProduct(t.db.kysely, { name: 'Sold shirt', price: 1000, stock: 5 });
    const other = await insertProduct(t.db.kysely, { name: 'Other shirt', price: 1000, stock: 5 });
    const page = async (id: number) =>
      (await t.app.inject({ url: `/api/product/get/${id}` })).json<{ data: { name: string; stock: number } }>().data;
    expect((await page(sold)).stock).toBe(5);
    expect((await page(other)).name).toBe('Other shirt');
    // Changed behind the server's back: still served from the cache unless an order drops it.
    await t.db.kysely.updateTable('products').set({ name: 'Renamed other' }).where('id', '=', other).execute();
    const wilaya = await t.db.kysely
      .selectFrom('shipping_prices')
      .select(['wilaya_name', 'price_cents'])
      .executeTakeFirstOrThrow();
    const order = await t.app.inject({
      method: 'POST',
      url: '/api/order',
      payload: {
        customer_name: 'Amina',
        customer_phone: '0555123456',
        customer_address: `${wilaya.wilaya_name} | ici`,
        customer_postal_code: '16000',
        subtotal: 2000,
        shipping_fee: wilaya.price_cents / 100,
        items: [{ product_id: sold, quantity: 2 }],
      },
    });
    expect(order.statusCode).toBe(201);
    expect((await page(sold)).stock).toBe(3);
    expect((await page(other)).name).toBe('Other shirt');
  });

  it('compresses cached answers for clients that accept it, once per answer', async () => {
    for (let i = 0; i < 20; i++) await insertProduct(t.db.kysely, { name: `Compressed ${i}`, price: 1000 + i });
    const url = '/api/product/getAll?page=1&limit=16';
    const plain = await t.app.inject({ url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('accept-encoding');
    const br = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gzip = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    // A tiny answer goes as it is.
    const small = await t.app.inject({ url: '/api/ProductType/getAll', headers: { 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('follows the weights of Accept-Encoding: q=0 refuses an encoding, the highest weight wins', async () => {
    for (let i = 0; i < 20; i++) await insertProduct(t.db.kysely, { name: `Weighed ${i}`, price: 1000 + i });
    const url = '/api/product/getAll?page=1&limit=16';
    const plain = (await t.app.inject({ url })).body;
    const cases: [string, string | undefined][] = [
      ['br;q=0, gzip', 'gzip'],
      ['br;q=0, *', 'gzip'],
      ['gzip;q=0.5, br;q=0.9', 'br'],
      ['br;q=0.5, gzip;q=0.9', 'gzip'],
      ['*;q=0', undefined],
      ['identity', undefined],
    ];
    for (const [accepted, expected] of cases) {
      const res = await t.app.inject({ url, headers: { 'accept-encoding': accepted } });
      expect({ accepted, encoding: res.headers['content-encoding'] }).toEqual({ accepted, encoding: expected });
      const body =
        expected === 'br'
          ? zlib.brotliDecompressSync(res.rawPayload)
          : expected === 'gzip'
            ? zlib.gunzipSync(res.rawPayload)
            : res.rawPayload;
      expect(body.toString()).toBe(plain);
    }
  });

  it('answers the same body from the cache with the JSON content type and the security headers', async () => {
    const first = await t.app.inject({ url: '/api/product/getLatest' });
    const second = await t.app.inject({ url: '/api/product/getLatest' });
    expect(second.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(second.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
    expect(second.headers['x-content-type-options']).toBe('nosniff');
    expect(second.body).toBe(first.body);
  });

  it('never keeps a refused query: it is refused again', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await t.app.inject({ url: '/api/product/getAll?page=0&limit=16' });
      expect(res.statusCode).toBe(400);
    }
  });
});

describe('createResponseCache', () => {
  function fakeReply() {
    const sent: string[] = [];
    const reply = {
      type: () => reply,
      header: () => reply,
      send: (body: string) => {
        sent.push(body);
        return reply;
      },
    };
    return { reply, sent };
  }

  /** A change log in memory and a clock the test moves. */
  function setup() {
    const log: { version: number; tags: string[] }[] = [];
    let latest = 0;
    let reads = 0;
    let clock = 1_000;
    const cache = createResponseCache(
      {
        latest: () => {
          reads++;
          return Promise.resolve(latest);
        },
        since: (version) => Promise.resolve(log.filter((c) => c.version > version)),
      },
      { ttlMs: 1000, gapTimeoutMs: 10_000, now: () => clock },
    );
    const computed: Record<string, number> = {};
    /** Serves `url`, whose answer shows `products`; returns how many times it was computed. */
    const serve = async (url: string, products: number[], tags: string[] = []) => {
      const { reply, sent } = fakeReply();
      await cache.serve(
        { url, headers: {} } as never,
        reply as never,
        () => {
          computed[url] = (computed[url] ?? 0) + 1;
          return Promise.resolve(computed[url]);
        },
        { products: () => products, tags },
      );
      return (JSON.parse(sent[0] ?? 'null') as { data: number }).data;
    };
    return {
      cache,
      serve,
      reads: () => reads,
      tick: (ms: number) => (clock += ms),
      /** Another process records a change (its row visible at once, unless `hidden`). */
      change(tags: string[], { hidden = false } = {}) {
        latest += 1;
        const row = { version: latest, tags };
        if (!hidden) log.push(row);
        return () => log.push(row);
      },
    };
  }

  it('reads the changes after its time to live and drops only the answers showing what changed', async () => {
    const c = setup();
    expect(await c.serve('/a', [1])).toBe(1);
    expect(await c.serve('/b', [2])).toBe(1);
    expect(await c.serve('/a', [1])).toBe(1);
    expect(c.reads()).toBe(1);

    // Another process sold product 1: seen once the time to live has passed, and only /a goes.
    c.change(['product:1', 'orders']);
    expect(await c.serve('/a', [1])).toBe(1);
    c.tick(1001);
    expect(await c.serve('/a', [1])).toBe(2);
    expect(await c.serve('/b', [2])).toBe(1);

    // An answer depending on a tag goes with it; 'catalog' (an admin's edit) takes everything.
    expect(await c.serve('/stats', [], ['orders'])).toBe(1);
    c.change(['orders']);
    c.tick(1001);
    expect(await c.serve('/stats', [], ['orders'])).toBe(2);
    expect(await c.serve('/b', [2])).toBe(1);
    c.change(['catalog']);
    c.tick(1001);
    expect(await c.serve('/b', [2])).toBe(2);
  });

  it("applies this process's own change at once when asked to catch up", async () => {
    const c = setup();
    expect(await c.serve('/a', [1])).toBe(1);
    c.change(['product:1']);
    await c.cache.catchUp();
    expect(await c.serve('/a', [1])).toBe(2);
  });

  it('waits for a change numbered before its row is visible, and gives up on it by dropping everything', async () => {
    const c = setup();
    expect(await c.serve('/a', [1])).toBe(1);
    expect(await c.serve('/b', [2])).toBe(1);
    // Version 1 is taken (its row not committed yet), version 2 is seen first.
    const show = c.change(['product:1'], { hidden: true });
    c.change(['product:2']);
    c.tick(1001);
    expect(await c.serve('/b', [2])).toBe(2);
    expect(await c.serve('/a', [1])).toBe(1);
    // Its row appears: applied at the next read, though a later version was read before it.
    show();
    c.tick(1001);
    expect(await c.serve('/a', [1])).toBe(2);

    // A version whose row never comes: after the gap's time limit, everything is dropped.
    c.change(['product:3'], { hidden: true });
    c.tick(1001);
    expect(await c.serve('/a', [1])).toBe(2);
    c.tick(10_000);
    expect(await c.serve('/a', [1])).toBe(3);
  });

  it('computes a missing answer once for simultaneous requests, and does not keep one a change overtook', async () => {
    const c = setup();
    let computed = 0;
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const compute = async () => {
      const n = ++computed;
      await gate;
      return n;
    };
    const request = { url: '/api/y', headers: {} } as never;
    const answers = Array.from({ length: 5 }, () => {
      const { reply, sent } = fakeReply();
      return c.cache
        .serve(request, reply as never, compute, { products: () => [7] })
        .then(() => JSON.parse(sent[0] ?? 'null') as { data: number });
    });
    // A change while the first computation runs: later requests compute again.
    await new Promise((r) => setImmediate(r));
    c.change(['product:7']);
    await c.cache.catchUp();
    const { reply, sent } = fakeReply();
    const after = c.cache.serve(request, reply as never, compute, { products: () => [7] });
    release();
    expect((await Promise.all(answers)).map((a) => a.data)).toEqual([1, 1, 1, 1, 1]);
    await after;
    expect((JSON.parse(sent[0] ?? 'null') as { data: number }).data).toBe(2);
    expect(computed).toBe(2);
    expect(c.cache.size()).toBe(1);
  });
});

// On SQLite one process writes and its own writes empty its cache at once; the timing between
// processes matters on PostgreSQL, where this file's PostgreSQL run checks it (as CI does).
describe.runIf(testDialect === 'postgres')('two processes on one PostgreSQL', () => {
  it('never keeps the old price under the new catalogue version, however long the commit takes', async () => {
    const t = await createTestContext();
    const admin = await t.adminHeaders();
    const secondDb = connect(
      { kind: 'postgres', url: process.env.TEST_DATABASE_URL ?? '' },
      { searchPath: t.db.schema! },
    );
    const second = await buildApp({ config: t.config, db: secondDb, logger: false });
    try {
      const id = await insertProduct(t.db.kysely, { name: 'Slow commit', price: 1000 });
      // The commit of a product change waits 2.5 s (a deferred trigger): the moment a process
      // could see a new version with the old rows, if the version moved before the commit.
      await sql`create function slow_commit() returns trigger language plpgsql as $$
        begin perform pg_sleep(2.5); return null; end $$`.execute(t.db.kysely);
      await sql`create constraint trigger slow_commit after update on products deferrable initially deferred
        for each row execute function slow_commit()`.execute(t.db.kysely);
      const price = async () =>
        (await second.inject({ url: `/api/product/get/${id}` })).json<{ data: { final_price: number } }>().data
          .final_price;
      expect(await price()).toBe(1000);
      const write = t.app.inject({
        method: 'PUT',
        url: `/api/product/updateDiscount/${id}`,
        headers: admin,
        payload: { discount_percentage: 50 },
      });
      // While the commit waits, the other process's version is a second old: it refreshes it and
      // reads the product again.
      await new Promise((r) => setTimeout(r, 1200));
      expect(await price()).toBe(1000);
      expect((await write).statusCode).toBe(200);
      await new Promise((r) => setTimeout(r, 1200));
      expect(await price()).toBe(500);
    } finally {
      await second.close();
      await secondDb.close();
      await t.close();
    }
  });

  it("shows the other process's order within its refresh interval, and keeps the pages it did not touch", async () => {
    const t = await createTestContext();
    const secondDb = connect(
      { kind: 'postgres', url: process.env.TEST_DATABASE_URL ?? '' },
      { searchPath: t.db.schema! },
    );
    const second = await buildApp({ config: t.config, db: secondDb, logger: false });
    try {
      const sold = await insertProduct(t.db.kysely, { name: 'Sold there', price: 1000, stock: 5 });
      const other = await insertProduct(t.db.kysely, { name: 'Untouched', price: 1000, stock: 5 });
      const page = async (id: number) =>
        (await second.inject({ url: `/api/product/get/${id}` })).json<{ data: { name: string; stock: number } }>().data;
      expect((await page(sold)).stock).toBe(5);
      expect((await page(other)).name).toBe('Untouched');
      await t.db.kysely.updateTable('products').set({ name: 'Renamed quietly' }).where('id', '=', other).execute();
      const wilaya = await t.db.kysely
        .selectFrom('shipping_prices')
        .select(['wilaya_name', 'price_cents'])
        .executeTakeFirstOrThrow();
      const order = await t.app.inject({
        method: 'POST',
        url: '/api/order',
        payload: {
          customer_name: 'Amina',
          customer_phone: '0555123456',
          customer_address: `${wilaya.wilaya_name} | ici`,
          customer_postal_code: '16000',
          subtotal: 1000,
          shipping_fee: wilaya.price_cents / 100,
          items: [{ product_id: sold, quantity: 1 }],
        },
      });
      expect(order.statusCode).toBe(201);
      await new Promise((r) => setTimeout(r, 1100));
      expect((await page(sold)).stock).toBe(4);
      expect((await page(other)).name).toBe('Untouched');
    } finally {
      await second.close();
      await secondDb.close();
      await t.close();
    }
  });
});
