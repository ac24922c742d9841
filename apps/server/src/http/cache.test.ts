import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.ts';
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
