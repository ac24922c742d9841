// The owner's stock edits through HTTP (DESIGN §7.1, docs/api.md "Stock edits"), on SQLite and
// (second run) PostgreSQL: a product save changes stock only where the owner changed it, against
// the figure they saw; a figure that moved is a 409 with the current ones and nothing written;
// switching between sold by size and one stock keeps the stock equal to the sum of the sizes,
// and orders placed before the switch are cancelled and reopened against the product as it is.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import pg from 'pg';
import type { Product, StockMoved } from '@shop/domain/catalog-responses';
import type { Order } from '@shop/domain/order-responses';
import { SIZES } from '@shop/domain/sizes';
import { createTestContext, testDialect, type TestContext } from '../../../test/harness.ts';
import { insertProductType } from '../../../test/fixtures.ts';
import { multipart } from '../../../test/multipart.ts';
import { connect, type Db } from '../../db/connect.ts';
import { stockStoreOf } from '../orders/stock/stock-store.ts';

let t: TestContext;
let admin: Record<string, string>;
let typeId: number;
let wilaya: { name: string; price: number };

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.adminHeaders();
  typeId = await insertProductType(t.db.kysely, 'Vêtements');
  const row = await t.db.kysely
    .selectFrom('shipping_prices')
    .select(['wilaya_name', 'price_cents'])
    .orderBy('id')
    .executeTakeFirstOrThrow();
  wilaya = { name: row.wilaya_name, price: row.price_cents / 100 };
});
afterAll(() => t.close());

type Envelope<T> = { status: number; message: string; data: T };

async function create(fields: Record<string, string | number>): Promise<Product> {
  const { payload, headers } = multipart({ description: 'Coton', type_id: typeId, ...fields });
  const res = await t.app.inject({ method: 'POST', url: '/api/product', payload, headers: { ...headers, ...admin } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Envelope<Product>>().data;
}

/** The product as the admin's form opens it. */
async function open(id: number): Promise<Product> {
  const res = await t.app.inject({ url: `/api/product/get/${id}`, headers: admin });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Envelope<Product>>().data;
}

/** A save of the product form: its fields as opened, with `changes` over them. */
function save(product: Product, changes: Record<string, string | number> = {}) {
  const { payload, headers } = multipart({
    name: product.name,
    description: product.description,
    price: product.price,
    type_id: product.type_id ?? typeId,
    discount_percentage: product.discount_percentage,
    ...changes,
  });
  return t.app.inject({
    method: 'POST',
    url: `/api/product/update/${product.id}`,
    payload,
    headers: { ...headers, ...admin },
  });
}

let phoneSeq = 0;
async function order(productId: number, quantity: number, size = '', price = 1000) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/order',
    payload: {
      customer_name: 'Nadia Kaci',
      customer_phone: `0661${String(200_000 + ++phoneSeq).slice(-6)}`,
      customer_address: `${wilaya.name} | 5 rue des Frères`,
      customer_postal_code: '16000',
      subtotal: price * quantity,
      shipping_fee: wilaya.price,
      coupon_code: '',
      items: [{ product_id: productId, quantity, size }],
    },
  });
  return res;
}

async function placed(productId: number, quantity: number, size = '', price = 1000): Promise<number> {
  const res = await order(productId, quantity, size, price);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Envelope<{ order_id: number }>>().data.order_id;
}

const setStatus = (id: number, status: string) =>
  t.app.inject({ method: 'PUT', url: `/api/order/updateOrderStatus/${id}`, headers: admin, payload: { status } });

async function orderOf(id: number): Promise<Order> {
  const res = await t.app.inject({ url: `/api/order/getOrder/${id}`, headers: admin });
  return res.json<Envelope<Order>>().data;
}

/** What the shop holds: the product's stock and its size rows as stored. */
async function stored(id: number) {
  const product = await t.db.kysely
    .selectFrom('products')
    .select(['stock', 'has_sizes', 'price_cents'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  const sizes = await t.db.kysely
    .selectFrom('product_sizes')
    .select(['size', 'stock'])
    .where('product_id', '=', id)
    .execute();
  return {
    stock: product.stock,
    has_sizes: product.has_sizes,
    price: product.price_cents / 100,
    sizes: Object.fromEntries(SIZES.flatMap((s) => sizes.filter((r) => r.size === s).map((r) => [s, r.stock]))),
  };
}

const shirt = (name: string) => ({ name, price: 1000, size_s: 2, size_m: 15, size_l: 0, size_xl: 0, size_xxl: 0 });

describe('a product save changes stock only where the owner changed it', () => {
  it('changing the price only keeps the units sold while the form was open', async () => {
    const product = await create(shirt('Chemise prix'));
    const form = await open(product.id);
    await placed(product.id, 3, 'M');

    // What the form sends when only the price changed: no stock at all.
    const res = await save(form, { price: 1200 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Envelope<Product>>().data).toMatchObject({ price: 1200, stock: 14, size_m: 12, size_s: 2 });
    expect(await stored(product.id)).toEqual({
      stock: 14,
      has_sizes: 1,
      price: 1200,
      sizes: { S: 2, M: 12, L: 0, XL: 0, XXL: 0 },
    });
  });

  it('a change against a figure that moved is refused with the current figures, and nothing is written', async () => {
    const product = await create(shirt('Chemise vendue'));
    const form = await open(product.id);
    await placed(product.id, 3, 'M');

    // The owner saw M at 15 and received 5 more: 20. S did not move, but nothing of the save stays.
    const res = await save(form, {
      price: 1500,
      'sizes[M]': 20,
      'seen_sizes[M]': 15,
      'sizes[S]': 4,
      'seen_sizes[S]': 2,
    });
    expect(res.statusCode, res.body).toBe(409);
    const body = res.json<Envelope<StockMoved>>();
    expect(body.status).toBe(409);
    expect(body.message).toBe(
      'The stock changed while you were editing: M is now 12 (you saw 15). Nothing was saved: check the figures and save again.',
    );
    expect(body.data).toEqual({
      moved: [{ color_id: 0, size: 'M', seen: 15, current: 12 }],
      has_sizes: true,
      stock: 14,
      sizes: [
        { name: 'S', stock: 2 },
        { name: 'M', stock: 12 },
        { name: 'L', stock: 0 },
        { name: 'XL', stock: 0 },
        { name: 'XXL', stock: 0 },
      ],
      // Every variant as it is now (ADR 036): here the sizes without a colour.
      variants: SIZES.map((size): unknown =>
        expect.objectContaining({ color_id: 0, color: '', size, stock: size === 'S' ? 2 : size === 'M' ? 12 : 0 }),
      ),
    });
    expect(await stored(product.id)).toEqual({
      stock: 14,
      has_sizes: 1,
      price: 1000,
      sizes: { S: 2, M: 12, L: 0, XL: 0, XXL: 0 },
    });

    // Re-applied against the figures the 409 gave: saved.
    const again = await save(form, {
      price: 1500,
      'sizes[M]': 17,
      'seen_sizes[M]': 12,
      'sizes[S]': 4,
      'seen_sizes[S]': 2,
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(await stored(product.id)).toEqual({
      stock: 21,
      has_sizes: 1,
      price: 1500,
      sizes: { S: 4, M: 17, L: 0, XL: 0, XXL: 0 },
    });
  });

  it('changes only the sizes it is given: a sale of another size since stays', async () => {
    const product = await create(shirt('Chemise L'));
    const form = await open(product.id);
    await placed(product.id, 1, 'S');
    const res = await save(form, { size_l: 6, seen_size_l: 0 });
    expect(res.statusCode, res.body).toBe(200);
    expect(await stored(product.id)).toMatchObject({ stock: 22, sizes: { S: 1, M: 15, L: 6 } });
  });

  it('one stock: changed against the figure seen, 409 when it moved', async () => {
    const soap = await create({ name: 'Savon', price: 300, stock: 8 });
    const form = await open(soap.id);
    await placed(soap.id, 2, '', 300);

    const stale = await save(form, { stock: 10, seen_stock: 8 });
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json<Envelope<StockMoved>>().data).toEqual({
      moved: [{ color_id: 0, size: null, seen: 8, current: 6 }],
      has_sizes: false,
      stock: 6,
      sizes: [],
      variants: [],
    });
    expect(stale.json<Envelope<StockMoved>>().message).toBe(
      'The stock changed while you were editing: the stock is now 6 (you saw 8). Nothing was saved: check the figures and save again.',
    );
    expect(await stored(soap.id)).toMatchObject({ stock: 6, has_sizes: 0 });

    const fresh = await save(form, { stock: 10, seen_stock: 6 });
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(await stored(soap.id)).toEqual({ stock: 10, has_sizes: 0, price: 300, sizes: {} });
  });

  it.each([
    [{ 'sizes[M]': 20 }, 'seen_sizes.M', 'Send the stock you saw for M (seen_sizes[M]) with its new figure'],
    [
      { stock: 9, seen_stock: 17 },
      'stock',
      'This product is sold by size: change its sizes, or send has_sizes=false to sell it with one stock',
    ],
    [{ has_sizes: 'maybe' }, 'has_sizes', 'has_sizes must be true or false'],
    [{ 'seen_sizes[M]': -1, 'sizes[M]': 3 }, 'seen_sizes.M', 'Stock must be a whole number of at least 0'],
  ])('refuses a stock edit it cannot apply (%j) with 400, writing nothing', async (changes, field, message) => {
    const product = await create(shirt(`Chemise ${field}`));
    const res = await save(product, { price: 1800, 'seen_sizes[S]': 2, ...changes });
    expect(res.statusCode, res.body).toBe(400);
    const body = res.json<Envelope<{ errors: { field: string; message: string }[] }>>();
    expect(body.message).toBe(message);
    expect(body.data.errors[0]).toEqual({ field, message });
    expect(await stored(product.id)).toMatchObject({ stock: 17, price: 1000, sizes: { S: 2, M: 15 } });
  });

  it('refuses sizes for a product sold with one stock unless the save switches it', async () => {
    const soap = await create({ name: 'Savon tailles', price: 300, stock: 8 });
    const res = await save(soap, { 'sizes[M]': 3, 'seen_sizes[M]': 0 });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<Envelope<unknown>>().message).toBe(
      'This product is sold with one stock: send stock, or has_sizes=true to sell it by size',
    );
    expect(await stored(soap.id)).toMatchObject({ stock: 8, has_sizes: 0, sizes: {} });
  });

  it("the spec's clients still set absolute figures when they send no figure seen (legacy)", async () => {
    const product = await create(shirt('Chemise ancienne'));
    const res = await save(product, { 'sizes[S]': 1, 'sizes[M]': 1 });
    expect(res.statusCode, res.body).toBe(200);
    expect(await stored(product.id)).toMatchObject({ stock: 2, has_sizes: 1, sizes: { S: 1, M: 1, L: 0 } });
    const single = await save(product, { stock: 9 });
    expect(single.statusCode, single.body).toBe(200);
    expect(await stored(product.id)).toEqual({ stock: 9, has_sizes: 0, price: 1000, sizes: {} });
  });
});

describe('switching between sold by size and one stock while orders hold units', () => {
  it('from sizes to one stock sums the sizes; orders of a size are cancelled and reopened on that stock', async () => {
    const product = await create({ ...shirt('Sac à tailles'), size_m: 5 });
    const before = await placed(product.id, 3, 'M');
    const holding = await placed(product.id, 1, 'S');
    expect((await setStatus(before, 'cancelled')).statusCode).toBe(200);
    expect(await stored(product.id)).toMatchObject({ stock: 6, sizes: { S: 1, M: 5 } });

    const form = await open(product.id);
    const res = await save(form, { has_sizes: 'false' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Envelope<Product>>().data).toMatchObject({ has_sizes: false, stock: 6, sizes: [] });
    expect(await stored(product.id)).toEqual({ stock: 6, has_sizes: 0, price: 1000, sizes: {} });

    // Reopening the order cancelled before the switch takes its 3 units from the one stock.
    const reopened = await setStatus(before, 'pending');
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(await stored(product.id)).toMatchObject({ stock: 3 });
    // Cancelling an order of size S placed before the switch gives its unit back to the one stock.
    expect((await setStatus(holding, 'cancelled')).statusCode).toBe(200);
    expect(await stored(product.id)).toMatchObject({ stock: 4, sizes: {} });
  });

  it('from one stock to sizes distributes the units against the stock seen, 409 when it moved', async () => {
    const bag = await create({ name: 'Sac unique', price: 1000, stock: 8 });
    const form = await open(bag.id);
    const holding = await placed(bag.id, 3);

    const stale = await save(form, { has_sizes: 'true', seen_stock: 8, size_s: 3, size_m: 5 });
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json<Envelope<StockMoved>>().data).toMatchObject({
      moved: [{ size: null, seen: 8, current: 5 }],
      has_sizes: false,
      stock: 5,
    });
    expect(await stored(bag.id)).toEqual({ stock: 5, has_sizes: 0, price: 1000, sizes: {} });

    const res = await save(form, { has_sizes: 'true', seen_stock: 5, size_s: 2, size_m: 3 });
    expect(res.statusCode, res.body).toBe(200);
    expect(await stored(bag.id)).toEqual({
      stock: 5,
      has_sizes: 1,
      price: 1000,
      sizes: { S: 2, M: 3, L: 0, XL: 0, XXL: 0 },
    });

    // The order placed before the switch has no size: its units have no row to go back to. The
    // stock stays the sum of the sizes, and the order's history tells the owner.
    expect((await setStatus(holding, 'cancelled')).statusCode).toBe(200);
    expect(await stored(bag.id)).toMatchObject({ stock: 5, sizes: { S: 2, M: 3 } });
    const history = (await orderOf(holding)).events ?? [];
    expect(history.map((e) => [e.kind, e.detail])).toContainEqual([
      'stock',
      "Not put back in stock: 3 × Sac unique (sold by size since this order was placed, and the line has no size). Add the units to a size in the product's form",
    ]);

    // Reopening it is refused with the reason, and takes nothing.
    const reopened = await setStatus(holding, 'pending');
    expect(reopened.statusCode, reopened.body).toBe(409);
    expect(reopened.json<Envelope<unknown>>().message).toBe(
      '3 × Sac unique: sold by size since this order was placed, and its line has no size. The order cannot be reopened: place a new one with a size',
    );
    expect(await stored(bag.id)).toMatchObject({ stock: 5, sizes: { S: 2, M: 3 } });
    expect((await orderOf(holding)).status).toBe('cancelled');
  });

  it('a switch to sizes needs the stock seen', async () => {
    const bag = await create({ name: 'Sac sans vu', price: 1000, stock: 8 });
    const res = await save(bag, { has_sizes: 'true', size_s: 8 });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<Envelope<unknown>>().message).toBe('Send the stock you saw (seen_stock) with the new one');
    expect(await stored(bag.id)).toMatchObject({ stock: 8, has_sizes: 0 });
  });
});

describe('orders and owner saves at once', () => {
  it('lose no sale and no change, and never fail, however they interleave', async () => {
    const product = await create({ ...shirt('Chemise foule'), size_m: 40 });
    const form = await open(product.id);
    const orders = Array.from({ length: 30 }, () => order(product.id, 1, 'M'));
    // Saves that leave the price as it is: a new price would refuse the orders sent at the old one.
    const saves = [
      save(form, { description: 'Lin' }),
      save(form, { name: 'Chemise foule bis' }),
      save(form, { size_l: 7, seen_size_l: 0 }),
      save(form, { description: 'Coton bio' }),
    ];
    const [orderAnswers, saveAnswers] = await Promise.all([Promise.all(orders), Promise.all(saves)]);
    expect(orderAnswers.map((r) => r.statusCode).filter((s) => s !== 201)).toEqual([]);
    expect(saveAnswers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect(await stored(product.id)).toMatchObject({ stock: 2 + 10 + 7, sizes: { S: 2, M: 10, L: 7 } });
  });
});

/** Waits until a statement of another session waits on a lock `holderPid` holds. */
async function blockedBy(probe: pg.Client, holderPid: number) {
  await vi.waitFor(
    async () => {
      const { rows } = await probe.query<{ n: number }>(
        'select count(*)::int as n from pg_stat_activity where $1 = any(pg_blocking_pids(pid))',
        [holderPid],
      );
      expect(rows[0]?.n).toBeGreaterThan(0);
    },
    { timeout: 15_000, interval: 20 },
  );
}

// Another process's order, held open with its stock rows locked as every order locks them
// (orders/stock-store.ts), while the owner's save arrives: PostgreSQL only (SQLite has one writer).
describe.runIf(testDialect === 'postgres')('an order in flight on another connection (PostgreSQL)', () => {
  let other: Db;
  let probe: pg.Client;
  beforeAll(async () => {
    other = connect({ kind: 'postgres', url: process.env.TEST_DATABASE_URL ?? '' }, { searchPath: t.db.schema! });
    probe = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await probe.connect();
  });
  afterAll(async () => {
    await probe.end();
    await other.close();
  });

  /** Runs `during` while an open transaction of `other` holds the product's stock rows, `take`n. */
  async function withOrderInFlight(
    productId: number,
    take: { size: string; quantity: number } | null,
    during: (holderPid: number) => Promise<void>,
  ) {
    await other.kysely.transaction().execute(async (trx) => {
      const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
      const store = stockStoreOf(trx);
      await store.hold(trx, [productId], [], null);
      if (take) {
        const taken = await store.take(trx, {
          sizes: [{ product_id: productId, size: take.size, quantity: take.quantity }],
          products: [[productId, take.quantity]],
          couponUses: [],
        });
        expect(taken).toBe(true);
      }
      await during(rows[0]!.pid);
    });
  }

  it("the owner's change waits for the order, then is refused with the figure the order left", async () => {
    const product = await create(shirt('Chemise course'));
    const form = await open(product.id);
    let answer: Awaited<ReturnType<typeof save>> | undefined;
    let pending: Promise<unknown> = Promise.resolve();
    await withOrderInFlight(product.id, { size: 'M', quantity: 3 }, async (pid) => {
      pending = save(form, { 'sizes[M]': 20, 'seen_sizes[M]': 15 }).then((res) => (answer = res));
      await blockedBy(probe, pid);
    });
    await pending;
    expect(answer?.statusCode, answer?.body).toBe(409);
    expect(answer?.json<Envelope<StockMoved>>().data.moved).toEqual([
      { color_id: 0, size: 'M', seen: 15, current: 12 },
    ]);
    expect(await stored(product.id)).toMatchObject({ stock: 14, sizes: { S: 2, M: 12 } });
  });

  it('a save of the price only waits for the order, then keeps its sale', async () => {
    const product = await create(shirt('Chemise prix course'));
    const form = await open(product.id);
    let pending: Promise<Awaited<ReturnType<typeof save>>> | undefined;
    await withOrderInFlight(product.id, { size: 'M', quantity: 3 }, async (pid) => {
      pending = save(form, { price: 1250 });
      await blockedBy(probe, pid);
    });
    const res = await pending!;
    expect(res.statusCode, res.body).toBe(200);
    expect(await stored(product.id)).toMatchObject({ stock: 14, price: 1250, sizes: { S: 2, M: 12 } });
  });

  it('deleting a product waits for an order holding its size rows instead of deadlocking with it', async () => {
    const product = await create(shirt('Chemise supprimée'));
    let pending: Promise<{ statusCode: number; body: string }> | undefined;
    await other.kysely.transaction().execute(async (trx) => {
      const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
      // The order's first step: its size rows.
      await sql`select stock from product_sizes where product_id = ${product.id} order by size for update`.execute(trx);
      pending = t.app.inject({ method: 'DELETE', url: `/api/product/delete/${product.id}`, headers: admin });
      await blockedBy(probe, rows[0]!.pid);
      // Its second step, the product's row: free, since the delete waits for the size rows first.
      await sql`select stock from products where id = ${product.id} for update`.execute(trx);
    });
    const res = await pending!;
    expect(res.statusCode, res.body).toBe(200);
    expect(await t.db.kysely.selectFrom('products').select('id').where('id', '=', product.id).execute()).toEqual([]);
  });
});
