// Delivery in Algeria: an order is priced by its wilaya and delivery type (home or stop
// desk), names a commune of that wilaya, and the back office and the customer's tracking see both.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order, OrderTracking } from '@shop/domain/order-responses';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { insertCustomItem, insertProduct, multipartBody, pngImage, productStock } from '../../../test/fixtures.ts';

let t: TestContext;
// Alger has a stop desk at 300 Da (home 400 Da, the seed's); Tlemcen none.
beforeAll(async () => {
  t = await createTestContext();
  await t.db.kysely
    .updateTable('shipping_prices')
    .set({ stop_desk_price_cents: 30000 })
    .where('wilaya_code', '=', 16)
    .execute();
  await t.db.kysely
    .updateTable('shipping_prices')
    .set({ stop_desk_price_cents: null })
    .where('wilaya_code', '=', 13)
    .execute();
});
afterAll(() => t.close());

const HOME = 400;
const DESK = 300;
const customer = { customer_name: 'Yacine Test', customer_phone: '0661234567', customer_postal_code: '16000' };

async function order(body: Record<string, unknown>, productPrice = 1000) {
  const id = await insertProduct(t.db.kysely, { price: productPrice, stock: 5 });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/order',
    payload: {
      ...customer,
      customer_address: 'Alger | 3 rue Didouche',
      subtotal: productPrice,
      items: [{ product_id: id, quantity: 1 }],
      ...body,
    },
  });
  return { res, productId: id };
}

async function adminOrder(id: number): Promise<Order> {
  const res = await t.app.inject({ url: `/api/order/getOrder/${id}`, headers: await t.adminHeaders() });
  expect(res.statusCode).toBe(200);
  return res.json<{ data: Order }>().data;
}

async function ordersCount(): Promise<number> {
  const row = await t.db.kysely
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('delivery type and commune of an order', () => {
  it('charges the stop desk fee, keeps the commune as the data spells it, and shows both', async () => {
    const { res } = await order({ delivery_type: 'stop_desk', commune: 'bab el oued', shipping_fee: DESK });
    expect(res.statusCode).toBe(201);
    const created = res.json<{ data: { order_id: number; shipping_fee: number; total: number } }>().data;
    expect(created).toMatchObject({ shipping_fee: DESK, total: 1000 + DESK });
    const saved = await adminOrder(created.order_id);
    expect(saved).toMatchObject({ delivery_type: 'stop_desk', commune_name: 'Bab El Oued', shipping_fee: DESK });
    const track = await t.app.inject({ url: `/api/order/track?order_id=${created.order_id}&phone=0661234567` });
    expect(track.json<{ data: OrderTracking }>().data).toMatchObject({
      wilaya: 'Alger',
      delivery_type: 'stop_desk',
      commune: 'Bab El Oued',
    });
  });

  it('charges the home fee at home and takes a commune by its Arabic name', async () => {
    const { res } = await order({ delivery_type: 'home', commune: 'باب الوادي', shipping_fee: HOME });
    expect(res.statusCode).toBe(201);
    const id = res.json<{ data: { order_id: number } }>().data.order_id;
    expect(await adminOrder(id)).toMatchObject({
      delivery_type: 'home',
      commune_name: 'Bab El Oued',
      shipping_fee: HOME,
    });
  });

  it("answers 409 with the server's fee when the client priced the other delivery type, writing nothing", async () => {
    const before = await ordersCount();
    const { res, productId } = await order({ delivery_type: 'stop_desk', commune: 'Hydra', shipping_fee: HOME });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      message: 'Les prix ont changé, veuillez vérifier le nouveau total',
      data: { subtotal: 1000, shipping_fee: DESK, total: 1000 + DESK },
    });
    const home = await order({ delivery_type: 'home', commune: 'Hydra', shipping_fee: DESK });
    expect(home.res.statusCode).toBe(409);
    expect(home.res.json()).toMatchObject({ data: { shipping_fee: HOME } });
    expect(await ordersCount()).toBe(before);
    expect(await productStock(t.db.kysely, productId, '')).toBe(5);
  });

  it('refuses a stop desk where there is none, a commune of another wilaya, a missing commune', async () => {
    const before = await ordersCount();
    const noDesk = await order({
      customer_address: 'Tlemcen | 1 place',
      delivery_type: 'stop_desk',
      commune: 'Tlemcen',
      shipping_fee: 700,
    });
    expect(noDesk.res.statusCode).toBe(400);
    expect(noDesk.res.json<{ message: string }>().message).toBe(
      'Pas de point relais (stop desk) dans la wilaya Tlemcen : choisissez la livraison à domicile',
    );
    const elsewhere = await order({ delivery_type: 'home', commune: 'Tlemcen', shipping_fee: HOME });
    expect(elsewhere.res.statusCode).toBe(400);
    expect(elsewhere.res.json<{ message: string }>().message).toBe('Cette commune n’est pas dans la wilaya Alger');
    const missing = await order({ delivery_type: 'home', shipping_fee: HOME });
    expect(missing.res.statusCode).toBe(400);
    expect(missing.res.json<{ message: string }>().message).toBe('La commune est requise');
    const badType = await order({ delivery_type: 'drone', commune: 'Hydra', shipping_fee: HOME });
    expect(badType.res.statusCode).toBe(400);
    expect(badType.res.json<{ message: string }>().message).toBe('Mode de livraison invalide');
    expect(await ordersCount()).toBe(before);
  });

  it("takes a spec client's order without delivery type or commune as a home delivery", async () => {
    const { res } = await order({ shipping_fee: HOME });
    expect(res.statusCode).toBe(201);
    const id = res.json<{ data: { order_id: number } }>().data.order_id;
    expect(await adminOrder(id)).toMatchObject({ delivery_type: 'home', commune_name: null, shipping_fee: HOME });
    // A commune it sends anyway is checked.
    const wrong = await order({ commune: 'Oran', shipping_fee: HOME });
    expect(wrong.res.statusCode).toBe(400);
  });

  it('prices a custom order (multipart) at the stop desk too', async () => {
    await insertCustomItem(t.db.kysely, { name: 'Robe livrée', base_price: 2500, sizes: ['M'], colors: ['Rouge'] });
    const fields = {
      ...customer,
      customer_address: 'Alger | 5 avenue',
      type: 'custom',
      clothing_type: 'Robe livrée',
      color: 'Rouge',
      size: 'M',
      subtotal: '2500',
      shipping_fee: String(DESK),
      delivery_type: 'stop_desk',
      commune: 'Kouba',
    };
    const { payload, headers } = multipartBody([
      ...Object.entries(fields).map(([name, value]) => ({ name, value })),
      { name: 'reference_image_front', value: await pngImage(), filename: 'front.png', contentType: 'image/png' },
    ]);
    const res = await t.app.inject({ method: 'POST', url: '/api/Order', payload, headers });
    expect(res.statusCode).toBe(201);
    const id = res.json<{ data: { order_id: number; total: number } }>().data;
    expect(id.total).toBe(2500 + DESK);
    expect(await adminOrder(id.order_id)).toMatchObject({ delivery_type: 'stop_desk', commune_name: 'Kouba' });
  });

  it("a correction to another wilaya charges that wilaya's fee of the order's delivery type", async () => {
    await t.db.kysely
      .updateTable('shipping_prices')
      .set({ stop_desk_price_cents: 55000 })
      .where('wilaya_code', '=', 31)
      .execute();
    const { res } = await order({ delivery_type: 'stop_desk', commune: 'Kouba', shipping_fee: DESK });
    const id = res.json<{ data: { order_id: number } }>().data.order_id;
    const headers = await t.adminHeaders();
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/order/edit/${id}`,
      headers,
      payload: { wilaya: 'oran' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<{ data: Order }>().data).toMatchObject({
      wilaya_name: 'Oran',
      shipping_fee: 550,
      delivery_type: 'stop_desk',
      commune_name: null,
    });
    const noDesk = await t.app.inject({
      method: 'PUT',
      url: `/api/order/edit/${id}`,
      headers,
      payload: { wilaya: 'Tlemcen' },
    });
    expect(noDesk.statusCode).toBe(400);
  });
});

describe('communes priced apart from their wilaya', () => {
  /** A commune's own fees (Da; null = the wilaya's), as the import writes them. */
  async function communeFee(wilayaCode: number, commune: string, home: number | null, desk: number | null) {
    const { id } = await t.db.kysely
      .selectFrom('shipping_prices')
      .select('id')
      .where('wilaya_code', '=', wilayaCode)
      .executeTakeFirstOrThrow();
    await t.db.kysely
      .insertInto('commune_fees')
      .values({
        shipping_price_id: id,
        commune_name: commune,
        price_cents: home === null ? null : home * 100,
        stop_desk_price_cents: desk === null ? null : desk * 100,
      })
      .execute();
  }

  beforeAll(async () => {
    // El Biar costs 450 Da at home (its stop desk is Alger's); Cheraga 250 Da at a stop desk
    // only; Maghnia has a stop desk at 350 Da where the rest of Tlemcen has none.
    await communeFee(16, 'El Biar', 450, null);
    await communeFee(16, 'Cheraga', null, 250);
    await communeFee(13, 'Maghnia', null, 350);
  });

  it("charges the commune's own fee for the delivery type, the wilaya's otherwise", async () => {
    const cases: [string, 'home' | 'stop_desk', number][] = [
      ['el-biar', 'home', 450],
      ['El Biar', 'stop_desk', DESK],
      ['Cheraga', 'home', HOME],
      ['chéraga', 'stop_desk', 250],
      ['Hydra', 'home', HOME],
    ];
    for (const [commune, deliveryType, fee] of cases) {
      const { res } = await order({ delivery_type: deliveryType, commune, shipping_fee: fee });
      expect(res.statusCode, `${commune} ${deliveryType}: ${res.body}`).toBe(201);
      const created = res.json<{ data: { order_id: number; shipping_fee: number; total: number } }>().data;
      expect(created).toMatchObject({ shipping_fee: fee, total: 1000 + fee });
      expect(await adminOrder(created.order_id)).toMatchObject({ shipping_fee: fee, delivery_type: deliveryType });
    }
  });

  it("answers 409 with the commune's fee to a client that priced the wilaya's, writing nothing", async () => {
    const before = await ordersCount();
    const { res, productId } = await order({ delivery_type: 'home', commune: 'El Biar', shipping_fee: HOME });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ data: { subtotal: 1000, shipping_fee: 450, total: 1450 } });
    expect(await ordersCount()).toBe(before);
    expect(await productStock(t.db.kysely, productId, '')).toBe(5);
  });

  it("keeps the wilaya's fee for a spec client's order without a commune", async () => {
    const { res } = await order({ shipping_fee: HOME });
    expect(res.statusCode).toBe(201);
    expect(res.json<{ data: { shipping_fee: number } }>().data.shipping_fee).toBe(HOME);
  });

  it('takes a stop desk in the one commune of a wilaya that has one, and refuses it elsewhere there', async () => {
    const maghnia = await order({
      customer_address: 'Tlemcen | 1 place',
      delivery_type: 'stop_desk',
      commune: 'Maghnia',
      shipping_fee: 350,
    });
    expect(maghnia.res.statusCode, maghnia.res.body).toBe(201);
    const elsewhere = await order({
      customer_address: 'Tlemcen | 1 place',
      delivery_type: 'stop_desk',
      commune: 'Remchi',
      shipping_fee: 350,
    });
    expect(elsewhere.res.statusCode).toBe(400);
    expect(elsewhere.res.json<{ message: string }>().message).toBe(
      'Pas de point relais (stop desk) dans la wilaya Tlemcen : choisissez la livraison à domicile',
    );
  });

  it('a correction after the call changes the delivery type and the commune, priced as a new order', async () => {
    const { res } = await order({ delivery_type: 'home', commune: 'Hydra', shipping_fee: HOME });
    const id = res.json<{ data: { order_id: number } }>().data.order_id;
    const headers = await t.adminHeaders();
    const edit = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'PUT', url: `/api/order/edit/${id}`, headers, payload });

    // The customer would rather pick it up at the stop desk of Cheraga (250 Da there).
    const toDesk = await edit({ delivery_type: 'stop_desk', commune: 'chéraga' });
    expect(toDesk.statusCode, toDesk.body).toBe(200);
    expect(toDesk.json<{ data: Order }>().data).toMatchObject({
      delivery_type: 'stop_desk',
      commune_name: 'Cheraga',
      shipping_fee: 250,
      final_total: 1250,
    });
    // Then at home in El Biar (450 Da); then at its stop desk, the commune staying (Alger's, 300 Da).
    const toElBiar = await edit({ delivery_type: 'home', commune: 'El Biar' });
    expect(toElBiar.json<{ data: Order }>().data).toMatchObject({
      delivery_type: 'home',
      commune_name: 'El Biar',
      shipping_fee: 450,
    });
    const atDesk = await edit({ delivery_type: 'stop_desk' });
    expect(atDesk.json<{ data: Order }>().data).toMatchObject({ commune_name: 'El Biar', shipping_fee: DESK });
    expect((await adminOrder(id)).events?.at(-1)?.detail).toBe(
      'delivery: home → stop_desk; shipping: 450 → 300; total: 1450 → 1300',
    );

    // Refused, nothing written: a commune of another wilaya, a stop desk where there is none, a
    // delivery type that does not exist, an empty commune.
    const before = await adminOrder(id);
    const unknownType = await edit({ delivery_type: 'drone' });
    expect(unknownType.statusCode).toBe(400);
    expect(unknownType.json<{ message: string }>().message).toContain('Delivery type must be one of home, stop_desk');
    const emptyCommune = await edit({ commune: '  ' });
    expect(emptyCommune.statusCode).toBe(400);
    expect(emptyCommune.json<{ message: string }>().message).toContain('Commune is required');
    const elsewhere = await edit({ commune: 'Maghnia' });
    expect(elsewhere.statusCode).toBe(400);
    // The back office is answered in English (the customer's order in French, above).
    expect(elsewhere.json<{ message: string }>().message).toBe('This commune is not in the wilaya Alger');
    const noDesk = await edit({ wilaya: 'Tlemcen', commune: 'Remchi' });
    expect(noDesk.statusCode).toBe(400);
    expect(await adminOrder(id)).toMatchObject({
      delivery_type: before.delivery_type,
      commune_name: before.commune_name,
      shipping_fee: before.shipping_fee,
      events: before.events,
    });
    // To another wilaya with a commune of it: Maghnia's stop desk.
    const toMaghnia = await edit({ wilaya: 'Tlemcen', commune: 'Maghnia' });
    expect(toMaghnia.json<{ data: Order }>().data).toMatchObject({
      wilaya_name: 'Tlemcen',
      commune_name: 'Maghnia',
      shipping_fee: 350,
    });
  });

  it('a new delivery type needs its commune when the order has none', async () => {
    const { res } = await order({ shipping_fee: HOME });
    const id = res.json<{ data: { order_id: number } }>().data.order_id;
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/order/edit/${id}`,
      headers: await t.adminHeaders(),
      payload: { delivery_type: 'stop_desk' },
    });
    expect(edited.statusCode).toBe(400);
    expect(await adminOrder(id)).toMatchObject({ delivery_type: 'home', commune_name: null, shipping_fee: HOME });
  });

  it("prices a custom order at the commune's fee, and its 409 carries it", async () => {
    await insertCustomItem(t.db.kysely, { name: 'Robe communale', base_price: 2500, sizes: ['M'], colors: ['Rouge'] });
    const send = async (shippingFee: number) => {
      const fields = {
        ...customer,
        customer_address: 'Alger | 5 avenue',
        type: 'custom',
        clothing_type: 'Robe communale',
        color: 'Rouge',
        size: 'M',
        subtotal: '2500',
        shipping_fee: String(shippingFee),
        delivery_type: 'home',
        commune: 'El Biar',
      };
      const { payload, headers } = multipartBody([
        ...Object.entries(fields).map(([name, value]) => ({ name, value })),
        { name: 'reference_image_front', value: await pngImage(), filename: 'front.png', contentType: 'image/png' },
      ]);
      return t.app.inject({ method: 'POST', url: '/api/Order', payload, headers });
    };
    const stale = await send(HOME);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ data: { shipping_fee: 450, total: 2950 } });
    const res = await send(450);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<{ data: { shipping_fee: number; total: number } }>().data).toMatchObject({
      shipping_fee: 450,
      total: 2950,
    });
  });
});
