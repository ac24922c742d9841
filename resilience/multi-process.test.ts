// Two server processes on one PostgreSQL database: stock, coupon uses and admin sessions live in
// the database, so no process can sell a unit or a coupon use the other already sold.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PG_URL,
  api,
  createCoupon,
  createPgDatabase,
  createProduct,
  login,
  placeOrder,
  startServer,
  type PgDatabase,
  type ServerProcess,
} from './harness.ts';

const UNIT_PRICE = 1000;
let database: PgDatabase;
let a: ServerProcess;
let b: ServerProcess;
let token: string;

describe.skipIf(!PG_URL)('two server processes on one PostgreSQL', () => {
  beforeAll(async () => {
    database = await createPgDatabase();
    a = await startServer({ DATABASE_URL: database.url, DATA_DIR: `/tmp/${database.name}-a` });
    b = await startServer({ DATABASE_URL: database.url, DATA_DIR: `/tmp/${database.name}-b` });
    token = await login(a.baseUrl);
  });

  afterAll(async () => {
    await Promise.all([a?.kill('SIGTERM'), b?.kill('SIGTERM')]);
    await database?.drop();
  });

  async function dbQuery<T>(sql: string, params: unknown[] = []): Promise<T[]> {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      return (await client.query(sql, params)).rows as T[];
    } finally {
      await client.end();
    }
  }

  it('200 concurrent orders for a size of 25 units, over both processes: exactly 25 succeed', async () => {
    const productId = await createProduct(a.baseUrl, token, {
      name: 'Last units',
      price: UNIT_PRICE,
      sizes: { M: 25 },
    });
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        placeOrder(
          i % 2 === 0 ? a.baseUrl : b.baseUrl,
          [{ product_id: productId, size: 'M', quantity: 1 }],
          UNIT_PRICE,
        ),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(25);
    expect(statuses.filter((s) => s === 409)).toHaveLength(175);
    for (const r of results.filter((x) => x.status === 409)) expect(r.body.message).toMatch(/Stock insuffisant/);

    const [size] = await dbQuery<{ stock: number }>(
      "select stock from product_sizes where product_id = $1 and size = 'M'",
      [productId],
    );
    expect(size?.stock).toBe(0);
    const [sold] = await dbQuery<{ n: number }>(
      'select coalesce(sum(quantity), 0)::int as n from order_items where product_id = $1',
      [productId],
    );
    expect(sold?.n).toBe(25);
    // Both processes read the same stock (no process keeps a stale copy).
    for (const server of [a, b]) {
      const product = await api<{ stock: number }>(server.baseUrl, 'GET', `/api/product/get/${productId}`);
      expect(product.body.data.stock).toBe(0);
    }
  });

  it('50 concurrent orders with a coupon of 5 uses, over both processes: exactly 5 uses', async () => {
    const productId = await createProduct(a.baseUrl, token, { name: 'Plenty', price: UNIT_PRICE, stock: 500 });
    await createCoupon(a.baseUrl, token, 'FIVEUSES', 5);
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        placeOrder(
          i % 2 === 0 ? a.baseUrl : b.baseUrl,
          [{ product_id: productId, quantity: 1 }],
          UNIT_PRICE,
          'FIVEUSES',
        ),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 400)).toHaveLength(45);
    const [coupon] = await dbQuery<{ current_uses: number }>(
      "select current_uses from coupons where code = 'FIVEUSES'",
    );
    expect(coupon?.current_uses).toBe(5);
    const [orders] = await dbQuery<{ n: number }>(
      "select count(*)::int as n from orders where coupon_code = 'FIVEUSES'",
    );
    expect(orders?.n).toBe(5);
    const [product] = await dbQuery<{ stock: number }>('select stock from products where id = $1', [productId]);
    expect(product?.stock).toBe(495);
  });

  it('an admin session opened on A works on B, and logout on B revokes it on A', async () => {
    const session = await login(a.baseUrl);
    expect((await api(b.baseUrl, 'GET', '/api/auth/me', { token: session })).status).toBe(200);
    expect((await api(a.baseUrl, 'GET', '/api/auth/me', { token: session })).status).toBe(200);
    expect((await api(b.baseUrl, 'POST', '/api/auth/logout', { token: session })).status).toBe(200);
    expect((await api(a.baseUrl, 'GET', '/api/auth/me', { token: session })).status).toBe(401);
    expect((await api(b.baseUrl, 'GET', '/api/auth/me', { token: session })).status).toBe(401);
  });

  it("an admin's price changes on one process are served by the other within its refresh interval", async () => {
    const productId = await createProduct(a.baseUrl, token, { name: 'Price watch', price: UNIT_PRICE, stock: 5 });
    const priceOn = async (baseUrl: string) =>
      (await api<{ final_price: number }>(baseUrl, 'GET', `/api/product/get/${productId}`)).body.data.final_price;
    // Process b reads without a pause while process a changes the discount again and again: a
    // version that moved before the change was committed let b keep the old price for ever.
    let reading = true;
    const reader = (async () => {
      while (reading) await priceOn(b.baseUrl);
    })();
    let discount = 0;
    for (let i = 1; i <= 30; i++) {
      discount = i % 2 === 0 ? 10 : 20;
      const res = await api(a.baseUrl, 'PUT', `/api/product/updateDiscount/${productId}`, {
        token,
        json: { discount_percentage: discount },
      });
      expect(res.status).toBe(200);
    }
    reading = false;
    await reader;
    // The cache's refresh interval is 1 s (http/cache.ts).
    await new Promise((r) => setTimeout(r, 1500));
    const expected = UNIT_PRICE * (1 - discount / 100);
    expect(await priceOn(b.baseUrl)).toBe(expected);
    expect(await priceOn(a.baseUrl)).toBe(expected);
  });
});
