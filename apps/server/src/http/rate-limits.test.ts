// Per-client limits on customers' writes, and the size of one order. Orders are counted per client
// address and per phone. On PostgreSQL the counts live in the database: two server instances on
// one database (two processes of a shop) share them; with REDIS_URL, in Redis.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { connect } from '../db/connect.ts';
import { createTestContext, testDialect, type TestContext } from '../../test/harness.ts';
import { customerMessageInArabic } from '@shop/domain/customer-messages-ar';
import {
  firstWilaya,
  insertCoupon,
  insertCustomItem,
  insertProduct,
  multipartBody,
  pngImage,
} from '../../test/fixtures.ts';
import { countHit, pruneHits } from '../db/rate-limit-hits.ts';

const LIMITS = {
  RATE_LIMIT_ORDERS: '3/15m',
  RATE_LIMIT_ORDERS_PER_PHONE: '2/15m',
  RATE_LIMIT_COUPON_CHECKS: '4/15m',
  RATE_LIMIT_RATINGS: '2/1h',
  RATE_LIMIT_STOCK_CHECKS: '5/1m',
  MAX_QUANTITY_PER_LINE: '5',
  MAX_LINES_PER_ORDER: '3',
};
const TOO_MANY = 'Trop de demandes, veuillez réessayer dans quelques minutes';

let t: TestContext;
let productId: number;
let wilaya: { name: string; price: number };
beforeAll(async () => {
  t = await createTestContext({ env: LIMITS });
  productId = await insertProduct(t.db.kysely, { price: 100, stock: 500 });
  wilaya = await firstWilaya(t.db.kysely);
});
afterAll(() => t.close());

/** A phone no other order of this run has (Redis keeps its counts between runs). */
function freshPhone(): string {
  return `07${String(Math.floor(Math.random() * 100_000_000)).padStart(8, '0')}`;
}

function order(
  ip: string,
  items: { product_id: number; quantity: number }[],
  {
    app = t.app,
    url = '/api/order',
    headers = {},
    phone = freshPhone(),
  }: { app?: typeof t.app; url?: string; headers?: Record<string, string>; phone?: string } = {},
) {
  const subtotal = items.reduce((sum, i) => sum + 100 * i.quantity, 0);
  return app.inject({
    method: 'POST',
    url,
    headers,
    remoteAddress: ip,
    payload: {
      customer_name: 'Amina',
      customer_phone: phone,
      customer_address: `${wilaya.name} | ici`,
      customer_postal_code: '16000',
      subtotal,
      shipping_fee: wilaya.price,
      items,
    },
  });
}

describe('per-client limits', () => {
  it('stops a client placing order after order, with a French 429, and not the next client', async () => {
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push(await order('10.9.0.1', [{ product_id: productId, quantity: 1 }]));
    expect(statuses.map((r) => r.statusCode)).toEqual([201, 201, 201, 429]);
    expect(statuses[3]!.json()).toEqual({ status: 429, message: TOO_MANY, data: null });
    expect((await order('10.9.0.2', [{ product_id: productId, quantity: 1 }])).statusCode).toBe(201);
  });

  it('stops coupon guessing, stock-check floods and rating floods', async () => {
    await insertCoupon(t.db.kysely, { code: 'GUESSME' });
    const guesses = [];
    for (const code of ['AAAA', 'BBBB', 'CCCC', 'DDDD', 'GUESSME']) {
      guesses.push((await t.app.inject({ url: `/api/coupon/validate/${code}`, remoteAddress: '10.9.1.1' })).statusCode);
    }
    // The fifth guess, the right one, is not answered.
    expect(guesses).toEqual([404, 404, 404, 404, 429]);

    const checks = [];
    for (let i = 0; i < 6; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/product/checkStock',
        remoteAddress: '10.9.1.2',
        payload: { items: [{ product_id: productId, size: '', quantity: 1 }] },
      });
      checks.push(res.statusCode);
    }
    expect(checks).toEqual([200, 200, 200, 200, 200, 429]);

    const ratings = [];
    for (let i = 0; i < 3; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/rating/create',
        remoteAddress: '10.9.1.3',
        payload: {
          product_id: productId,
          order_id: 999_999,
          customer_name: 'X',
          customer_phone: '0555123456',
          rating: 1,
        },
      });
      ratings.push(res.statusCode);
    }
    expect(ratings).toEqual([403, 403, 429]);
  });

  it('counts the aliases of one call together: /api/order and /api/Order, both coupon checks, GET and HEAD', async () => {
    const line = [{ product_id: await insertProduct(t.db.kysely, { price: 100, stock: 50 }), quantity: 1 }];
    const orders = [];
    for (const url of ['/api/order', '/api/Order', '/api/order', '/api/Order']) {
      orders.push((await order('10.9.5.1', line, { url })).statusCode);
    }
    expect(orders).toEqual([201, 201, 201, 429]);

    const checks = [];
    for (const [method, path] of [
      ['GET', 'validate'],
      ['HEAD', 'validate'],
      ['GET', 'validateAndIncrement'],
      ['HEAD', 'validateAndIncrement'],
      ['GET', 'validate'],
    ] as const) {
      const res = await t.app.inject({ method, url: `/api/coupon/${path}/NOPE`, remoteAddress: '10.9.5.2' });
      checks.push(res.statusCode);
    }
    expect(checks).toEqual([404, 404, 404, 404, 429]);
  });

  it('refuses an order of too many lines or too many units of one, in French, writing nothing', async () => {
    const others = await Promise.all([1, 2, 3].map(() => insertProduct(t.db.kysely, { price: 100, stock: 50 })));
    const lines = [productId, ...others].map((id) => ({ product_id: id, quantity: 1 }));
    const tooManyLines = await order('10.9.2.1', lines);
    expect(tooManyLines.json()).toEqual({
      status: 400,
      message: 'Une commande compte au plus 3 articles différents',
      data: null,
    });
    const tooManyUnits = await order('10.9.2.2', [{ product_id: productId, quantity: 6 }]);
    expect(tooManyUnits.json()).toEqual({ status: 400, message: 'Au plus 5 unités par article', data: null });
    // Split into lines of the same product, the units still count as one line's.
    const split = await order(
      '10.9.2.3',
      Array.from({ length: 3 }, () => ({ product_id: productId, quantity: 2 })),
    );
    expect(split.json()).toEqual({ status: 400, message: 'Au plus 5 unités par article', data: null });
    const stock = await t.db.kysely
      .selectFrom('products')
      .select('stock')
      .where('id', '=', productId)
      .executeTakeFirstOrThrow();
    expect(stock.stock).toBe(500 - 4);
  });
});

/** The orders placed with a phone. */
async function ordersOf(phone: string, db = t.db): Promise<number> {
  const rows = await db.kysely.selectFrom('orders').select('id').where('customer_phone', '=', phone).execute();
  return rows.length;
}

describe('per phone', () => {
  it('counts the orders of one phone from any address, however it is written, with the same 429', async () => {
    const line = [{ product_id: productId, quantity: 1 }];
    const phone = freshPhone();
    const international = `+213 ${phone.slice(1, 4)} ${phone.slice(4, 6)} ${phone.slice(6, 8)} ${phone.slice(8)}`;
    const statuses = [
      (await order('10.9.8.1', line, { phone })).statusCode,
      (await order('10.9.8.2', line, { phone: international })).statusCode,
    ];
    const refused = await order('10.9.8.3', line, { phone });
    expect([...statuses, refused.statusCode]).toEqual([201, 201, 429]);
    expect(refused.json()).toEqual({ status: 429, message: TOO_MANY, data: null });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Said in Arabic on the Arabic storefront, as the address limit is.
    const arabic = await order('10.9.8.4', line, { phone, headers: { 'accept-language': 'ar-DZ,ar;q=0.9' } });
    expect(arabic.json()).toEqual({ status: 429, message: customerMessageInArabic(TOO_MANY), data: null });
    expect(customerMessageInArabic(TOO_MANY)).not.toBe(TOO_MANY);
    // Nothing written for the refused ones; another phone from the same address still orders.
    expect(await ordersOf(phone)).toBe(2);
    expect((await order('10.9.8.3', line)).statusCode).toBe(201);
  });

  it('counts custom orders (multipart) with the regular ones', async () => {
    const phone = freshPhone();
    expect((await order('10.9.9.1', [{ product_id: productId, quantity: 1 }], { phone })).statusCode).toBe(201);
    const item = await insertCustomItem(t.db.kysely, {
      name: 'Hoodie',
      base_price: 3000,
      sizes: ['M'],
      colors: ['Noir'],
    });
    const custom = async (ip: string) => {
      const { payload, headers } = multipartBody([
        ...Object.entries({
          customer_name: 'Amina',
          customer_phone: phone,
          customer_address: `${wilaya.name} | ici`,
          customer_postal_code: '16000',
          type: 'custom',
          subtotal: '3000',
          shipping_fee: String(wilaya.price),
          clothing_type: String(item),
          color: 'Noir',
          size: 'M',
        }).map(([name, value]) => ({ name, value })),
        { name: 'reference_image_front', value: await pngImage(), filename: 'front.png', contentType: 'image/png' },
      ]);
      return t.app.inject({ method: 'POST', url: '/api/Order', payload, headers, remoteAddress: ip });
    };
    expect((await custom('10.9.9.2')).statusCode).toBe(201);
    const refused = await custom('10.9.9.3');
    expect(refused.json()).toEqual({ status: 429, message: TOO_MANY, data: null });
    expect(await ordersOf(phone)).toBe(2);
  });
});

describe('with the default limits', () => {
  it('takes the orders of many customers behind one address (carrier-grade NAT), up to its ceiling', async () => {
    // The defaults: the test harness's generous limits removed.
    const nat = await createTestContext({ env: { RATE_LIMIT_ORDERS: '', RATE_LIMIT_ORDERS_PER_PHONE: '' } });
    try {
      const product = await insertProduct(nat.db.kysely, { price: 100, stock: 1000 });
      const line = [{ product_id: product, quantity: 1 }];
      const statuses: number[] = [];
      // A promotion: a hundred customers of one mobile operator, one public address, in minutes.
      for (let i = 0; i < 100; i++) statuses.push((await order('100.64.0.1', line, { app: nat.app })).statusCode);
      expect(statuses.filter((s) => s === 201)).toHaveLength(100);
      // A script at one address is still stopped at the ceiling.
      expect((await order('100.64.0.1', line, { app: nat.app })).statusCode).toBe(429);

      // One customer's phone: ten orders an hour, from any address.
      const phone = freshPhone();
      const own: number[] = [];
      for (let i = 1; i <= 11; i++) own.push((await order(`100.64.1.${i}`, line, { app: nat.app, phone })).statusCode);
      expect(own).toEqual([...Array.from({ length: 10 }, () => 201), 429]);
      expect(await ordersOf(phone, nat.db)).toBe(10);
    } finally {
      await nat.close();
    }
  });
});

describe('behind a proxy (TRUST_PROXY=true)', () => {
  it('counts the address the proxy saw, not the one a client writes into X-Forwarded-For', async () => {
    const behind = await createTestContext({ env: { ...LIMITS, TRUST_PROXY: 'true' } });
    try {
      const product = await insertProduct(behind.db.kysely, { price: 100, stock: 50 });
      const statuses = [];
      for (let i = 0; i < 4; i++) {
        const res = await order('127.0.0.1', [{ product_id: product, quantity: 1 }], {
          app: behind.app,
          // nginx appends the address it saw ($proxy_add_x_forwarded_for); the rest is the client's.
          headers: { 'x-forwarded-for': `198.51.100.${i + 1}, 203.0.113.7` },
        });
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([201, 201, 201, 429]);
    } finally {
      await behind.close();
    }
  });
});

describe('with a Redis that cannot be reached', () => {
  it('keeps taking orders instead of failing every limited call', async () => {
    const lost = await createTestContext({ env: { ...LIMITS, REDIS_URL: 'redis://127.0.0.1:1' } });
    try {
      const product = await insertProduct(lost.db.kysely, { price: 100, stock: 50 });
      const res = await order('10.9.6.1', [{ product_id: product, quantity: 1 }], { app: lost.app });
      expect(res.statusCode).toBe(201);
    } finally {
      await lost.close();
    }
  });
});

describe('old counters', () => {
  it('are removed once their window ended a day ago', async () => {
    const old = new Date(Date.now() - 25 * 3_600_000).toISOString();
    await t.db.kysely.insertInto('rate_limits').values({ key: 'route:old', hits: 3, window_started_at: old }).execute();
    await countHit(t.db.kysely, 'route:recent', 60_000);
    await pruneHits(t.db.kysely, new Date(Date.now() - 24 * 3_600_000));
    const keys = (await t.db.kysely.selectFrom('rate_limits').select('key').execute()).map((r) => r.key);
    expect(keys).toContain('route:recent');
    expect(keys).not.toContain('route:old');
  });
});

/** Four coupon guesses allowed: the fifth, whichever instance it reaches, is refused. */
async function guessesAcross(first: typeof t.app, second: typeof t.app, ip: string): Promise<number[]> {
  const ask = (app: typeof t.app) =>
    app.inject({ url: '/api/coupon/validate/ZZZZ', remoteAddress: ip }).then((r) => r.statusCode);
  return [await ask(first), await ask(second), await ask(first), await ask(second), await ask(first)];
}

/** Two orders allowed per phone: the third, whichever instance and address it comes from, is refused. */
async function phoneAcross(first: typeof t.app, second: typeof t.app): Promise<number[]> {
  const phone = freshPhone();
  const line = [{ product_id: productId, quantity: 1 }];
  // Fresh addresses each run: with Redis the addresses' order counts outlive a run (and other
  // runs on the same Redis count theirs), so only the phone's count may decide here.
  const net = `10.10.${Math.floor(Math.random() * 256)}`;
  return [
    (await order(`${net}.1`, line, { app: first, phone })).statusCode,
    (await order(`${net}.2`, line, { app: second, phone })).statusCode,
    (await order(`${net}.3`, line, { app: first, phone })).statusCode,
  ];
}

// SQLite serves one process, whose counts live in its memory (the tests above); the PostgreSQL
// run of this file (npm test with TEST_DATABASE_URL, as CI does) proves the shared counts.
describe.runIf(testDialect === 'postgres')('across processes on PostgreSQL', () => {
  it('two server instances on one database share the counts', async () => {
    const secondDb = connect(
      { kind: 'postgres', url: process.env.TEST_DATABASE_URL ?? '' },
      { searchPath: t.db.schema! },
    );
    const second = await buildApp({ config: t.config, db: secondDb, logger: false });
    try {
      expect(await guessesAcross(t.app, second, '10.9.3.1')).toEqual([404, 404, 404, 404, 429]);
      expect(await phoneAcross(t.app, second)).toEqual([201, 201, 429]);
    } finally {
      await second.close();
      await secondDb.close();
    }
  });
});

// With REDIS_URL the counts live in Redis, for processes on several machines. Needs a Redis
// server: .ci/run starts the machine's and sets TEST_REDIS_URL.
describe.runIf(process.env.TEST_REDIS_URL)('across processes with Redis', () => {
  it('two server instances with one Redis share the counts', async () => {
    const config = { ...t.config, redisUrl: process.env.TEST_REDIS_URL };
    const [first, second] = await Promise.all([
      buildApp({ config, db: t.db, logger: false }),
      buildApp({ config, db: t.db, logger: false }),
    ]);
    try {
      // A fresh address each run: Redis keeps counts between runs (and the SQLite and PostgreSQL
      // runs of this file share it) for the window.
      const ip = `10.9.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 254) + 1}`;
      expect(await guessesAcross(first, second, ip)).toEqual([404, 404, 404, 404, 429]);
      expect(await phoneAcross(first, second)).toEqual([201, 201, 429]);
    } finally {
      await first.close();
      await second.close();
    }
  });
});
