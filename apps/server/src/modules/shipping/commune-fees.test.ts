// Communes priced apart from their wilaya: the public read carries them, so the
// storefront prices a commune as the server does; the admin removes one; the bulk adjustment
// changes them with the wilayas'; a wilaya removed takes them along.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ShippingPrice } from '@shop/domain/shipping-responses';
import { createTestContext, type TestContext } from '../../../test/harness.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

async function read(): Promise<ShippingPrice[]> {
  const res = await t.app.inject({ method: 'GET', url: '/api/ShippingPrice/read' });
  expect(res.statusCode).toBe(200);
  return res.json<{ data: ShippingPrice[] }>().data;
}

const byCode = (list: ShippingPrice[], code: number) => list.find((w) => w.wilaya_code === code) as ShippingPrice;

async function post(url: string, payload: unknown, admin = true) {
  return t.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    ...(admin ? { headers: await t.adminHeaders() } : {}),
  });
}

async function wilayaId(code: number): Promise<number> {
  const row = await t.db.kysely
    .selectFrom('shipping_prices')
    .select('id')
    .where('wilaya_code', '=', code)
    .executeTakeFirstOrThrow();
  return row.id;
}

async function communeFee(code: number, commune: string, home: number | null, desk: number | null) {
  await t.db.kysely
    .insertInto('commune_fees')
    .values({
      shipping_price_id: await wilayaId(code),
      commune_name: commune,
      price_cents: home === null ? null : home * 100,
      stop_desk_price_cents: desk === null ? null : desk * 100,
    })
    .execute();
}

beforeEach(async () => {
  await t.db.kysely.deleteFrom('commune_fees').execute();
  await t.db.kysely.updateTable('shipping_prices').set({ price_cents: 50000, stop_desk_price_cents: 30000 }).execute();
});

describe('communes priced apart', () => {
  it('come with their wilaya in the public read, only those, and the read follows every change', async () => {
    expect(byCode(await read(), 16).communes).toEqual([]);
    await communeFee(16, 'El Biar', 650, null);
    await communeFee(16, 'Cheraga', null, 250.5);
    const list = await read();
    expect(byCode(list, 16)).toMatchObject({
      price: 500,
      stop_desk_price: 300,
      communes: [
        { name: 'Cheraga', price: null, stop_desk_price: 250.5 },
        { name: 'El Biar', price: 650, stop_desk_price: null },
      ],
    });
    expect(list.filter((w) => w.communes.length > 0).map((w) => w.wilaya_code)).toEqual([16]);

    // The admin removes one: the read says so at once.
    const removed = await post('/api/ShippingPrice/commune/delete', { id: await wilayaId(16), commune: 'El Biar' });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json<{ data: ShippingPrice }>().data.communes).toEqual([
      { name: 'Cheraga', price: null, stop_desk_price: 250.5 },
    ]);
    expect(byCode(await read(), 16).communes.map((c) => c.name)).toEqual(['Cheraga']);
  });

  it('refuses to remove a commune without own fees (404), an unknown wilaya (404), without a session (401)', async () => {
    await communeFee(16, 'Hydra', 450, null);
    const id = await wilayaId(16);
    const none = await post('/api/ShippingPrice/commune/delete', { id, commune: 'Kouba' });
    expect(none.statusCode).toBe(404);
    expect(none.json<{ message: string }>().message).toBe('This commune has no fee of its own');
    expect((await post('/api/ShippingPrice/commune/delete', { id: 999_999, commune: 'Hydra' })).statusCode).toBe(404);
    expect((await post('/api/ShippingPrice/commune/delete', { id, commune: '' })).statusCode).toBe(400);
    expect((await post('/api/ShippingPrice/commune/delete', { id, commune: 'Hydra' }, false)).statusCode).toBe(401);
    expect(byCode(await read(), 16).communes).toEqual([{ name: 'Hydra', price: 450, stop_desk_price: null }]);
  });

  it("are adjusted with their wilaya's fees, their nulls staying the wilaya's", async () => {
    await communeFee(16, 'El Biar', 650, null);
    await communeFee(16, 'Cheraga', null, 250);
    const res = await post('/api/ShippingPrice/adjust', { mode: 'percent', value: 10, apply_to: 'both' });
    expect(res.statusCode).toBe(200);
    expect(byCode(await read(), 16)).toMatchObject({
      price: 550,
      stop_desk_price: 330,
      communes: [
        { name: 'Cheraga', price: null, stop_desk_price: 275 },
        { name: 'El Biar', price: 715, stop_desk_price: null },
      ],
    });
  });

  it('go with their wilaya when it is removed', async () => {
    const created = await post('/api/ShippingPrice/create', { wilaya_name: 'Villeneuve', price: 600 });
    const { id } = created.json<{ data: ShippingPrice }>().data;
    await t.db.kysely
      .insertInto('commune_fees')
      .values({ shipping_price_id: id, commune_name: 'Centre', price_cents: 70000, stop_desk_price_cents: null })
      .execute();
    expect((await post('/api/ShippingPrice/delete', { id })).statusCode).toBe(200);
    const left = await t.db.kysely.selectFrom('commune_fees').selectAll().where('shipping_price_id', '=', id).execute();
    expect(left).toEqual([]);
  });
});
