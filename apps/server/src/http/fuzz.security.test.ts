// Bad input everywhere: every public and admin call (admin calls with a valid token) receives
// random and hostile payloads — wrong types, missing and extra fields, negative, fractional and
// huge quantities, the same product twice, big strings, unicode and control characters, SQL
// injection, unknown sizes and statuses, prices and statuses slipped into bodies. The answer is
// always a 2xx (the payload happened to be valid) or a 4xx envelope with a message, never a 5xx,
// and a refused request writes nothing. Mass assignment and SQL injection have their own tests.
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productSearchText, searchWords } from '@shop/domain/search-text';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import {
  insertCoupon,
  insertCustomItem,
  insertProduct,
  multipartBody,
  pngImage,
  type MultipartPart,
} from '../../test/fixtures.ts';

const RUNS = 40;

export const SQL_INJECTIONS = [
  "' OR '1'='1",
  "' OR 1=1 --",
  '" OR ""="',
  '1; DROP TABLE orders; --',
  "'); DELETE FROM products; --",
  '1 UNION SELECT token_hash FROM user_sessions --',
  "x' UNION SELECT customer_phone, customer_address FROM orders --",
  "1' AND (SELECT 1 FROM pg_sleep(3)) IS NOT NULL --",
  '1 AND 1=(SELECT COUNT(*) FROM sqlite_master)',
  "%' OR name LIKE '%",
  "admin'--",
  '\\x27 OR 1=1',
  '1e309',
  '0x7fffffff',
];

const WEIRD_STRINGS = [
  '',
  ' ',
  '\u0000',
  '\u0000\u0001\u001f\u007f',
  '\u202eevil\u202c',
  '\ud83d\ude00\u200d\ud83d\udd25',
  '\ud800',
  'Ω≈ç√∫˜µ≤≥÷',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '../../../../etc/passwd',
  '%00%2e%2e%2f',
  '__proto__',
  'constructor',
  'XXXL',
  'Taille unique',
  'pending',
  'successful',
  'delivered',
  'REGULAR',
  'NaN',
  'Infinity',
  '-1',
  '1.5',
  '99999999999999999999999',
  'true',
  'null',
];

const bigString = 'é'.repeat(150_000); // 300 kB: under the body limit, far over every field limit

const hostileString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.constantFrom(...SQL_INJECTIONS, ...WEIRD_STRINGS),
  fc.constant(bigString),
);
const hostileNumber = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(-1, 0, 0.5, 1.5, -0.01, 1e21, 2 ** 31, 2 ** 53 + 1, Number.MAX_VALUE, -Number.MAX_VALUE),
);
const hostileScalar = fc.oneof(hostileString, hostileNumber, fc.boolean(), fc.constant(null));
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileScalar },
  { weight: 1, arbitrary: fc.array(hostileScalar, { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), hostileScalar, { maxKeys: 4 }) },
);

/** Fields an attacker would like to set himself; every create body gets some of them. */
const MASS_ASSIGNMENT = {
  id: 1,
  created_at: '2000-01-01T00:00:00.000Z',
  updated_at: '2000-01-01T00:00:00.000Z',
  status: 'successful',
  final_total: 0.01,
  final_price: 0.01,
  total: 0,
  price_cents: 1,
  current_uses: 0,
  is_primary: 1,
  verified: true,
  rating_sum: 500,
  rating_count: 1,
  user_id: 1,
  token_hash: 'x',
  role: 'owner',
  __proto__: { isAdmin: true },
};

let t: TestContext;
let admin: Record<string, string>;
const ids = { product: 0, sizedProduct: 0, type: 0, coupon: 0, item: 0, order: 0, image: 0, shipping: 0 };

interface Endpoint {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  admin?: boolean;
  body?: 'json' | 'multipart';
  /** A valid body the fuzzer starts from. */
  valid?: () => Record<string, unknown>;
  query?: string[];
}

const orderLine = fc.record({
  product_id: fc.oneof(
    fc.constant(0).map(() => ids.product),
    fc.constant(0).map(() => ids.sizedProduct),
    hostileValue,
  ),
  size: fc.oneof(fc.constantFrom('S', 'M', 'L', 'XL', 'XXL', 'Medium', 'XXXL', ''), hostileValue),
  quantity: fc.oneof(fc.constantFrom(1, 2, -1, 0, 0.5, 1e9, 1001, -0), hostileValue),
});
/** Cart lines, often the same product several times. */
const orderItems = fc.oneof(
  fc.array(orderLine, { maxLength: 6 }),
  orderLine.map((line) => [line, line, line]),
  hostileValue,
);

const regularOrder = () => ({
  customer_name: 'Amina Test',
  customer_phone: '0551234567',
  customer_address: 'Blida | 3 rue du Fuzz',
  customer_postal_code: '16000',
  subtotal: 1000,
  shipping_fee: 500,
  items: [{ product_id: ids.product, quantity: 1 }],
});

const ENDPOINTS: Endpoint[] = [
  // ---- public
  {
    method: 'GET',
    path: '/api/product/getAll',
    query: ['page', 'limit', 'type', 'min', 'max', 'q', 'sort', 'color', 'size'],
  },
  { method: 'GET', path: '/api/product/facets', query: ['type', 'min', 'max', 'q', 'color', 'size'] },
  { method: 'GET', path: '/api/product/get/:id' },
  { method: 'GET', path: '/api/product/getLatest', query: ['limit'] },
  { method: 'GET', path: '/api/product/getTopPromotions' },
  { method: 'GET', path: '/api/product/getTopSelling' },
  { method: 'GET', path: '/api/product/getRelated/:id' },
  { method: 'GET', path: '/api/product/suggest', query: ['q'] },
  { method: 'GET', path: '/api/product/getAvailableSizes/:id' },
  {
    method: 'POST',
    path: '/api/product/checkStock',
    body: 'json',
    valid: () => ({ items: [{ product_id: ids.sizedProduct, size: 'M', quantity: 1 }] }),
  },
  { method: 'GET', path: '/api/ProductType/getAll' },
  { method: 'GET', path: '/api/ShippingPrice/read' },
  { method: 'GET', path: '/api/coupon/validate/:code' },
  { method: 'GET', path: '/api/coupon/validateAndIncrement/:code' },
  { method: 'GET', path: '/api/CustomOrderItem/getAll', query: ['all'] },
  { method: 'POST', path: '/api/order', body: 'json', valid: regularOrder },
  {
    method: 'POST',
    path: '/api/Order',
    body: 'multipart',
    valid: () => ({
      ...regularOrder(),
      items: undefined,
      subtotal: 2500,
      clothing_type: 'T-shirt',
      color: 'Noir',
      size: 'M',
    }),
  },
  {
    method: 'POST',
    path: '/api/rating/create',
    body: 'json',
    valid: () => ({
      product_id: ids.product,
      order_id: ids.order,
      customer_name: 'Amina',
      customer_phone: '0551234567',
      rating: 5,
      review: 'Bien',
    }),
  },
  {
    method: 'POST',
    path: '/api/BrandRating/create',
    body: 'json',
    valid: () => ({ customer_name: 'Amina', customer_phone: '0551234567', rating: 4, review: 'Bien' }),
  },
  { method: 'GET', path: '/api/BrandRating/getRecentRatings', query: ['limit'] },
  { method: 'GET', path: '/api/rating/getProductRatings/:id', query: ['page', 'limit'] },
  { method: 'GET', path: '/api/settings' },
  { method: 'GET', path: '/api/settings/payment', admin: true },
  {
    method: 'PUT',
    path: '/api/settings/payment',
    admin: true,
    body: 'json',
    valid: () => ({ ccp: '0012345678 clé 90', rip: '', baridimob: '' }),
  },
  {
    method: 'POST',
    path: '/api/auth/login',
    body: 'json',
    valid: () => ({ username: 'admin', password: 'not-the-password' }),
  },
  // ---- admin (with a valid token)
  { method: 'GET', path: '/api/auth/me', admin: true },
  { method: 'GET', path: '/api/order/getAllOrders', admin: true, query: ['page', 'limit'] },
  { method: 'GET', path: '/api/order/searchOrders', admin: true, query: ['page', 'limit', 'phone', 'q', 'type'] },
  { method: 'GET', path: '/api/order/getOrder/:id', admin: true },
  {
    method: 'PUT',
    path: '/api/order/updateOrderStatus/:id',
    admin: true,
    body: 'json',
    valid: () => ({ status: 'approved' }),
  },
  { method: 'GET', path: '/api/order/stats', admin: true },
  {
    method: 'POST',
    path: '/api/product',
    admin: true,
    body: 'multipart',
    valid: () => ({ name: 'Robe', price: 1000, type_id: ids.type, size_m: 3, discount_percentage: 10 }),
  },
  {
    method: 'POST',
    path: '/api/product/update/:id',
    admin: true,
    body: 'multipart',
    valid: () => ({ name: 'Robe', price: 1000, type_id: ids.type, 'sizes[M]': 4 }),
  },
  // The product form's colours and size scales (ADR 036).
  {
    method: 'POST',
    path: '/api/product',
    admin: true,
    body: 'multipart',
    valid: () => ({
      name: 'Jean',
      price: 3000,
      type_id: ids.type,
      size_scale: 'numbers',
      size_list: '38, 40',
      variants: {
        colors: [{ key: 'c1', name: 'Bleu', swatch: '#2e86c1' }],
        rows: [{ color: 'c1', size: '40', stock: 2, sku: 'J-40', price_diff: 100 }],
      },
    }),
  },
  {
    method: 'POST',
    path: '/api/product/update/:id',
    admin: true,
    body: 'multipart',
    valid: () => ({
      name: 'Robe',
      price: 1000,
      type_id: ids.type,
      size_scale: 'one',
      variants: {
        colors: [{ key: 'c1', name: 'Rouge', swatch: '#c0392b' }],
        rows: [{ color: 'c1', size: 'TU', stock: 1 }],
      },
    }),
  },
  {
    method: 'PUT',
    path: '/api/product/updateDiscount/:id',
    admin: true,
    body: 'json',
    valid: () => ({ discount_percentage: 20 }),
  },
  { method: 'PUT', path: '/api/product/setPrimaryImage/:productId/:imageId', admin: true },
  {
    method: 'POST',
    path: '/api/ProductType/',
    admin: true,
    body: 'json',
    valid: () => ({ name: 'Type', description: 'Desc', for_custom: false }),
  },
  {
    method: 'PUT',
    path: '/api/ProductType/update/:id',
    admin: true,
    body: 'json',
    valid: () => ({ name: 'Type', description: 'Desc', for_custom: true }),
  },
  {
    method: 'POST',
    path: '/api/CustomOrderItem/store',
    admin: true,
    body: 'json',
    valid: () => ({ name: 'Hoodie', base_price: 3000, available_sizes: 'S, M', available_colors: ['Noir'] }),
  },
  {
    method: 'PUT',
    path: '/api/CustomOrderItem/update/:id',
    admin: true,
    body: 'json',
    valid: () => ({ name: 'Hoodie', base_price: 3000, available_sizes: ['M'], available_colors: 'Noir' }),
  },
  { method: 'PUT', path: '/api/CustomOrderItem/toggleActive/:id', admin: true },
  { method: 'GET', path: '/api/coupon/', admin: true },
  {
    method: 'POST',
    path: '/api/coupon/',
    admin: true,
    body: 'json',
    valid: () => ({ code: 'NEW10', discount_percentage: 10, max_uses: 5, expiry_date: '2999-12-31', is_active: true }),
  },
  { method: 'PUT', path: '/api/coupon/toggle/:id', admin: true },
  { method: 'GET', path: '/api/rating/getAllRatings/:page/:limit', admin: true },
  { method: 'GET', path: '/api/BrandRating/getBrandRatings', admin: true },
  {
    method: 'POST',
    path: '/api/ShippingPrice/create',
    admin: true,
    body: 'json',
    valid: () => ({ wilaya_name: 'Nouvelle', price: 600 }),
  },
  {
    method: 'POST',
    path: '/api/ShippingPrice/update',
    admin: true,
    body: 'json',
    valid: () => ({ id: ids.shipping, wilaya_name: 'Alger', price: 400 }),
  },
  // Destructive calls last: they may remove the rows the others start from.
  { method: 'POST', path: '/api/rating/remove', admin: true, body: 'json', valid: () => ({ id: 1 }) },
  { method: 'POST', path: '/api/BrandRating/remove', admin: true, body: 'json', valid: () => ({ id: 1 }) },
  { method: 'POST', path: '/api/ShippingPrice/delete', admin: true, body: 'json', valid: () => ({ id: 10_000 }) },
  {
    method: 'POST',
    path: '/api/ShippingPrice/commune/delete',
    admin: true,
    body: 'json',
    valid: () => ({ id: 10_000, commune: 'Hydra' }),
  },
  { method: 'DELETE', path: '/api/product/deleteImage/:imageId', admin: true },
  { method: 'DELETE', path: '/api/CustomOrderItem/delete/:id', admin: true },
  { method: 'DELETE', path: '/api/ProductType/delete/:id', admin: true },
  { method: 'DELETE', path: '/api/product/delete/:id', admin: true },
];

/** A path parameter: a known id, a random number or anything hostile, URL-encoded. */
function pathParam(name: string): fc.Arbitrary<string> {
  const known: Record<string, () => number | string> = {
    id: () => ids.product,
    productId: () => ids.product,
    imageId: () => ids.image,
    code: () => 'FUZZ10',
    page: () => 1,
    limit: () => 20,
  };
  return fc.oneof(
    fc.constant(0).map(() => String(known[name]?.() ?? 1)),
    fc.integer({ min: -5, max: 3_000_000_000 }).map(String),
    hostileString.filter((s) => s.length < 2000).map((v) => percentEncode(v) || '%20'),
    // Broken percent-encoding, sent as is.
    fc.constantFrom('%', '%zz', '%E0%A4%A', '%00', '%C0%AE%C0%AE%2F', '..%2F..%2F'),
  );
}

/** encodeURIComponent, byte by byte, so lone surrogates go out as their UTF-8 replacement. */
function percentEncode(value: string): string {
  return [...Buffer.from(value, 'utf8')]
    .map((b) =>
      /[A-Za-z0-9\-_.~]/.test(String.fromCharCode(b)) ? String.fromCharCode(b) : `%${b.toString(16).padStart(2, '0')}`,
    )
    .join('');
}

function queryArb(keys: string[]): fc.Arbitrary<string> {
  return fc
    .dictionary(fc.oneof(fc.constantFrom(...keys), fc.string({ maxLength: 6 })), hostileScalar, { maxKeys: 5 })
    .map((q) => {
      const params = new URLSearchParams();
      for (const [k, v] of Object.entries(q)) {
        const text = String(v);
        if (text.length < 2000) params.append(k, text);
      }
      const s = params.toString();
      return s ? `?${s}` : '';
    });
}

/** Starts from a valid body and breaks it: fields dropped, replaced, added, or a body of another type. */
function bodyArb(endpoint: Endpoint): fc.Arbitrary<unknown> {
  const valid = endpoint.valid ?? (() => ({}));
  const mutated = fc
    .record({
      drop: fc.subarray(Object.keys(valid())),
      replace: fc.dictionary(fc.constantFrom(...Object.keys(valid()), 'items'), hostileValue, { maxKeys: 3 }),
      items: orderItems,
      extra: fc.subarray(Object.keys(MASS_ASSIGNMENT)),
      unknown: fc.dictionary(fc.string({ maxLength: 10 }), hostileValue, { maxKeys: 3 }),
    })
    .map(({ drop, replace, items, extra, unknown }) => {
      const body: Record<string, unknown> = { ...valid(), ...unknown };
      if ('items' in body) body.items = items;
      for (const key of drop) body[key] = undefined;
      Object.assign(body, replace);
      for (const key of extra) body[key] = MASS_ASSIGNMENT[key as keyof typeof MASS_ASSIGNMENT];
      return body;
    });
  return fc.oneof({ weight: 5, arbitrary: mutated }, { weight: 1, arbitrary: hostileValue });
}

interface Request {
  method: Endpoint['method'];
  url: string;
  payload?: string | Buffer;
  headers: Record<string, string>;
  remoteAddress: string;
}

function requestArb(endpoint: Endpoint): fc.Arbitrary<Request> {
  const params = [...endpoint.path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  return fc
    .record({
      params: fc.tuple(...params.map(pathParam)),
      query: endpoint.query ? queryArb(endpoint.query) : fc.constant(''),
      body: endpoint.body ? bodyArb(endpoint) : fc.constant(undefined),
      raw: fc.option(fc.constantFrom('{"items":', '[', 'null', '"x"', '1e999999', '{"a":1}}', '\u0000'), {
        freq: 8,
      }),
      file: fc.option(fc.constantFrom('png', 'garbage'), { freq: 3 }),
      ip: fc.integer({ min: 1, max: 250 }),
    })
    .map(({ params: values, query, body, raw, file, ip }) => {
      let i = 0;
      const url = endpoint.path.replace(/:(\w+)/g, () => values[i++] ?? '1') + query;
      const headers: Record<string, string> = endpoint.admin ? { ...admin } : {};
      const request: Request = { method: endpoint.method, url, headers, remoteAddress: `10.66.${ip}.${ip}` };
      if (endpoint.body === 'json') {
        headers['content-type'] = 'application/json';
        request.payload = raw ?? JSON.stringify(body) ?? 'null';
      } else if (endpoint.body === 'multipart') {
        const fields = body && typeof body === 'object' && !Array.isArray(body) ? body : { value: body };
        const parts: MultipartPart[] = Object.entries(fields)
          .filter(([, v]) => v !== undefined)
          .map(([name, v]) => ({ name, value: typeof v === 'object' ? JSON.stringify(v) : String(v) }));
        if (file === 'png')
          parts.push({ name: 'images[]', value: pngPixel, filename: 'a.png', contentType: 'image/png' });
        if (file === 'garbage') {
          parts.push({
            name: 'reference_image_front',
            value: '<?php ?>',
            filename: 'a.jpg',
            contentType: 'image/jpeg',
          });
        }
        const mp = multipartBody(parts);
        Object.assign(headers, mp.headers);
        request.payload = mp.payload;
      }
      return request;
    });
}

let pngPixel: Buffer;

/** Row counts of every table a request could write, plus the stock and coupon-use totals. */
async function fingerprint(): Promise<Record<string, number>> {
  const tables = [
    'product_types',
    'products',
    'product_sizes',
    'product_colors',
    'product_images',
    'shipping_prices',
    'commune_fees',
    'coupons',
    'custom_order_items',
    'orders',
    'order_items',
    'order_reference_images',
    'order_status_history',
    'product_ratings',
    'brand_ratings',
    'users',
    'user_sessions',
  ];
  const counts = tables.map((name) => sql`(select count(*) from ${sql.table(name)}) as ${sql.ref(name)}`);
  const result = await sql<Record<string, number>>`select ${sql.join(counts)},
    (select coalesce(sum(stock), 0) from products) as product_stock,
    (select coalesce(sum(stock), 0) from product_sizes) as size_stock,
    (select coalesce(sum(current_uses), 0) from coupons) as coupon_uses`.execute(t.db.kysely);
  return Object.fromEntries(Object.entries(result.rows[0]!).map(([k, v]) => [k, Number(v)]));
}

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.adminHeaders();
  pngPixel = await pngImage(4, 4);
  const k = t.db.kysely;
  ids.product = await insertProduct(k, {
    name: 'Savon',
    price: 1000,
    stock: 100,
    type_name: 'Soins',
    image_url: '/uploads/x.webp',
  });
  ids.sizedProduct = await insertProduct(k, { name: 'Robe', price: 2000, sizes: { S: 5, M: 5 }, type_name: 'Robes' });
  ids.type = (await k.selectFrom('product_types').select('id').executeTakeFirstOrThrow()).id;
  ids.image = (await k.selectFrom('product_images').select('id').executeTakeFirstOrThrow()).id;
  ids.coupon = await insertCoupon(k, { code: 'FUZZ10' });
  ids.item = await insertCustomItem(k, { name: 'T-shirt' });
  ids.shipping = (await k.selectFrom('shipping_prices').select('id').executeTakeFirstOrThrow()).id;
  const order = await t.app.inject({ method: 'POST', url: '/api/order', payload: regularOrder() });
  expect(order.statusCode).toBe(201);
  ids.order = order.json<{ data: { order_id: number } }>().data.order_id;
});
afterAll(() => t.close());

describe('every call answers hostile input with a 4xx message or a 2xx, never a 5xx, and refusals write nothing', () => {
  for (const endpoint of ENDPOINTS) {
    it(`${endpoint.method} ${endpoint.path}`, async () => {
      await fc.assert(
        fc.asyncProperty(requestArb(endpoint), async (request) => {
          const before = await fingerprint();
          const res = await t.app.inject(request);
          const where = `${request.method} ${request.url.slice(0, 200)} ← ${String(request.payload).slice(0, 300)}`;
          expect(res.statusCode, where).toBeLessThan(500);
          if (res.statusCode >= 400) {
            const body = res.json<{ status: number; message: unknown }>();
            expect(body.status, where).toBe(res.statusCode);
            expect(typeof body.message === 'string' && body.message.length > 0, where).toBe(true);
            expect(await fingerprint(), where).toEqual(before);
          }
        }),
        { numRuns: RUNS },
      );
      // The admin token is still good: no hostile call signed us out.
      expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: admin })).statusCode).toBe(200);
    });
  }
});

describe('malformed URLs', () => {
  it('broken percent-encoding in a path is a 400 envelope that does not echo the URL', async () => {
    for (const url of ['/api/product/get/%', '/api/coupon/validate/%E0%A4%A', '/public/uploads/%zz', '/%']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual({ status: 400, message: 'Malformed URL', data: null });
    }
  });
});

describe('NUL bytes (PostgreSQL text cannot hold them: they used to give a 500 there)', () => {
  it('are refused with a 400 in paths, queries, JSON bodies and multipart fields, and nothing is written', async () => {
    const before = await fingerprint();
    const multipart = multipartBody([
      { name: 'name', value: 'Robe\u0000' },
      { name: 'price', value: '1000' },
      { name: 'type_id', value: String(ids.type) },
    ]);
    const requests = [
      { method: 'GET' as const, url: '/api/coupon/validate/%00' },
      { method: 'GET' as const, url: '/api/coupon/validateAndIncrement/FUZZ%0010' },
      { method: 'GET' as const, url: '/api/product/getAll?page=1&q=a%00b' },
      { method: 'GET' as const, url: '/api/order/searchOrders?phone=%00', headers: admin },
      { method: 'POST' as const, url: '/api/order', payload: { ...regularOrder(), customer_name: 'Amina\u0000' } },
      {
        method: 'POST' as const,
        url: '/api/BrandRating/create',
        payload: { customer_name: 'A', customer_phone: '0551234567', rating: 5, 'review\u0000': 'x', review: 'ok' },
      },
      {
        method: 'POST' as const,
        url: '/api/product',
        payload: multipart.payload,
        headers: { ...multipart.headers, ...admin },
      },
    ];
    for (const request of requests) {
      const res = await t.app.inject(request);
      expect(res.statusCode, request.url).toBe(400);
      expect(res.json(), request.url).toEqual({ status: 400, message: 'Invalid characters in request', data: null });
    }
    expect(await fingerprint()).toEqual(before);
  });
});

describe('a deeply nested body is refused, however deep', () => {
  const deep = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;
  for (const path of ['/api/order', '/api/product/checkStock', '/api/auth/login', '/api/BrandRating/create']) {
    it(`POST ${path}`, async () => {
      const before = await fingerprint();
      for (const payload of [deep(5000), `{"items":${deep(5000)}}`, `{"items":[{"product_id":${deep(100_000)}}]}`]) {
        const res = await t.app.inject({
          method: 'POST',
          url: path,
          headers: { 'content-type': 'application/json' },
          payload,
        });
        expect(res.statusCode, payload.slice(0, 40)).toBe(400);
        expect(res.json()).toEqual({ status: 400, message: 'Request body nested too deeply', data: null });
      }
      expect(await fingerprint()).toEqual(before);
    });
  }
});

describe('a 1 MB string is refused', () => {
  for (const endpoint of ENDPOINTS.filter((e) => e.body === 'json')) {
    it(`${endpoint.method} ${endpoint.path}`, async () => {
      const before = await fingerprint();
      const body = { ...endpoint.valid?.(), name: 'x'.repeat(1024 * 1024), customer_name: 'y'.repeat(1024 * 1024) };
      const res = await t.app.inject({
        method: endpoint.method,
        url: endpoint.path.replace(/:\w+/g, '1'),
        headers: endpoint.admin ? admin : {},
        payload: body,
      });
      expect(res.statusCode).toBe(413);
      // Said in the caller's language: the owner's (signing in, or with a token) English, a customer's French.
      const owner = endpoint.admin || endpoint.path.startsWith('/api/auth/');
      const message = owner ? 'Request body is too large' : 'Envoi trop volumineux';
      expect(res.json()).toEqual({ status: 413, message, data: null });
      expect(await fingerprint()).toEqual(before);
    });
  }
});

/** The fuzzing above may have deleted the seeded rows: the tests below start from fresh ones. */
async function reseed() {
  const k = t.db.kysely;
  ids.product = await insertProduct(k, { name: 'Savon', price: 1000, stock: 100, type_name: `Soins ${Date.now()}` });
  ids.type = (
    await k.selectFrom('products').select('type_id').where('id', '=', ids.product).executeTakeFirstOrThrow()
  ).type_id!;
  const order = await t.app.inject({ method: 'POST', url: '/api/order', payload: regularOrder() });
  expect(order.statusCode).toBe(201);
  ids.order = order.json<{ data: { order_id: number } }>().data.order_id;
}

describe('mass assignment: fields the client must not choose are ignored', () => {
  beforeAll(reseed);

  it('an order keeps the server status, totals, id and dates', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/order',
      payload: {
        ...regularOrder(),
        ...MASS_ASSIGNMENT,
        id: ids.order,
        discount_percentage: 100,
        discount_amount: 1000,
        coupon_code: undefined,
        items: [{ product_id: ids.product, quantity: 1, price: 0, unit_price: 0, price_at_time: 0 }],
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json<{ data: { order_id: number } }>().data.order_id;
    expect(id).not.toBe(ids.order);
    const row = await t.db.kysely.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      status: 'pending',
      final_total_cents: 150_000,
      discount_cents: 0,
      subtotal_cents: 100_000,
    });
    expect(Date.now() - Date.parse(row.created_at)).toBeLessThan(60_000);
    const line = await t.db.kysely
      .selectFrom('order_items')
      .selectAll()
      .where('order_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(line).toMatchObject({ price_at_time_cents: 100_000, unit_final_price_cents: 100_000 });
  });

  it('a coupon starts at 0 uses whatever the body says', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/coupon/',
      headers: admin,
      payload: {
        code: 'MASS1',
        discount_percentage: 10,
        max_uses: 3,
        expiry_date: '2999-01-01',
        ...MASS_ASSIGNMENT,
        current_uses: 3,
        id: ids.coupon,
      },
    });
    expect(res.statusCode).toBe(201);
    const coupon = res.json<{ data: { id: number; current_uses: number; created_at: string } }>().data;
    expect(coupon.current_uses).toBe(0);
    expect(coupon.id).not.toBe(ids.coupon);
    expect(coupon.created_at).not.toContain('2000');
  });

  it('a product ignores final_price, ratings, is_primary, id and dates', async () => {
    const { payload, headers } = multipartBody([
      { name: 'name', value: 'Robe massive' },
      { name: 'price', value: '1000' },
      { name: 'type_id', value: String(ids.type) },
      { name: 'stock', value: '4' },
      { name: 'id', value: String(ids.product) },
      { name: 'final_price', value: '1' },
      { name: 'final_price_cents', value: '1' },
      { name: 'rating_sum', value: '500' },
      { name: 'average_rating', value: '5' },
      { name: 'is_primary', value: '1' },
      { name: 'created_at', value: '2000-01-01' },
      { name: 'images[]', value: pngPixel, filename: 'a.png', contentType: 'image/png' },
    ]);
    const res = await t.app.inject({ method: 'POST', url: '/api/product', payload, headers: { ...headers, ...admin } });
    expect(res.statusCode, res.body).toBe(201);
    const product = res.json<{
      data: {
        id: number;
        final_price: number;
        average_rating: number;
        created_at: string;
        images: { is_primary: number }[];
      };
    }>().data;
    expect(product.id).not.toBe(ids.product);
    expect(product.final_price).toBe(1000);
    expect(product.average_rating).toBe(0);
    expect(product.created_at).not.toContain('2000');
    expect(product.images.map((i) => i.is_primary)).toEqual([1]);
  });

  it('a brand review cannot claim to be verified or choose its id and date', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/BrandRating/create',
      remoteAddress: '10.99.0.1',
      payload: {
        customer_name: 'Mass',
        customer_phone: '0550000000',
        rating: 5,
        review: 'Top',
        ...MASS_ASSIGNMENT,
        id: 1,
      },
    });
    expect(res.statusCode).toBe(201);
    const recent = await t.app.inject({ method: 'GET', url: '/api/BrandRating/getRecentRatings?limit=50' });
    const mine = recent
      .json<{ data: { customer_name: string; verified: boolean; created_at: string }[] }>()
      .data.find((r) => r.customer_name === 'Mass');
    expect(mine?.verified).toBe(false);
    expect(mine?.created_at).not.toContain('2000');
  });

  it('an order status update changes only the status', async () => {
    const before = await t.db.kysely
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', ids.order)
      .executeTakeFirstOrThrow();
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/order/updateOrderStatus/${ids.order}`,
      headers: admin,
      payload: { status: 'approved', final_total: 1, customer_phone: '0000000000', created_at: '2000-01-01' },
    });
    expect(res.statusCode).toBe(200);
    const after = await t.db.kysely
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', ids.order)
      .executeTakeFirstOrThrow();
    // Approving a pending order is confirming it: nothing the client sent is kept.
    expect(after).toEqual({
      ...before,
      status: 'approved',
      confirmation: 'confirmed',
      confirmed_at: after.confirmed_at,
      updated_at: after.updated_at,
    });
    expect(after.confirmed_at).toBe(after.updated_at);
  });
});

describe('SQL injection finds nothing', () => {
  it('in search, filters, codes, phones and path parameters', async () => {
    const before = await fingerprint();
    for (const attack of SQL_INJECTIONS) {
      const q = encodeURIComponent(attack);
      const search = await t.app.inject({ method: 'GET', url: `/api/product/getAll?page=1&q=${q}` });
      expect(search.statusCode).toBe(200);
      // Only products whose names hold every word of the text, as the search reads it (the fuzz
      // cases above created products with such names): an injection never widens the results.
      const found = search.json<{ data: { data: { name: string; name_ar: string | null }[] } }>().data.data;
      for (const product of found) {
        const key = productSearchText(product.name, product.name_ar);
        for (const word of searchWords(attack)) expect(key).toContain(word);
      }
      const coupon = await t.app.inject({ method: 'GET', url: `/api/coupon/validate/${q}` });
      expect([400, 404]).toContain(coupon.statusCode);
      const phone = await t.app.inject({ method: 'GET', url: `/api/order/searchOrders?phone=${q}`, headers: admin });
      expect([200, 400]).toContain(phone.statusCode);
      if (phone.statusCode === 200) expect(phone.json<{ data: { data: unknown[] } }>().data.data).toEqual([]);
      for (const url of [`/api/product/get/${q}`, `/api/order/getOrder/${q}`, `/api/product/getRelated/${q}`]) {
        const res = await t.app.inject({ method: 'GET', url, headers: admin });
        expect([400, 404], url).toContain(res.statusCode);
      }
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: attack, password: attack },
        remoteAddress: '10.55.0.1',
      });
      expect([401, 429]).toContain(login.statusCode);
    }
    const { rate_limits: _ignored, ...rest } = await fingerprint();
    expect(rest).toEqual(before);
  });
});

describe('loose input is refused, never read as something it is not', () => {
  beforeAll(reseed);

  let caller = 0;
  async function refused(request: InjectOptions, message: string) {
    const before = await fingerprint();
    // An address each: brand reviews are limited per address, and the fuzzing above used some.
    caller++;
    const res = await t.app.inject({ ...request, remoteAddress: `10.78.${caller >> 8}.${caller & 255}` });
    const where = JSON.stringify(request).slice(0, 300);
    expect(res.statusCode, where).toBe(400);
    expect(res.json<{ message: string }>().message, where).toBe(message);
    expect(await fingerprint(), where).toEqual(before);
  }
  const line = () => ({ product_id: ids.product, quantity: 1 });

  it('a boolean, a list, hex or an exponent is no number: an order, a stock check, a review, a page', async () => {
    for (const [change, message] of [
      [{ items: [{ ...line(), quantity: true }] }, 'Quantité invalide'],
      [{ items: [{ ...line(), quantity: [1] }] }, 'Quantité invalide'],
      [{ items: [{ ...line(), quantity: '0x1' }] }, 'Quantité invalide'],
      [{ items: [{ ...line(), quantity: '1e0' }] }, 'Quantité invalide'],
      [{ items: [{ ...line(), product_id: `0x${ids.product.toString(16)}` }] }, 'Invalid id'],
      [{ items: [{ ...line(), product_id: [ids.product] }] }, 'Invalid id'],
      [{ items: [{ ...line(), product_id: true }] }, 'Invalid id'],
      [{ subtotal: true }, 'Montant invalide'],
      [{ shipping_fee: [500] }, 'Montant invalide'],
      [{ subtotal: '0x3e8' }, 'Montant invalide'],
    ] as const) {
      await refused({ method: 'POST', url: '/api/order', payload: { ...regularOrder(), ...change } }, message);
    }
    await refused(
      { method: 'POST', url: '/api/product/checkStock', payload: { items: [{ ...line(), quantity: true }] } },
      'Quantité invalide',
    );
    await refused(
      {
        method: 'POST',
        url: '/api/BrandRating/create',
        payload: { customer_name: 'Amina', customer_phone: '0551234567', rating: [5], review: 'Bien' },
      },
      'La note doit être entre 1 et 5',
    );
    for (const url of ['/api/product/getAll?page=0x1', '/api/product/getAll?type=true', '/api/product/get/1e0']) {
      expect((await t.app.inject({ url })).statusCode, url).toBe(400);
    }
    const slips = await t.app.inject({ url: `/api/courier/slips?ids=0x${ids.order.toString(16)}`, headers: admin });
    expect(slips.statusCode).toBe(400);
  });

  it("what the spec's clients send still works: ids and quantities as digits, amounts as decimal text", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/order',
      payload: {
        ...regularOrder(),
        subtotal: '1000.00',
        shipping_fee: '500.00',
        items: [{ product_id: String(ids.product), quantity: '1', size: '' }],
      },
    });
    expect(res.statusCode, res.body).toBe(201);
  });

  it('a name or address that is blank, reversed or broken over lines is refused, in French or Arabic', async () => {
    for (const [change, message] of [
      [{ customer_name: '\u202e' }, 'Le nom complet contient des caractères non autorisés'],
      [{ customer_name: '\u202eanimA' }, 'Le nom complet contient des caractères non autorisés'],
      [{ customer_name: '\u200b\u200c\u200d' }, 'Le nom complet est requis'],
      [{ customer_name: '\u200f\u200e' }, 'Le nom complet est requis'],
      [{ customer_name: '\n\n' }, 'Le nom complet est requis'],
      [{ customer_name: 'Amina\nKaci' }, 'Le nom complet contient des caractères non autorisés'],
      [{ customer_name: '\u3164' }, 'Le nom complet est requis'],
      [{ customer_name: '0555' }, 'Le nom complet doit contenir des lettres'],
      [{ customer_address: 'Blida | \u2066\u2069' }, "L'adresse contient des caractères non autorisés"],
      [{ customer_address: 'Blida | 3 rue\u0085 du Fuzz' }, "L'adresse contient des caractères non autorisés"],
    ] as const) {
      await refused({ method: 'POST', url: '/api/order', payload: { ...regularOrder(), ...change } }, message);
    }
    await refused(
      { method: 'POST', url: '/api/order?lang=ar', payload: { ...regularOrder(), customer_name: '\u202eanimA' } },
      'يحتوي الاسم الكامل على رموز غير مسموح بها',
    );
    const { payload, headers } = multipartBody(
      Object.entries({
        ...regularOrder(),
        items: undefined,
        customer_name: '\u2067\u2069',
        subtotal: '2500',
        clothing_type: String(ids.item),
        color: 'Noir',
        size: 'M',
      })
        .filter(([, value]) => value !== undefined)
        .map(([name, value]) => ({ name, value: String(value) })),
    );
    await refused(
      { method: 'POST', url: '/api/Order', payload, headers },
      'Le nom complet contient des caractères non autorisés',
    );
    for (const [change, message] of [
      [{ customer_name: '\u202e' }, 'Le nom contient des caractères non autorisés'],
      [{ review: '\u200b \u200b' }, 'Votre avis est requis'],
      [{ review: 'Super\u202e' }, 'Votre avis contient des caractères non autorisés'],
    ] as const) {
      await refused(
        {
          method: 'POST',
          url: '/api/BrandRating/create',
          payload: { customer_name: 'Amina', customer_phone: '0551234567', rating: 4, review: 'Bien', ...change },
        },
        message,
      );
    }
  });

  it('names in Arabic, with their marks, and a review of several lines are kept as written', async () => {
    const name = 'عَبْدُ اللّٰه\u200f Aït-Ahmed';
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/order',
      payload: { ...regularOrder(), customer_name: name },
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json<{ data: { order_id: number } }>().data.order_id;
    const row = await t.db.kysely
      .selectFrom('orders')
      .select('customer_name')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.customer_name).toBe(name);
    const review = await t.app.inject({
      method: 'POST',
      url: '/api/BrandRating/create',
      payload: { customer_name: 'أمينة', customer_phone: '0551234567', rating: 5, review: 'Très bien.\nMerci !' },
      remoteAddress: '10.77.0.1',
    });
    expect(review.statusCode, review.body).toBe(201);
  });

  it('whatever a name is made of, an order taken keeps one with a visible letter and no control or direction character', async () => {
    const piece = fc.oneof(
      fc.constantFrom('a', 'Z', 'é', 'ع', 'ب', 'ㅤ', '1', ' ', '-', '’'),
      fc.constantFrom(
        '\u200b',
        '\u200c',
        '\u200d',
        '\u200e',
        '\u200f',
        '\u061c',
        '\ufeff',
        '\u00ad',
        '\u0651',
        '\u064e',
      ),
      fc.constantFrom('\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069'),
      fc.constantFrom('\n', '\r', '\t', '\u0000', '\u0007', '\u001b', '\u007f', '\u0085', '\u2028', '\u2029'),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(piece, { minLength: 1, maxLength: 12 }), async (pieces) => {
        const name = pieces.join('');
        const before = await fingerprint();
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/order',
          payload: { ...regularOrder(), customer_name: name },
        });
        const where = JSON.stringify(name);
        expect([201, 400], where).toContain(res.statusCode);
        if (res.statusCode === 400) {
          expect(await fingerprint(), where).toEqual(before);
          return;
        }
        const id = res.json<{ data: { order_id: number } }>().data.order_id;
        const row = await t.db.kysely
          .selectFrom('orders')
          .select('customer_name')
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
        expect(row.customer_name, where).toMatch(/(?![\u3164])\p{L}/u);
        const refusedCharacter = (c: number) =>
          c < 0x20 ||
          (c >= 0x7f && c <= 0x9f) ||
          c === 0x2028 ||
          c === 0x2029 ||
          (c >= 0x202a && c <= 0x202e) ||
          (c >= 0x2066 && c <= 0x2069);
        expect(
          [...row.customer_name].filter((c) => refusedCharacter(c.codePointAt(0) ?? 0)),
          where,
        ).toEqual([]);
      }),
      { numRuns: RUNS * 2 },
    );
  });
});
