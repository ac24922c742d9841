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
