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

  it('re-reads the version after its time to live, and at once after invalidate', async () => {
    let version = 1;
    let reads = 0;
    let computed = 0;
    const cache = createResponseCache(() => {
      reads++;
      return Promise.resolve(version);
    }, 50);
    const request = { url: '/api/x', headers: {} } as never;
    const serve = async () => {
      const { reply, sent } = fakeReply();
      await cache.serve(request, reply as never, () => Promise.resolve(++computed));
      return JSON.parse(sent[0] ?? 'null') as { data: number };
    };
    expect((await serve()).data).toBe(1);
    expect((await serve()).data).toBe(1);
    expect(reads).toBe(1);

    // Another process bumped the version: seen once the time to live has passed.
    version = 2;
    expect((await serve()).data).toBe(1);
    await new Promise((r) => setTimeout(r, 60));
    expect((await serve()).data).toBe(2);

    // This process wrote: the next read recomputes without waiting.
    cache.invalidate();
    expect((await serve()).data).toBe(3);
  });

  it('computes a missing answer once for simultaneous requests, and anew after a write', async () => {
    const cache = createResponseCache(() => Promise.resolve(1));
    const request = { url: '/api/y', headers: {} } as never;
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
    const answers = Array.from({ length: 5 }, () => {
      const { reply, sent } = fakeReply();
      return cache
        .serve(request, reply as never, compute)
        .then(() => JSON.parse(sent[0] ?? 'null') as { data: number });
    });
    // A write while the first computation runs: the next request computes again.
    await new Promise((r) => setTimeout(r, 10));
    cache.invalidate();
    const { reply, sent } = fakeReply();
    const after = cache.serve(request, reply as never, compute);
    await new Promise((r) => setTimeout(r, 10));
    release();
    expect((await Promise.all(answers)).map((a) => a.data)).toEqual([1, 1, 1, 1, 1]);
    await after;
    expect((JSON.parse(sent[0] ?? 'null') as { data: number }).data).toBe(2);
    expect(computed).toBe(2);
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
});
