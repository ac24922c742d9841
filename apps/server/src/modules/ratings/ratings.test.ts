import type { BrandRatingsPage } from '@shop/domain/rating-responses';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderRow } from '../../../test/fixtures.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { RATING_REFUSED } from './ratings.service.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const PHONE = '0661234567';
const now = () => new Date().toISOString();

async function insertProduct(name: string) {
  const at = now();
  const { id } = await t.db.kysely
    .insertInto('products')
    .values({
      name,
      description: '',
      search_text: name.toLowerCase(),
      price_cents: 150_000,
      discount_percentage: 0,
      final_price_cents: 150_000,
      stock: 10,
      has_sizes: 0,
      type_id: null,
      rating_sum: 0,
      rating_count: 0,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

async function insertOrder(phone: string, productIds: number[]) {
  const at = now();
  const { id } = await t.db.kysely
    .insertInto('orders')
    .values(
      orderRow('Amina', at, {
        customer_phone: phone,
        customer_address: 'Alger | 1 rue Didouche',
        subtotal_cents: 150_000,
        shipping_fee_cents: 50_000,
        final_total_cents: 200_000,
      }),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const productId of productIds) {
    await t.db.kysely
      .insertInto('order_items')
      .values({
        order_id: id,
        product_id: productId,
        product_name: 'P',
        product_description: '',
        size: '',
        quantity: 1,
        price_at_time_cents: 150_000,
        product_discount_percentage: 0,
        unit_final_price_cents: 150_000,
      })
      .execute();
  }
  return id;
}

function productTotals(id: number) {
  return t.db.kysely
    .selectFrom('products')
    .select(['rating_sum', 'rating_count'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

function postRating(payload: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: '/api/rating/create', payload });
}

describe('product ratings', () => {
  let ordered: number;
  let other: number;
  let orderId: number;
  beforeAll(async () => {
    ordered = await insertProduct('Robe kabyle');
    other = await insertProduct('Savon noir');
    orderId = await insertOrder(PHONE, [ordered]);
  });

  it('refuses a product that is not in the order with 403', async () => {
    const res = await postRating({
      product_id: other,
      order_id: orderId,
      customer_name: 'Amina',
      customer_phone: PHONE,
      rating: 4,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ status: 403, message: RATING_REFUSED });
    expect(await productTotals(other)).toEqual({ rating_sum: 0, rating_count: 0 });
  });

  it('refuses another phone, an unknown order and a cancelled one, all with the same answer', async () => {
    const base = { product_id: ordered, customer_name: 'Amina', rating: 4 };
    const cancelled = await insertOrder(PHONE, [ordered]);
    await t.db.kysely.updateTable('orders').set({ status: 'cancelled' }).where('id', '=', cancelled).execute();
    for (const payload of [
      { ...base, order_id: orderId, customer_phone: '0770000000' },
      { ...base, order_id: 999_999, customer_phone: PHONE },
      { ...base, order_id: cancelled, customer_phone: PHONE },
    ]) {
      const res = await postRating(payload);
      // Nothing tells which part was wrong.
      expect(res.json()).toEqual({ status: 403, message: RATING_REFUSED, data: null });
    }
    expect(await productTotals(ordered)).toEqual({ rating_sum: 0, rating_count: 0 });
  });

  it('validates the payload with French messages', async () => {
    const res = await postRating({
      product_id: ordered,
      order_id: orderId,
      customer_name: 'A',
      customer_phone: PHONE,
      rating: 9,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toBe('La note doit être entre 1 et 5');
  });

  it('accepts a rating of an ordered product and updates its totals; a second one is refused', async () => {
    const payload = {
      product_id: ordered,
      order_id: orderId,
      customer_name: 'Amina',
      customer_phone: PHONE,
      rating: 4,
      review: ' Très belle robe ',
    };
    const before = await t.app.inject({ method: 'GET', url: `/api/product/get/${ordered}` });
    expect(before.json()).toMatchObject({ data: { average_rating: 0, total_ratings: 0 } });
    const res = await postRating(payload);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      status: 201,
      data: { product_id: ordered, rating: 4, review: 'Très belle robe' },
    });
    expect(JSON.stringify(res.json())).not.toContain(PHONE);
    expect(await productTotals(ordered)).toEqual({ rating_sum: 4, rating_count: 1 });
    const product = await t.app.inject({ method: 'GET', url: `/api/product/get/${ordered}` });
    expect(product.json()).toMatchObject({ data: { average_rating: 4, total_ratings: 1 } });

    const again = await postRating({ ...payload, rating: 5 });
    expect(again.json()).toEqual({ status: 403, message: RATING_REFUSED, data: null });
    expect(await productTotals(ordered)).toEqual({ rating_sum: 4, rating_count: 1 });
  });

  it('defaults the review to an empty string', async () => {
    const secondOrder = await insertOrder(PHONE, [ordered, other]);
    const res = await postRating({
      product_id: other,
      order_id: secondOrder,
      customer_name: 'Amina',
      customer_phone: PHONE,
      rating: 2,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json<{ data: { review: string } }>().data.review).toBe('');
    expect(await productTotals(other)).toEqual({ rating_sum: 2, rating_count: 1 });
  });

  it('lists ratings grouped by product for the admin, newest activity first', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/rating/getAllRatings/1/1',
      headers: await t.adminHeaders(),
    });
    expect(res.statusCode).toBe(200);
    const data = res.json<{
      data: {
        data: {
          product_id: number;
          product_name: string;
          summary: { average_rating: number; total_ratings: number };
          recent_reviews: { id: number; rating: number }[];
        }[];
        total_pages: number;
        total_ratings: number;
      };
    }>().data;
    expect(data.total_ratings).toBe(2);
    expect(data.total_pages).toBe(2);
    expect(data.data).toHaveLength(1);
    expect(data.data[0]).toMatchObject({
      product_id: other,
      product_name: 'Savon noir',
      summary: { average_rating: 2, total_ratings: 1 },
    });
    const page2 = await t.app.inject({
      method: 'GET',
      url: '/api/rating/getAllRatings/2/1',
      headers: await t.adminHeaders(),
    });
    expect(page2.json<{ data: { data: { product_id: number }[] } }>().data.data[0]?.product_id).toBe(ordered);
  });

  it('removing a rating takes it off the product totals; a missing one is 404', async () => {
    const rating = await t.db.kysely
      .selectFrom('product_ratings')
      .select('id')
      .where('product_id', '=', ordered)
      .executeTakeFirstOrThrow();
    const headers = await t.adminHeaders();
    const res = await t.app.inject({ method: 'POST', url: '/api/rating/remove', headers, payload: { id: rating.id } });
    expect(res.statusCode).toBe(200);
    expect(await productTotals(ordered)).toEqual({ rating_sum: 0, rating_count: 0 });
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/rating/remove',
      headers,
      payload: { id: rating.id },
    });
    expect(again.statusCode).toBe(404);
  });
});

describe('brand ratings', () => {
  const BRAND_PHONE = '0550998877';

  function postBrand(payload: Record<string, unknown>, ip = '10.1.0.1') {
    return t.app.inject({ method: 'POST', url: '/api/BrandRating/create', payload, remoteAddress: ip });
  }

  it('validates with the French messages of SPEC §5', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ customer_phone: BRAND_PHONE, review: 'Top' }, 'Le nom est requis'],
      [{ customer_name: 'Karim', review: 'Top' }, 'Le numéro de téléphone est requis'],
      [
        { customer_name: 'Karim', customer_phone: '12345', review: 'Top' },
        'Numéro de téléphone invalide (ex. 0555 12 34 56)',
      ],
      [{ customer_name: 'Karim', customer_phone: BRAND_PHONE, review: '  ' }, 'Votre avis est requis'],
      // Over a limit, the message says the limit, not that the field is missing.
      [
        { customer_name: 'Karim', customer_phone: BRAND_PHONE, review: 'x'.repeat(2001) },
        'Votre avis ne doit pas dépasser 2000 caractères',
      ],
      [
        { customer_name: 'K'.repeat(121), customer_phone: BRAND_PHONE, review: 'Top' },
        'Le nom ne doit pas dépasser 120 caractères',
      ],
      [
        { customer_name: 'Karim', customer_phone: BRAND_PHONE, review: 'Top', rating: 0 },
        'La note doit être entre 1 et 5',
      ],
    ];
    for (const [i, [payload, message]] of cases.entries()) {
      // One address per case: brand reviews are rate-limited per client.
      const res = await postBrand(payload, `10.1.2.${i + 1}`);
      expect(res.statusCode).toBe(400);
      expect(res.json<{ message: string }>().message).toBe(message);
    }
  });

  it('accepts a review (rating defaults to 5) with the thank-you message', async () => {
    const res = await postBrand({ customer_name: 'Karim', customer_phone: BRAND_PHONE, review: 'Service rapide' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status: 201, message: 'Merci pour votre avis !', data: { rating: 5 } });
    // A phone that has ordered proves nothing by itself: no mark, and nothing said about the phone.
    const phoneOnly = await postBrand({ customer_name: 'Intrus', customer_phone: PHONE, review: 'Je devine' });
    expect(phoneOnly.json()).toMatchObject({ status: 201, data: { verified: false } });
    // A wrong order number is no proof either, and says nothing more.
    const wrong = await postBrand({ customer_name: 'Intrus', customer_phone: PHONE, order_id: 999_999, review: 'Non' });
    expect(wrong.json()).toMatchObject({ status: 201, data: { verified: false } });
    // The order's number with its phone is.
    const proven = await insertOrder(PHONE, []);
    const verified = await postBrand({
      customer_name: 'Amina',
      customer_phone: PHONE,
      order_id: `#${proven}`,
      rating: 4,
      review: 'Belle qualité',
    });
    expect(verified.json()).toMatchObject({ status: 201, data: { verified: true } });
  });

  it('public recent ratings never carry a phone and mark customers who proved an order as verified', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/BrandRating/getRecentRatings?limit=5' });
    expect(res.statusCode).toBe(200);
    const body = res.body;
    expect(body).not.toContain(BRAND_PHONE);
    expect(body).not.toContain(PHONE);
    expect(body).not.toContain('customer_phone');
    const rows = res.json<{ data: { customer_name: string; verified: boolean; review: string }[] }>().data;
    expect(rows.length).toBeGreaterThanOrEqual(2);
    expect(rows[0]).toMatchObject({ customer_name: 'Amina', verified: true, review: 'Belle qualité' });
    expect(rows.find((r) => r.customer_name === 'Karim')?.verified).toBe(false);
    expect(rows.filter((r) => r.customer_name === 'Intrus').map((r) => r.verified)).toEqual([false, false]);
    const one = await t.app.inject({ method: 'GET', url: '/api/BrandRating/getRecentRatings?limit=1' });
    expect(one.json<{ data: unknown[] }>().data).toHaveLength(1);
  });

  it('gives the admin every review with phones, the average and the total; remove deletes', async () => {
    const headers = await t.adminHeaders();
    const res = await t.app.inject({ method: 'GET', url: '/api/BrandRating/getBrandRatings', headers });
    expect(res.statusCode).toBe(200);
    const data = res.json<{
      data: { data: { id: number; customer_phone: string; rating: number }[]; average_rating: number; total: number };
    }>().data;
    expect(data.data.map((r) => r.customer_phone)).toContain(BRAND_PHONE);
    expect(data.total).toBe(data.data.length);
    const expected = Math.round((data.data.reduce((s, r) => s + r.rating, 0) / data.total) * 10) / 10;
    expect(data.average_rating).toBe(expected);

    const id = data.data[0]?.id;
    const removed = await t.app.inject({ method: 'POST', url: '/api/BrandRating/remove', headers, payload: { id } });
    expect(removed.statusCode).toBe(200);
    const again = await t.app.inject({ method: 'POST', url: '/api/BrandRating/remove', headers, payload: { id } });
    expect(again.statusCode).toBe(404);
  });

  it('gives the admin one page at a time, published or waiting, searched on the server', async () => {
    const headers = await t.adminHeaders();
    const ask = async (query: string) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/BrandRating/getBrandRatings?${query}`, headers });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ data: BrandRatingsPage }>().data;
    };
    const rows = Array.from({ length: 45 }, (_, i) => ({
      customer_name: i === 7 ? 'Zoubida Pagée' : `Client ${i}`,
      customer_phone: `0770${String(900_000 + i)}`,
      rating: 1 + (i % 5),
      review: i === 12 ? 'Livraison FULGURANTE à Tlemcen' : 'Bien',
      created_at: new Date(Date.UTC(2030, 0, 1, 0, i)).toISOString(),
      approved: i % 9 === 0 ? 0 : 1,
    }));
    await t.db.kysely.insertInto('brand_ratings').values(rows).execute();
    const everything = (await t.app.inject({ method: 'GET', url: '/api/BrandRating/getBrandRatings', headers })).json<{
      data: BrandRatingsPage;
    }>().data;

    const first = await ask('page=1&limit=10&state=published');
    expect(first.data.map((r) => r.customer_name)).toEqual(
      everything.data
        .filter((r) => r.approved)
        .slice(0, 10)
        .map((r) => r.customer_name),
    );
    expect(first.data[0]?.customer_name).toBe('Client 44');
    expect(first.pagination).toMatchObject({
      page: 1,
      limit: 10,
      total: everything.published,
      has_next_page: true,
    });
    // The figures are those of every review, whatever the page.
    expect(first).toMatchObject({
      average_rating: everything.average_rating,
      total: everything.total,
      published: everything.published,
      waiting: everything.waiting,
    });
    const second = await ask('page=2&limit=10&state=published');
    expect(second.data.map((r) => r.id)).toEqual(
      everything.data
        .filter((r) => r.approved)
        .slice(10, 20)
        .map((r) => r.id),
    );
    const waiting = await ask('page=1&state=waiting');
    expect(waiting.data.every((r) => !r.approved)).toBe(true);
    expect(waiting.pagination.total).toBe(everything.waiting);

    expect((await ask('page=1&q=zoubida')).data.map((r) => r.customer_name)).toEqual(['Zoubida Pagée']);
    expect((await ask('page=1&q=fulgurante')).data.map((r) => r.review)).toEqual(['Livraison FULGURANTE à Tlemcen']);
    expect((await ask('page=1&q=0770900003')).data.map((r) => r.customer_phone)).toEqual(['0770900003']);
    expect((await ask('page=1&q=100%25')).data).toEqual([]);

    const wrong = await t.app.inject({ method: 'GET', url: '/api/BrandRating/getBrandRatings?page=0', headers });
    expect(wrong.statusCode).toBe(400);
    const state = await t.app.inject({
      method: 'GET',
      url: '/api/BrandRating/getBrandRatings?page=1&state=hidden',
      headers,
    });
    expect(state.statusCode).toBe(400);
    expect(state.json<{ message: string }>().message).toMatch(/state must be published or waiting/);
  });

  it('rate-limits brand reviews per client address', async () => {
    const answers = [];
    for (let i = 0; i < 6; i += 1) {
      answers.push(
        await postBrand({ customer_name: 'Spam', customer_phone: BRAND_PHONE, review: `n°${i}` }, '10.7.7.7'),
      );
    }
    expect(answers.slice(0, 5).map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(answers[5]!.statusCode).toBe(429);
    // A customer is told in French.
    expect(answers[5]!.json<{ message: string }>().message).toBe(
      'Trop de demandes, veuillez réessayer dans quelques minutes',
    );
    const elsewhere = await postBrand(
      { customer_name: 'Lina', customer_phone: BRAND_PHONE, review: 'Bien' },
      '10.7.7.8',
    );
    expect(elsewhere.statusCode).toBe(201);
  });
});

describe('admin rating calls need a token', () => {
  it.each([
    ['GET', '/api/rating/getAllRatings/1/20'],
    ['POST', '/api/rating/remove'],
    ['GET', '/api/BrandRating/getBrandRatings'],
    ['POST', '/api/BrandRating/remove'],
  ] as const)('%s %s → 401', async (method, url) => {
    const res = await t.app.inject({ method, url, payload: method === 'POST' ? { id: 1 } : undefined });
    expect(res.statusCode).toBe(401);
  });
});

describe("a product's public reviews", () => {
  it('lists them newest first with the first name and initial, verified, paged', async () => {
    const product = await insertProduct('Gandoura brodée');
    const orders = [await insertOrder(PHONE, [product]), await insertOrder('0771112233', [product])];
    const posted = [
      { order_id: orders[0], customer_name: 'Yasmine  Haddad', customer_phone: PHONE, rating: 5, review: 'Superbe' },
      { order_id: orders[1], customer_name: 'Karim', customer_phone: '077 111 22 33', rating: 3, review: '' },
    ];
    for (const rating of posted) expect((await postRating({ product_id: product, ...rating })).statusCode).toBe(201);

    const res = await t.app.inject({ method: 'GET', url: `/api/rating/getProductRatings/${product}?limit=1` });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ data: { data: Record<string, unknown>[]; pagination: Record<string, unknown> } }>().data;
    expect(body.pagination).toMatchObject({ page: 1, limit: 1, total: 2, has_next_page: true });
    expect(body.data).toEqual([expect.objectContaining({ customer_name: 'Karim', rating: 3, verified: true })]);
    const second = await t.app.inject({
      method: 'GET',
      url: `/api/rating/getProductRatings/${product}?page=2&limit=1`,
    });
    const [review] = second.json<{ data: { data: Record<string, unknown>[] } }>().data.data;
    expect(review).toMatchObject({ customer_name: 'Yasmine H.', rating: 5, review: 'Superbe', verified: true });
    // The full name and the phone stay private.
    expect(second.body).not.toContain('Haddad');
    expect(Object.keys(review!).sort()).toEqual(['created_at', 'customer_name', 'id', 'rating', 'review', 'verified']);
  });

  it('answers an empty list for a product without reviews and 400 for a bad id', async () => {
    const product = await insertProduct('Sans avis');
    const res = await t.app.inject({ method: 'GET', url: `/api/rating/getProductRatings/${product}` });
    expect(res.json<{ data: { data: unknown[]; pagination: { total: number } } }>().data).toMatchObject({
      data: [],
      pagination: { total: 0 },
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/rating/getProductRatings/abc' })).statusCode).toBe(400);
  });
});
