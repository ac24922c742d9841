import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

interface Wilaya {
  id: number;
  wilaya_code: number | null;
  wilaya_name: string;
  price: number;
}

async function read(): Promise<Wilaya[]> {
  const res = await t.app.inject({ method: 'GET', url: '/api/ShippingPrice/read' });
  expect(res.statusCode).toBe(200);
  return res.json<{ data: Wilaya[] }>().data;
}

describe('shipping prices', () => {
  it('lists the seeded wilayas by code with prices in Da', async () => {
    const list = await read();
    expect(list.length).toBeGreaterThanOrEqual(58);
    const codes = list.map((w) => w.wilaya_code ?? Infinity);
    expect([...codes].sort((a, b) => a - b)).toEqual(codes);
    expect(typeof list[0]?.price).toBe('number');
  });

  it('creates, updates and deletes a wilaya (admin)', async () => {
    const headers = await t.adminHeaders();
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/ShippingPrice/create',
      headers,
      payload: { wilaya_name: 'Testville', price: 650.5 },
    });
    expect(created.statusCode).toBe(201);
    const wilaya = created.json<{ data: Wilaya }>().data;
    expect(wilaya).toMatchObject({ wilaya_name: 'Testville', price: 650.5 });

    const updated = await t.app.inject({
      method: 'POST',
      url: '/api/ShippingPrice/update',
      headers,
      payload: { id: wilaya.id, wilaya_name: 'Testville', price: 700 },
    });
    expect(updated.statusCode).toBe(200);
    expect((await read()).find((w) => w.id === wilaya.id)?.price).toBe(700);

    const deleted = await t.app.inject({
      method: 'POST',
      url: '/api/ShippingPrice/delete',
      headers,
      payload: { id: wilaya.id },
    });
    expect(deleted.statusCode).toBe(200);
    expect((await read()).some((w) => w.id === wilaya.id)).toBe(false);
  });

  it('refuses a duplicate wilaya name, case-insensitively, with 409', async () => {
    const headers = await t.adminHeaders();
    const first = (await read())[0]!;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/ShippingPrice/create',
      headers,
      payload: { wilaya_name: first.wilaya_name.toUpperCase(), price: 100 },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: 'A shipping price for this wilaya already exists' });
    const second = (await read())[1]!;
    const renamed = await t.app.inject({
      method: 'POST',
      url: '/api/ShippingPrice/update',
      headers,
      payload: { id: second.id, wilaya_name: first.wilaya_name.toLowerCase(), price: 100 },
    });
    expect(renamed.statusCode).toBe(409);
    // Accents and case make no new wilaya either.
    const accents = await t.app.inject({
      method: 'POST',
      url: '/api/ShippingPrice/create',
      headers,
      payload: { wilaya_name: 'BEJAIA', price: 100 },
    });
    expect(accents.statusCode).toBe(409);
  });

  it('a wilaya deleted and added again gets its official number and place back', async () => {
    const headers = await t.adminHeaders();
    const before = await read();
    const tlemcen = before.find((w) => w.wilaya_name === 'Tlemcen')!;
    expect(tlemcen.wilaya_code).toBe(13);
    const call = (url: string, payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url, headers, payload });
    expect((await call('/api/ShippingPrice/delete', { id: tlemcen.id })).statusCode).toBe(200);
    const again = await call('/api/ShippingPrice/create', { wilaya_name: 'tlemcen', price: 750 });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toMatchObject({ data: { wilaya_code: 13, price: 750 } });
    const after = await read();
    expect(after.map((w) => w.wilaya_code)).toEqual(before.map((w) => w.wilaya_code));
  });

  it('validates the body and answers 404 for an unknown id', async () => {
    const headers = await t.adminHeaders();
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/ShippingPrice/create',
      headers,
      payload: { wilaya_name: '', price: -1 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ data: { errors: unknown[] } }>().data.errors.length).toBeGreaterThan(0);
    // An empty fee is not free delivery.
    for (const price of ['', null]) {
      const empty = await t.app.inject({
        method: 'POST',
        url: '/api/ShippingPrice/create',
        headers,
        payload: { wilaya_name: 'Nouvelle wilaya', price },
      });
      expect(empty.statusCode).toBe(400);
      expect(empty.json<{ message: string }>().message).toBe('Price is required');
    }
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/ShippingPrice/delete',
      headers,
      payload: { id: 999999 },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('refuses admin calls without a valid token', async () => {
    for (const url of ['/api/ShippingPrice/create', '/api/ShippingPrice/update', '/api/ShippingPrice/delete']) {
      const none = await t.app.inject({ method: 'POST', url });
      expect(none.statusCode).toBe(401);
      const bad = await t.app.inject({
        method: 'POST',
        url,
        headers: { authorization: 'Bearer not-a-token' },
        payload: { id: 1, wilaya_name: 'X', price: 1 },
      });
      expect(bad.statusCode).toBe(401);
    }
  });
});
