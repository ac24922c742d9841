// No data leaks: public calls never return a customer's phone or address, a 500 never carries a
// stack or a database message, and the log never holds a token, a password or a phone number.
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, productionLogger } from '../app.ts';
import { ADMIN_PASSWORD, ADMIN_USERNAME, createTestContext, type TestContext } from '../../test/harness.ts';
import { insertCoupon, insertCustomItem, insertProduct } from '../../test/fixtures.ts';

const CUSTOMERS = [
  { name: 'Yasmine Haddad', phone: '0661234567', address: 'Blida | 7 rue des Oliviers Secrets' },
  { name: 'Karim Benali', phone: '0779876543', address: 'Blida | Cité 200 logements bloc Z' },
];
const BRAND_PHONE = '0555777999';

let t: TestContext;
let productId: number;
let orderId: number;
beforeAll(async () => {
  t = await createTestContext({ seedDemo: true });
  productId = await insertProduct(t.db.kysely, {
    name: 'Robe fuite',
    price: 100,
    sizes: { M: 50 },
    type_name: 'Robes',
  });
  await insertCoupon(t.db.kysely, { code: 'LEAK10' });
  await insertCustomItem(t.db.kysely);
  for (const c of CUSTOMERS) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/order',
      payload: {
        customer_name: c.name,
        customer_phone: c.phone,
        customer_address: c.address,
        customer_postal_code: '16000',
        subtotal: 100,
        shipping_fee: 500,
        items: [{ product_id: productId, size: 'M', quantity: 1 }],
      },
    });
    expect(res.statusCode).toBe(201);
    orderId = res.json<{ data: { order_id: number } }>().data.order_id;
    const rating = await t.app.inject({
      method: 'POST',
      url: '/api/rating/create',
      payload: {
        product_id: productId,
        order_id: orderId,
        customer_name: c.name,
        customer_phone: c.phone,
        rating: 5,
        review: 'Très bien',
      },
    });
    expect(rating.statusCode).toBe(201);
  }
  const brand = await t.app.inject({
    method: 'POST',
    url: '/api/BrandRating/create',
    payload: { customer_name: 'Nadia', customer_phone: BRAND_PHONE, rating: 4, review: 'Super boutique' },
  });
  expect(brand.statusCode).toBe(201);
});
afterAll(() => t.close());

describe('public calls never return a phone or an address', () => {
  it('every public GET', async () => {
    const urls = [
      '/api/product/getAll',
      '/api/product/getAll?page=1&limit=100',
      '/api/product/getAll?page=1&q=Robe&sort=rating',
      `/api/product/get/${productId}`,
      '/api/product/getLatest?limit=50',
      '/api/product/getTopPromotions',
      '/api/product/getTopSelling',
      `/api/product/getRelated/${productId}`,
      `/api/product/getAvailableSizes/${productId}`,
      '/api/ProductType/getAll',
      '/api/ShippingPrice/read',
      '/api/coupon/validate/LEAK10',
      '/api/coupon/validateAndIncrement/LEAK10',
      '/api/CustomOrderItem/getAll',
      '/api/CustomOrderItem/getAll?all=true',
      '/api/BrandRating/getRecentRatings',
      '/api/BrandRating/getRecentRatings?limit=50',
      `/api/rating/getProductRatings/${productId}`,
      '/api/settings',
      // Admin reads answered without a token must not leak either.
      '/api/order/getAllOrders',
      `/api/order/getOrder/${orderId}`,
      `/api/order/searchOrders?phone=${CUSTOMERS[0]!.phone}`,
      '/api/BrandRating/getBrandRatings',
      '/api/rating/getAllRatings/1/20',
    ];
    for (const url of urls) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBeLessThan(500);
      const body = res.body;
      for (const secret of [
        ...CUSTOMERS.flatMap((c) => [c.phone, c.address, c.address.split('| ')[1]!]),
        BRAND_PHONE,
      ]) {
        expect(body, `${url} leaks ${secret}`).not.toContain(secret);
      }
      expect(body, url).not.toMatch(/customer_phone|customer_address/);
    }
  });

  it('the public checkStock and the reviews shape carry no phone either', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/product/checkStock',
      payload: { items: [{ product_id: productId, size: 'M', quantity: 1 }] },
    });
    expect(res.body).not.toContain(CUSTOMERS[0]!.phone);
    const reviews = await t.app.inject({ method: 'GET', url: '/api/BrandRating/getRecentRatings?limit=50' });
    for (const review of reviews.json<{ data: Record<string, unknown>[] }>().data) {
      expect(Object.keys(review).sort()).toEqual(['created_at', 'customer_name', 'id', 'rating', 'review', 'verified']);
    }
  });
});

describe('a 500 carries no detail', () => {
  it('answers the generic message, without stack, SQL or file paths, when the database is gone', async () => {
    const broken = await createTestContext();
    await broken.db.close();
    try {
      for (const request of [
        { method: 'GET' as const, url: '/api/product/getAll' },
        { method: 'GET' as const, url: '/api/product/get/1' },
        {
          method: 'POST' as const,
          url: '/api/product/checkStock',
          payload: { items: [{ product_id: 1, quantity: 1 }] },
        },
        { method: 'POST' as const, url: '/api/auth/login', payload: { username: 'admin', password: 'whatever-1' } },
      ]) {
        const res = await broken.app.inject(request);
        expect(res.statusCode, request.url).toBe(500);
        expect(res.json()).toEqual({ status: 500, message: 'Internal server error', data: null });
        expect(res.body).not.toMatch(/at |\.ts|node_modules|select|sqlite|postgres|stack/i);
      }
    } finally {
      await broken.app.close();
      // The database is already closed; only the temporary files and schema remain to remove.
      await broken.close().catch(() => undefined);
    }
  });
});

describe('the log', () => {
  it('holds no token, password, phone number or address', async () => {
    let log = '';
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        log += chunk.toString();
        done();
      },
    });
    const app = await buildApp({
      config: t.config,
      db: t.db,
      logger: { ...productionLogger({ ...t.config, logLevel: 'trace' }), stream },
    });
    await app.ready();
    try {
      const wrong = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: ADMIN_USERNAME, password: 'wrong-secret-pass' },
        remoteAddress: '10.77.0.1',
      });
      expect(wrong.statusCode).toBe(401);
      const ok = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: ADMIN_USERNAME, password: ADMIN_PASSWORD },
        remoteAddress: '10.77.0.2',
      });
      const token = ok.json<{ data: { token: string } }>().data.token;
      const phone = '0698765432';
      const address = 'Blida | 99 boulevard Journalisé';
      const order = await app.inject({
        method: 'POST',
        url: '/api/order',
        payload: {
          customer_name: 'Samir Logué',
          customer_phone: phone,
          customer_address: address,
          customer_postal_code: '16000',
          subtotal: 100,
          shipping_fee: 500,
          items: [{ product_id: productId, size: 'M', quantity: 1 }],
        },
      });
      expect(order.statusCode).toBe(201);
      // A refused order (bad phone) and an admin search by phone, token in the header.
      await app.inject({
        method: 'POST',
        url: '/api/order',
        payload: { customer_phone: '06987654329', customer_address: address, items: [] },
      });
      const search = await app.inject({
        method: 'GET',
        url: `/api/order/searchOrders?phone=${phone}`,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(search.statusCode).toBe(200);
      await app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });

      expect(log).toContain('request completed');
      for (const secret of [
        token,
        ADMIN_PASSWORD,
        'wrong-secret-pass',
        phone,
        '06987654329',
        '99 boulevard Journalisé',
      ]) {
        expect(log, `log holds ${secret}`).not.toContain(secret);
      }
      expect(log).not.toMatch(/authorization|Bearer/i);
    } finally {
      await app.close();
    }
  });
});
