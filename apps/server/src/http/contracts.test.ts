// The response contracts (packages/domain/*-responses.ts) declared on the routes: every API route
// declares its answers, the serializer they drive keeps every field SPEC §3 lists and the pages
// read, in the same JSON shapes (numbers stay numbers, dates ISO strings), and nothing else leaves.
// And the request contracts: a field that takes a number takes nothing else a number could be read
// from, and a field that takes a text people type refuses what typed-text.ts refuses.
import Fastify, { type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productSchema } from '@shop/domain/catalog-responses';
import { productFieldsSchema } from '@shop/domain/catalog-schemas';
import { customOrderFieldsSchema, regularOrderSchema } from '@shop/domain/order-schemas';
import { envelopeSchema } from '@shop/domain/responses';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { insertCoupon, insertCustomItem, insertProduct } from '../../test/fixtures.ts';
import { WILAYAS } from '../db/seed/wilayas.ts';

const routes: RouteOptions[] = [];
let t: TestContext;
let productId: number;
let orderId: number;
let headers: Record<string, string>;

beforeAll(async () => {
  t = await createTestContext({ onRoute: (route) => void routes.push(route) });
  headers = await t.adminHeaders();
  productId = await insertProduct(t.db.kysely, {
    name: 'Robe kabyle',
    price: 2000,
    discount_percentage: 10,
    sizes: { S: 2, M: 3 },
    type_name: 'Robes',
    image_url: '/uploads/robe.webp',
  });
  await insertCoupon(t.db.kysely, { code: 'ETE10' });
  await insertCustomItem(t.db.kysely);
  const wilaya = WILAYAS[0]!;
  const placed = await t.app.inject({
    method: 'POST',
    url: '/api/order',
    payload: {
      customer_name: 'Amina Benali',
      customer_phone: '0555123456',
      customer_address: `${wilaya.name} | 12 rue des Oliviers`,
      customer_postal_code: '01000',
      subtotal: 1800,
      shipping_fee: wilaya.price,
      items: [{ product_id: productId, quantity: 1, size: 'M' }],
    },
  });
  expect(placed.statusCode).toBe(201);
  orderId = placed.json<{ data: { order_id: number } }>().data.order_id;
});
afterAll(() => t.close());

/** A zod schema's definition (zod 4 keeps it on `_zod.def`). */
interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  innerType?: z.ZodType;
  in?: z.ZodType;
  options?: z.ZodType[];
}
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The fields of a request schema: an object's, its lists' objects', and each variant's (name → schema). */
function fieldsOf(schema: z.ZodType, prefix = ''): [string, z.ZodType][] {
  const def = defOf(schema);
  if (['optional', 'nullable', 'default', 'prefault', 'catch'].includes(def.type) && def.innerType)
    return fieldsOf(def.innerType, prefix);
  if (def.type === 'pipe' && def.in) return fieldsOf(def.in, prefix);
  if (def.type === 'union' && def.options) return def.options.flatMap((option) => fieldsOf(option, prefix));
  if (def.type !== 'object' || !def.shape) return [];
  return Object.entries(def.shape).flatMap(([name, field]): [string, z.ZodType][] => {
    let inner = field;
    for (let d = defOf(inner); ['optional', 'nullable', 'default'].includes(d.type) && d.innerType; d = defOf(inner))
      inner = d.innerType;
    const element = defOf(inner).type === 'array' ? defOf(inner).element : undefined;
    return [[`${prefix}${name}`, field], ...(element ? fieldsOf(element, `${prefix}${name}[].`) : [])];
  });
}

/** Payloads their routes read by hand (the content type decides, or the fields come in multipart). */
const READ_BY_HAND: [string, z.ZodType][] = [
  ['POST /api/order (JSON)', regularOrderSchema],
  ['POST /api/Order (multipart)', customOrderFieldsSchema],
  ['POST /api/product (multipart)', productFieldsSchema],
];

/** Every request schema of the API's routes (params, query string, body), by route. */
function requestFields(): { route: string; field: string; schema: z.ZodType }[] {
  const byHand = READ_BY_HAND.flatMap(([route, schema]) =>
    fieldsOf(schema).map(([field, fieldSchema]) => ({ route, field, schema: fieldSchema })),
  );
  return byHand.concat(
    routes
      .filter((r) => r.url.startsWith('/api/') && r.method !== 'HEAD')
      .flatMap((r) =>
        (['params', 'querystring', 'body'] as const).flatMap((part) => {
          const schema = r.schema?.[part];
          if (!(schema instanceof z.ZodType)) return [];
          return fieldsOf(schema).map(([field, fieldSchema]) => ({
            route: `${String(r.method)} ${r.url}`,
            field,
            schema: fieldSchema,
          }));
        }),
      ),
  );
}

async function get(url: string, admin = false) {
  const res = await t.app.inject({ method: 'GET', url, ...(admin ? { headers } : {}) });
  expect(res.statusCode, url).toBe(200);
  return res.json<{ data: unknown }>().data;
}

/** The fields a product answer carries: SPEC §3 (storefront, carousel and admin reads) and docs/api.md. */
const PRODUCT_FIELDS = [
  'id',
  'name',
  'description',
  'name_ar',
  'description_ar',
  'price',
  'final_price',
  'discounted_price',
  'discount_percentage',
  'average_rating',
  'total_ratings',
  'stock',
  'has_sizes',
  'type_id',
  'type_name',
  'type_name_ar',
  'created_at',
  'updated_at',
  'size_s',
  'size_m',
  'size_l',
  'size_xl',
  'size_xxl',
  'sizes',
  'images',
  // Colours and size scales (ADR 036): added, nothing of the spec's shape changed.
  'size_scale',
  'size_list',
  'colors',
  'variants',
];

describe('response contracts', () => {
  it('are declared by every API route: a success, the refusals, and 401 or 429 where they apply', () => {
    const api = routes.filter((r) => r.url.startsWith('/api/') && !r.schema?.hide && r.method !== 'HEAD');
    expect(api.length).toBeGreaterThan(50);
    for (const route of api) {
      const name = `${String(route.method)} ${route.url}`;
      const response = (route.schema?.response ?? {}) as Record<string, unknown>;
      const codes = Object.keys(response);
      expect(
        codes.some((code) => code.startsWith('2')),
        name,
      ).toBe(true);
      expect(codes, name).toEqual(expect.arrayContaining(['400', '500']));
      if (route.config?.rateLimit) expect(codes, name).toContain('429');
      for (const schema of Object.values(response)) expect(schema, name).toBeInstanceOf(z.ZodType);
    }
  });

  it('keep every field of a product, from the database and from the catalogue cache alike', async () => {
    const url = `/api/product/get/${productId}`;
    const first = await t.app.inject({ method: 'GET', url });
    const cached = await t.app.inject({ method: 'GET', url });
    expect(cached.body).toBe(first.body);
    const product = first.json<{ data: Record<string, unknown> }>().data;
    expect(Object.keys(product).sort()).toEqual([...PRODUCT_FIELDS].sort());
    expect(product).toMatchObject({
      price: 2000,
      final_price: 1800,
      discounted_price: 1800,
      discount_percentage: 10,
      average_rating: 0,
      // One M was ordered before.
      stock: 4,
      has_sizes: true,
      type_name: 'Robes',
      size_s: 2,
      size_m: 2,
      sizes: [
        { name: 'S', stock: 2 },
        { name: 'M', stock: 2 },
        { name: 'L', stock: 0 },
        { name: 'XL', stock: 0 },
        { name: 'XXL', stock: 0 },
      ],
      images: [{ image_url: '/uploads/robe.webp', is_primary: 1, width: 10, height: 10 }],
    });
    expect(product.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    const page = (await get('/api/product/getAll?page=1&limit=16')) as { data: object[]; pagination: object };
    expect(Object.keys(page.data[0] ?? {}).sort()).toEqual([...PRODUCT_FIELDS].sort());
    expect(page.pagination).toEqual({ page: 1, limit: 16, total: 1, total_pages: 1, has_next_page: false });
    for (const list of ['/api/product/getAll', '/api/product/getLatest', `/api/product/getRelated/${productId}`]) {
      for (const item of (await get(list)) as object[])
        expect(Object.keys(item).sort()).toEqual([...PRODUCT_FIELDS].sort());
    }
  });

  it("keep every field of the back office's order (SPEC §3) and of its dashboard", async () => {
    const order = (await get(`/api/order/getOrder/${orderId}`, true)) as Record<string, unknown>;
    expect(order).toMatchObject({
      id: orderId,
      type: 'regular',
      status: 'pending',
      customer_name: 'Amina Benali',
      customer_phone: '0555123456',
      customer_postal_code: '01000',
      subtotal: 1800,
      final_total: 1800 + WILAYAS[0]!.price,
      coupon_code: null,
      clothing_type: null,
      reference_images: [],
      order_items: [
        {
          product_id: productId,
          product_name: 'Robe kabyle',
          quantity: 1,
          price_at_time: 2000,
          unit_price: 1800,
          product_type: 'Robes',
          size: 'M',
          product_discount_percentage: 10,
          product_images: [{ image_url: '/uploads/robe.webp' }],
        },
      ],
      status_history: [{ from_status: null, to_status: 'pending' }],
    });
    const list = (await get('/api/order/searchOrders?page=1&limit=20', true)) as {
      data: Record<string, unknown>[];
      pagination: { has_next_page: boolean };
    };
    expect(list.pagination.has_next_page).toBe(false);
    expect(Object.keys(list.data[0] ?? {}).sort()).toEqual(
      Object.keys(order)
        // Only one order's answer carries its history, notes and the call it can undo.
        .filter((k) => !['status_history', 'notes', 'events', 'undoable_call'].includes(k))
        .sort(),
    );
    expect(await get('/api/order/stats', true)).toMatchObject({
      total_orders: 1,
      pending_orders: 1,
      total_products: 1,
      total_revenue: 0,
      by_status: { pending: 1, approved: 0, shipping: 0, successful: 0, cancelled: 0 },
    });
  });

  it('keep the fields of coupons, shipping prices, custom items and product types', async () => {
    // Beside the spec's percentage: a fixed amount in Da, null for a percentage coupon.
    expect(await get('/api/coupon/validate/ete10')).toEqual({
      code: 'ETE10',
      discount_percentage: 10,
      discount_amount: null,
    });
    const [coupon] = (await get('/api/coupon/', true)) as object[];
    expect(Object.keys(coupon ?? {}).sort()).toEqual(
      [
        'id',
        'code',
        'discount_percentage',
        'is_active',
        'max_uses',
        'current_uses',
        'expiry_date',
        'created_at',
        // Beside the spec's fields: a percentage or a fixed amount, and the orders that carry it.
        'discount_type',
        'discount_amount',
        'orders',
      ].sort(),
    );
    const [wilaya] = (await get('/api/ShippingPrice/read')) as object[];
    expect(wilaya).toEqual({
      id: expect.any(Number),
      wilaya_code: 1,
      wilaya_name: WILAYAS[0]!.name,
      price: WILAYAS[0]!.price,
      // The stop desk fee beside the spec's fields (none until the owner sets one).
      stop_desk_price: null,
      // The communes priced apart from the wilaya (none in the seed).
      communes: [],
    });
    const [item] = (await get('/api/CustomOrderItem/getAll')) as object[];
    expect(item).toEqual({
      id: expect.any(Number),
      name: 'T-shirt',
      description: 'Custom item for tests',
      name_ar: null,
      description_ar: null,
      base_price: 2500,
      available_sizes: ['S', 'M', 'L', 'XL'],
      available_colors: ['Noir', 'Blanc'],
      active: true,
    });
    expect(await get('/api/ProductType/getAll')).toEqual([
      {
        id: expect.any(Number),
        name: 'Robes',
        description: 'Robes products',
        name_ar: null,
        description_ar: null,
        for_custom: false,
      },
    ]);
  });

  it('keep the fields of reviews: public ones without a phone, the back office with it', async () => {
    const posted = await t.app.inject({
      method: 'POST',
      url: '/api/BrandRating/create',
      payload: {
        customer_name: 'Amina Benali',
        customer_phone: '0555123456',
        rating: 4,
        review: 'Très bien',
        order_id: orderId,
      },
    });
    expect(posted.statusCode).toBe(201);
    const rated = await t.app.inject({
      method: 'POST',
      url: '/api/rating/create',
      payload: {
        product_id: productId,
        order_id: orderId,
        customer_name: 'Amina Benali',
        customer_phone: '0555123456',
        rating: 5,
        review: 'Belle robe',
      },
    });
    expect(rated.statusCode).toBe(201);
    const [recent] = (await get('/api/BrandRating/getRecentRatings?limit=5')) as object[];
    expect(recent).toEqual({
      id: expect.any(Number),
      customer_name: 'Amina Benali',
      rating: 4,
      review: 'Très bien',
      created_at: expect.any(String),
      verified: true,
    });
    const reviews = (await get(`/api/rating/getProductRatings/${productId}`)) as { data: object[] };
    expect(Object.keys(reviews.data[0] ?? {}).sort()).toEqual([
      'created_at',
      'customer_name',
      'id',
      'rating',
      'review',
      'verified',
    ]);
    const brand = (await get('/api/BrandRating/getBrandRatings', true)) as {
      data: object[];
      average_rating: number;
      total: number;
    };
    expect(brand).toMatchObject({ average_rating: 4, total: 1 });
    expect(Object.keys(brand.data[0] ?? {}).sort()).toEqual([
      'approved',
      'created_at',
      'customer_name',
      'customer_phone',
      'id',
      'rating',
      'review',
    ]);
    expect(await get('/api/rating/getAllRatings/1/20', true)).toMatchObject({
      data: [{ product_id: productId, product_name: 'Robe kabyle', summary: { average_rating: 5, total_ratings: 1 } }],
      total_pages: 1,
      total_ratings: 1,
    });
  });

  it('strip what a route returns beyond its contract', async () => {
    const app = Fastify().withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    const product = (await get(`/api/product/get/${productId}`)) as z.infer<typeof productSchema>;
    app.get('/leaky', { schema: { response: { 200: envelopeSchema(productSchema) } } }, () => ({
      status: 200,
      message: 'OK',
      data: { ...product, price_cents: 200000, rating_sum: 0, images: [{ ...product.images[0]!, product_id: 1 }] },
    }));
    const res = await app.inject({ method: 'GET', url: '/leaky' });
    expect(res.json()).toEqual({ status: 200, message: 'OK', data: product });
    await app.close();
  });
});

describe('request contracts', () => {
  it('a field that takes a number takes no boolean, list, hex, exponent or blank for one', () => {
    const numeric = requestFields().flatMap(({ route, field, schema }) => {
      // (0 and 1 alone would be a yes/no field.)
      const taken = [2, 5, 16, 100].find((n) => schema.safeParse(n).success);
      // The courier's own payload (its event ids may be numbers or text), signed with the shop's secret.
      if (taken === undefined || route.includes('/webhook/')) return [];
      return [{ name: `${route} ${field}`, schema, n: taken }];
    });
    // Ids, quantities, amounts, pages, stars, percentages, thresholds, wilaya codes…
    expect(numeric.length).toBeGreaterThan(30);
    const loose = (n: number) => [
      ...(n === 1 ? [true] : []),
      [n],
      { value: n },
      `0x${n.toString(16)}`,
      `${n}e0`,
      `+${n}`,
      '',
      ' ',
      'Infinity',
    ];
    const accepted = numeric.flatMap(({ name, schema, n }) =>
      loose(n)
        // Read as a number; an empty box read as "none" (null, undefined) is not a number.
        .filter((value) => typeof schema.safeParse(value).data === 'number')
        .map((value) => `${name} took ${JSON.stringify(value)}`),
    );
    expect(accepted).toEqual([]);
    // What the spec's clients send stays accepted: digits in a string (ids from a page's address).
    const quantity = numeric.find((f) => f.name === 'POST /api/order (JSON) items[].quantity');
    expect(quantity?.schema.safeParse('2').data).toBe(2);
  });

  /**
   * Text fields that are not kept nor shown as typed: credentials compared with the database, search
   * terms, lookups by code or phone, a fee-grid file (whose cells are matched), a courier's handshake.
   */
  const NOT_KEPT = [
    /^POST \/api\/auth\/login (username|password)$/,
    // A query string's search terms and filters.
    /^GET \S+ (q|phone|wilaya|from|to|ids|all)$/,
    /^(GET|HEAD) \/api\/coupon\/\S+ code$/,
    /^DELETE \/api\/order\/blacklist\/:phone phone$/,
    /^POST \/api\/ShippingPrice\/import\/csv csv$/,
    // The couriers' own calls: their handshakes and their signed events.
    /^(GET|POST) \/api\/courier\/webhook\//,
    // A courier account's secrets (sent to the courier, never shown) and a courier's statement file.
    /^(POST|PUT) \/api\/courier\/accounts(\/:id)? (credentials\.\S+|webhook_secret|version)$/,
    // The version a form read (compared, never kept).
    /^PUT \/api\/courier\/routes version$/,
    /^POST \/api\/courier\/statements csv$/,
    // The version a form read (compared, never kept).
    /^PUT \/api\/courier\/routes version$/,
  ];

  it('a text people type refuses control and direction characters, and a blank one', () => {
    const texts = requestFields().filter(
      ({ route, field, schema }) =>
        schema.safeParse('Amina').success && !NOT_KEPT.some((pattern) => pattern.test(`${route} ${field}`)),
    );
    // Names, addresses, reviews, notes, descriptions, communes, colours…
    expect(texts.length).toBeGreaterThan(20);
    const accepted = texts.flatMap(({ route, field, schema }) =>
      ['Amina\u202e', '\u2066Amina\u2069', 'Ami\u0000na', 'Amina\u0085', '\u200b\u200f', '\u3164']
        .filter((value) => schema.safeParse(value).success)
        .map((value) => `${route} ${field} took ${JSON.stringify(value)}`),
    );
    expect(accepted).toEqual([]);
    // A name in Arabic, with its marks, stays accepted everywhere a name is.
    const names = texts.filter(({ field }) => /(^|\.)(customer_)?name$/.test(field));
    expect(names.length).toBeGreaterThan(3);
    for (const { route, field, schema } of names)
      expect(schema.safeParse('عَبْدُ اللّٰه\u200f Aït').success, `${route} ${field}`).toBe(true);
  });
});
