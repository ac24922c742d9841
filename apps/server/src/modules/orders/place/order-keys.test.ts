// Idempotency-Key on POST /api/order: an order sent again after its answer was lost is answered
// with the order placed the first time, never placed twice (order-keys.ts).
import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../app.ts';
import { createTestContext, type TestContext } from '../../../../test/harness.ts';
import {
  insertCoupon,
  insertCustomItem,
  insertProduct,
  multipartBody,
  pngImage,
  productStock,
  firstWilaya,
} from '../../../../test/fixtures.ts';

let t: TestContext;
let wilaya: { name: string; price: number };
beforeAll(async () => {
  t = await createTestContext();
  wilaya = await firstWilaya(t.db.kysely);
});
afterAll(() => t.close());

interface Answer {
  statusCode: number;
  json: <T>() => T;
}
const orderId = (res: Answer) => res.json<{ data: { order_id: number } }>().data.order_id;
const messageOf = (res: Answer) => res.json<{ message: string }>().message;

async function ordersOf(phone: string) {
  return t.db.kysely.selectFrom('orders').select(['id']).where('customer_phone', '=', phone).execute();
}

/** A shirt with 5 units in M, and an order of `quantity` of them by `phone`. */
async function shirtOrder(phone: string, quantity = 2) {
  const product = await insertProduct(t.db.kysely, { name: `Chemise ${phone}`, price: 1500, sizes: { M: 5 } });
  const body = {
    customer_name: 'Amina Test',
    customer_phone: phone,
    customer_address: `${wilaya.name} | 12 rue des Tests`,
    customer_postal_code: '16000',
    type: 'regular',
    coupon_code: '',
    subtotal: 1500 * quantity,
    shipping_fee: wilaya.price,
    items: [{ product_id: product, quantity, size: 'M' }],
  };
  return { product, body };
}

function post(body: unknown, key?: string, app = t.app, lang?: string) {
  return app.inject({
    method: 'POST',
    url: '/api/order',
    payload: body as Record<string, unknown>,
    headers: { ...(key === undefined ? {} : { 'idempotency-key': key }), ...(lang ? { 'accept-language': lang } : {}) },
  });
}

describe('an order sent again with its Idempotency-Key', () => {
  it('is answered with the order placed the first time: one order, its stock taken once', async () => {
    const { product, body } = await shirtOrder('0555000101');
    const key = randomUUID();
    const first = await post(body, key);
    const again = await post(body, key);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(await ordersOf('0555000101')).toHaveLength(1);
    expect(await productStock(t.db.kysely, product, 'M')).toBe(3);
  });

  it('places the same order twice without a key, as before', async () => {
    const { body } = await shirtOrder('0555000102', 1);
    expect((await post(body)).statusCode).toBe(201);
    expect((await post(body)).statusCode).toBe(201);
    expect(await ordersOf('0555000102')).toHaveLength(2);
  });

  it('answers copies sent at the same time with one order', async () => {
    const { product, body } = await shirtOrder('0555000103', 1);
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 5 }, () => post(body, key)));
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(answers.map(orderId)).size).toBe(1);
    expect(await ordersOf('0555000103')).toHaveLength(1);
    expect(await productStock(t.db.kysely, product, 'M')).toBe(4);
  });

  it('answers copies racing through two server processes on one database with one order', async () => {
    // A second app on the same database: its own order batcher, as a second process has.
    const other = await buildApp({ config: t.config, db: t.db, logger: false });
    await other.ready();
    try {
      const { product, body } = await shirtOrder('0555000104', 1);
      const key = randomUUID();
      const answers = await Promise.all([post(body, key), post(body, key, other), post(body, key, other)]);
      expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201]);
      expect(new Set(answers.map(orderId)).size).toBe(1);
      expect(await ordersOf('0555000104')).toHaveLength(1);
      expect(await productStock(t.db.kysely, product, 'M')).toBe(4);
    } finally {
      await other.close();
    }
  });

  it('keeps the first answer when the prices changed in between (no 409 for a placed order)', async () => {
    const { product, body } = await shirtOrder('0555000105', 1);
    const key = randomUUID();
    const first = await post(body, key);
    await t.db.kysely
      .updateTable('products')
      .set({ price_cents: 999_900, final_price_cents: 999_900 })
      .where('id', '=', product)
      .execute();
    const again = await post(body, key);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
  });

  it('does not keep the key of a refused order: the corrected order goes through with it', async () => {
    const { body } = await shirtOrder('0555000106', 1);
    const key = randomUUID();
    const refused = await post({ ...body, subtotal: 1 }, key);
    expect(refused.statusCode).toBe(409);
    const placed = await post(body, key);
    expect(placed.statusCode).toBe(201);
    expect(await ordersOf('0555000106')).toHaveLength(1);
  });

  it('refuses the same key with another order (422), writing nothing', async () => {
    const { body } = await shirtOrder('0555000107', 1);
    const key = randomUUID();
    expect((await post(body, key)).statusCode).toBe(201);
    const other = await post({ ...body, customer_name: 'Quelqu’un d’autre' }, key);
    expect(other.statusCode).toBe(422);
    expect(messageOf(other)).toBe('Cette clé Idempotency-Key a déjà servi pour une autre commande');
    const arabic = await post({ ...body, customer_name: 'Quelqu’un d’autre' }, key, t.app, 'ar');
    expect(messageOf(arabic)).toBe('سبق استخدام مفتاح Idempotency-Key هذا لطلب آخر');
    expect(await ordersOf('0555000107')).toHaveLength(1);
  });

  it('answers two different orders sent at the same time under one key with one order and a 422', async () => {
    const { body } = await shirtOrder('0555000111', 1);
    const key = randomUUID();
    const answers = await Promise.all([post(body, key), post({ ...body, customer_name: 'Une autre' }, key)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 422]);
    expect(await ordersOf('0555000111')).toHaveLength(1);
  });

  it('refuses a malformed key (400) before anything is written', async () => {
    const { body } = await shirtOrder('0555000108', 1);
    for (const key of ['', 'short', 'has spaces in it, more than 16', 'x'.repeat(101)]) {
      const res = await post(body, key);
      expect(res.statusCode).toBe(400);
      expect(messageOf(res)).toBe('En-tête Idempotency-Key invalide (16 à 100 lettres, chiffres, - ou _)');
    }
    expect(await ordersOf('0555000108')).toHaveLength(0);
  });

  it('counts a coupon use once for an order sent twice', async () => {
    const coupon = await insertCoupon(t.db.kysely, { code: 'UNEFOIS', discount_percentage: 10, max_uses: 5 });
    const { body } = await shirtOrder('0555000109', 1);
    const withCoupon = { ...body, coupon_code: 'UNEFOIS' };
    const key = randomUUID();
    expect((await post(withCoupon, key)).statusCode).toBe(201);
    expect((await post(withCoupon, key)).statusCode).toBe(201);
    const row = await t.db.kysely
      .selectFrom('coupons')
      .select('current_uses')
      .where('id', '=', coupon)
      .executeTakeFirstOrThrow();
    expect(row.current_uses).toBe(1);
  });
});

describe('a custom order sent again with its Idempotency-Key', () => {
  it('is answered with the first order, its pictures stored once', async () => {
    const item = await insertCustomItem(t.db.kysely, {
      name: 'Sweat clé',
      base_price: 2500,
      sizes: ['M'],
      colors: ['Noir'],
    });
    const parts = [
      ...Object.entries({
        customer_name: 'Amina Test',
        customer_phone: '0555000110',
        customer_address: `${wilaya.name} | 5 avenue des Tests`,
        customer_postal_code: '16000',
        type: 'custom',
        clothing_type: String(item),
        color: 'Noir',
        size: 'M',
        subtotal: '2500',
        shipping_fee: String(wilaya.price),
      }).map(([name, value]) => ({ name, value })),
      { name: 'reference_image_front', value: await pngImage(), filename: 'front.png', contentType: 'image/png' },
    ];
    const send = (key: string) => {
      const { payload, headers } = multipartBody(parts);
      return t.app.inject({
        method: 'POST',
        url: '/api/Order',
        payload,
        headers: { ...headers, 'idempotency-key': key },
      });
    };
    const key = randomUUID();
    const first = await send(key);
    expect(first.statusCode).toBe(201);
    const stored = fs.readdirSync(t.config.uploadsDir).length;
    const again = await send(key);
    expect(again.statusCode).toBe(201);
    expect(orderId(again)).toBe(orderId(first));
    expect(await ordersOf('0555000110')).toHaveLength(1);
    expect(fs.readdirSync(t.config.uploadsDir)).toHaveLength(stored);
  });
});
