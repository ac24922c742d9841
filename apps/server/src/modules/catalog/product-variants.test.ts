// Colours and size scales through the catalogue's API (ADR 036, docs/api.md), on SQLite and
// (second run) PostgreSQL: what a product read shows of its variants, the shop's colour and size
// filters and facets, and the product form's variants: written as sent, checked (400, nothing
// written), and refused with the current figures when a stock the owner saw moved (409, nothing
// written).
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product, ProductFacets, StockMoved } from '@shop/domain/catalog-responses';
import { MAX_COLORS } from '@shop/domain/variants';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { insertProductType } from '../../../test/fixtures.ts';
import { multipart, type FilePart } from '../../../test/multipart.ts';

let t: TestContext;
let admin: Record<string, string>;
let typeId: number;
let otherTypeId: number;

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.adminHeaders();
  typeId = await insertProductType(t.db.kysely, 'Robes');
  otherTypeId = await insertProductType(t.db.kysely, 'Jeans');
});
afterAll(() => t.close());

type Envelope<T> = { status: number; message: string; data: T; errors?: unknown };

interface ColorInput {
  id?: number;
  key: string;
  name: string;
  name_ar?: string | null;
  swatch: string;
}
interface RowInput {
  color: string;
  size: string;
  stock: number;
  seen?: number;
  sku?: string | null;
  price_diff?: number;
}

function variants(colors: ColorInput[], rows: RowInput[], removed?: { color: string; size: string; seen: number }[]) {
  return JSON.stringify({ colors, rows, ...(removed ? { removed } : {}) });
}

const png = (color: string) =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: color } })
    .png()
    .toBuffer();

function post(url: string, fields: Record<string, string | number>, files: FilePart[] = []) {
  const { payload, headers } = multipart(fields, files);
  return t.app.inject({ method: 'POST', url, payload, headers: { ...headers, ...admin } });
}

async function create(fields: Record<string, string | number>, files: FilePart[] = []): Promise<Product> {
  const res = await post('/api/product', { description: 'Coton', type_id: typeId, price: 2000, ...fields }, files);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Envelope<Product>>().data;
}

async function read(id: number): Promise<Product> {
  const res = await t.app.inject({ url: `/api/product/get/${id}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Envelope<Product>>().data;
}

/** A save of the product form: its fields as opened, with `changes` over them. */
function save(product: Product, changes: Record<string, string | number>) {
  return post(`/api/product/update/${product.id}`, {
    name: product.name,
    description: product.description,
    price: product.price,
    type_id: product.type_id ?? typeId,
    discount_percentage: product.discount_percentage,
    ...changes,
  });
}

/** The stored rows of a product: its variants and colours, to show that a refused save wrote nothing. */
async function stored(id: number) {
  const [product, rows, colors] = await Promise.all([
    t.db.kysely
      .selectFrom('products')
      .select(['stock', 'has_sizes', 'size_scale', 'size_list', 'price_cents'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow(),
    t.db.kysely
      .selectFrom('product_sizes')
      .select(['color_id', 'size', 'stock', 'sku', 'price_diff_cents'])
      .where('product_id', '=', id)
      .orderBy('color_id')
      .orderBy('size')
      .execute(),
    t.db.kysely
      .selectFrom('product_colors')
      .select(['id', 'name', 'slug', 'swatch', 'position'])
      .where('product_id', '=', id)
      .orderBy('id')
      .execute(),
  ]);
  return { product, rows, colors };
}

/** What an order does to a variant's stock (the order path's own tests place real orders). */
async function sell(productId: number, colorId: number, size: string, units: number) {
  await t.db.kysely
    .updateTable('product_sizes')
    .set((eb) => ({ stock: eb('stock', '-', units) }))
    .where('product_id', '=', productId)
    .where('color_id', '=', colorId)
    .where('size', '=', size)
    .execute();
  await t.db.kysely
    .updateTable('products')
    .set((eb) => ({ stock: eb('stock', '-', units) }))
    .where('id', '=', productId)
    .execute();
}

const ROUGE = { key: 'c1', name: 'Rouge', name_ar: 'أحمر', swatch: '#C0392B' };
const BLEU = { key: 'c2', name: 'Bleu', swatch: '#2e86c1' };

describe('a product read', () => {
  it('without colours keeps the sizes of today, and lists its variants without a colour', async () => {
    const shirt = await create({ name: 'T-shirt uni', size_s: 2, size_m: 5, size_l: 0, size_xl: 1, size_xxl: 0 });
    const product = await read(shirt.id);
    // The spec's shape, as every product had it before colours.
    expect(product).toMatchObject({
      has_sizes: true,
      stock: 8,
      size_s: 2,
      size_m: 5,
      size_l: 0,
      size_xl: 1,
      size_xxl: 0,
      sizes: [
        { name: 'S', stock: 2 },
        { name: 'M', stock: 5 },
        { name: 'L', stock: 0 },
        { name: 'XL', stock: 1 },
        { name: 'XXL', stock: 0 },
      ],
      size_scale: 'letters',
      size_list: ['S', 'M', 'L', 'XL', 'XXL'],
      colors: [],
    });
    expect(product.variants.map((v) => [v.color_id, v.color, v.slug, v.size, v.size_label, v.stock])).toEqual([
      [0, '', '', 'S', 'S', 2],
      [0, '', '', 'M', 'M', 5],
      [0, '', '', 'L', 'L', 0],
      [0, '', '', 'XL', 'XL', 1],
      [0, '', '', 'XXL', 'XXL', 0],
    ]);
    expect(product.variants[0]).toMatchObject({
      color_ar: null,
      swatch: '',
      sku: null,
      price_diff: 0,
      final_price: 2000,
    });

    const soap = await create({ name: 'Savon noir', stock: 7 });
    expect(await read(soap.id)).toMatchObject({ has_sizes: false, stock: 7, sizes: [], variants: [], colors: [] });
  });

  it('with colours: the sizes of its first colour, the letters summed over colours, colours and photos', async () => {
    const dress = await create(
      {
        name: 'Robe été',
        discount_percentage: 10,
        size_scale: 'letters',
        variants: variants(
          [ROUGE, BLEU],
          [
            { color: 'c1', size: 'S', stock: 1 },
            { color: 'c1', size: 'M', stock: 3, sku: 'RE-R-M', price_diff: 200 },
            { color: 'c2', size: 'M', stock: 4 },
            { color: 'c2', size: 'l', stock: 2 },
          ],
        ),
      },
      [
        { field: 'images[]', filename: 'a.png', content: await png('#c0392b') },
        { field: 'images[]', filename: 'b.png', content: await png('#2e86c1') },
      ],
    );
    expect(dress).toMatchObject({
      has_sizes: true,
      stock: 10,
      size_s: 1,
      size_m: 7,
      size_l: 2,
      size_xl: 0,
      sizes: [
        { name: 'S', stock: 1 },
        { name: 'M', stock: 3 },
        { name: 'L', stock: 0 },
        { name: 'XL', stock: 0 },
        { name: 'XXL', stock: 0 },
      ],
    });
    const [rouge, bleu] = dress.colors;
    expect(dress.colors).toEqual([
      { id: rouge?.id, name: 'Rouge', name_ar: 'أحمر', slug: 'rouge', swatch: '#c0392b', image_ids: [] },
      { id: bleu?.id, name: 'Bleu', name_ar: null, slug: 'bleu', swatch: '#2e86c1', image_ids: [] },
    ]);
    expect(dress.variants).toEqual([
      {
        color_id: rouge?.id,
        color: 'Rouge',
        color_ar: 'أحمر',
        slug: 'rouge',
        swatch: '#c0392b',
        size: 'S',
        size_label: 'S',
        stock: 1,
        sku: null,
        price_diff: 0,
        final_price: 1800,
      },
      expect.objectContaining({
        color_id: rouge?.id,
        size: 'M',
        stock: 3,
        sku: 'RE-R-M',
        price_diff: 200,
        final_price: 1980,
      }),
      expect.objectContaining({ color_id: bleu?.id, color: 'Bleu', size: 'M', stock: 4 }),
      expect.objectContaining({ color_id: bleu?.id, size: 'L', stock: 2 }),
    ]);
    expect(dress.images.map((i) => i.color_id)).toEqual([null, null]);

    // Each photo given its colour.
    const [first, second] = dress.images;
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/product/images/${dress.id}`,
      headers: admin,
      payload: {
        seen: [first?.id, second?.id],
        order: [first?.id, second?.id],
        primary_image_id: first?.id,
        colors: [
          { image_id: first?.id, color_id: rouge?.id },
          { image_id: second?.id, color_id: bleu?.id },
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = await read(dress.id);
    expect(after.images.map((i) => [i.id, i.color_id])).toEqual([
      [first?.id, rouge?.id],
      [second?.id, bleu?.id],
    ]);
    expect(after.colors.map((c) => c.image_ids)).toEqual([[first?.id], [second?.id]]);

    // A colour that is not the product's: 400, nothing changed.
    const refused = await t.app.inject({
      method: 'PUT',
      url: `/api/product/images/${dress.id}`,
      headers: admin,
      payload: {
        seen: [first?.id, second?.id],
        order: [first?.id, second?.id],
        primary_image_id: first?.id,
        colors: [{ image_id: first?.id, color_id: 999_999 }],
      },
    });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json<Envelope<null>>().message).toBe("The colour 999999 is not one of this product's colours");
    expect((await read(dress.id)).images.map((i) => i.color_id)).toEqual([rouge?.id, bleu?.id]);
  });

  it('in numbers, ages and one size: its own sizes, in order, with their labels', async () => {
    const jeans = await create({
      name: 'Jean droit',
      size_scale: 'numbers',
      size_list: '36, 38, 40, 42,5',
      variants: variants(
        [],
        [
          { color: '', size: '40', stock: 3 },
          { color: '', size: '36', stock: 1 },
          { color: '', size: '42,5', stock: 2 },
        ],
      ),
    });
    expect(jeans).toMatchObject({
      size_scale: 'numbers',
      size_list: ['36', '38', '40', '42.5'],
      stock: 6,
      size_m: 0,
      sizes: [
        { name: '36', stock: 1 },
        { name: '38', stock: 0 },
        { name: '40', stock: 3 },
        { name: '42.5', stock: 2 },
      ],
    });
    expect(jeans.variants.map((v) => v.size)).toEqual(['36', '40', '42.5']);

    const set = await create({
      name: 'Ensemble enfant',
      size_scale: 'ages',
      size_list: '18 mois, 2 ans, 4 ans',
      variants: variants(
        [BLEU],
        [
          { color: 'c2', size: '2 ans', stock: 5 },
          { color: 'c2', size: '18m', stock: 1 },
        ],
      ),
    });
    expect(set.size_list).toEqual(['18m', '2a', '4a']);
    expect(set.variants.map((v) => [v.size, v.size_label])).toEqual([
      ['18m', '18 mois'],
      ['2a', '2 ans'],
    ]);
    expect(set.sizes).toEqual([
      { name: '18m', stock: 1 },
      { name: '2a', stock: 5 },
      { name: '4a', stock: 0 },
    ]);

    const cap = await create({
      name: 'Casquette',
      size_scale: 'one',
      variants: variants(
        [ROUGE, BLEU],
        [
          { color: 'c1', size: 'TU', stock: 4 },
          { color: 'c2', size: '', stock: 0 },
        ],
      ),
    });
    expect(cap).toMatchObject({ size_scale: 'one', size_list: ['TU'], stock: 4, sizes: [{ name: 'TU', stock: 4 }] });
    expect(cap.variants.map((v) => [v.slug, v.size, v.size_label, v.stock])).toEqual([
      ['rouge', 'TU', 'Taille unique', 4],
      ['bleu', 'TU', 'Taille unique', 0],
    ]);
  });
});

describe('the shop list: colour and size filters, facets', () => {
  const ids: Record<string, number> = {};
  const q = 'filtre';

  beforeAll(async () => {
    ids.robe = (
      await create({
        name: 'Robe filtre',
        price: 3000,
        variants: variants(
          [ROUGE, BLEU],
          [
            { color: 'c1', size: 'M', stock: 2 },
            { color: 'c1', size: 'L', stock: 0 },
            { color: 'c2', size: 'L', stock: 1 },
          ],
        ),
      })
    ).id;
    ids.jupe = (
      await create({
        name: 'Jupe filtre',
        price: 2500,
        variants: variants([{ ...ROUGE, name: 'rouge', swatch: '#ff0000' }], [{ color: 'c1', size: 'S', stock: 3 }]),
      })
    ).id;
    ids.jean = (
      await create({
        name: 'Jean filtre',
        price: 4000,
        type_id: otherTypeId,
        size_scale: 'numbers',
        size_list: '38 40 42',
        variants: variants(
          [BLEU],
          [
            { color: 'c2', size: '40', stock: 1 },
            { color: 'c2', size: '42', stock: 0 },
          ],
        ),
      })
    ).id;
    ids.shirt = (await create({ name: 'Chemise filtre', price: 1500, size_s: 0, size_m: 4 })).id;
    ids.soap = (await create({ name: 'Savon filtre', price: 500, stock: 9 })).id;
  });

  async function list(query: string) {
    const res = await t.app.inject({ url: `/api/product/getAll?q=${q}&${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res
      .json<Envelope<Product[]>>()
      .data.map((p) => p.id)
      .sort((a, b) => a - b);
  }
  const sorted = (...names: string[]) => names.map((n) => ids[n] ?? 0).sort((a, b) => a - b);

  it('keeps the products with a variant in stock of that colour, that size, or both', async () => {
    expect(await list('color=rouge')).toEqual(sorted('robe', 'jupe'));
    expect(await list('color=bleu')).toEqual(sorted('robe', 'jean'));
    expect(await list('size=M')).toEqual(sorted('robe', 'shirt'));
    // Rouge L has no stock; Bleu L has.
    expect(await list('color=rouge&size=L')).toEqual([]);
    expect(await list('color=bleu&size=L')).toEqual(sorted('robe'));
    expect(await list('size=40')).toEqual(sorted('jean'));
    expect(await list('size=42')).toEqual([]);
    expect(await list('color=vert')).toEqual([]);
    // With the other filters and paging.
    expect(await list(`color=bleu&type=${otherTypeId}`)).toEqual(sorted('jean'));
    const page = await t.app.inject({ url: `/api/product/getAll?q=${q}&color=rouge&page=1&limit=1` });
    expect(page.json<Envelope<{ data: Product[]; pagination: { total: number } }>>().data.pagination.total).toBe(2);
  });

  it('answers the colours and sizes of the other filters with their counts', async () => {
    const facets = async (query: string) => {
      const res = await t.app.inject({ url: `/api/product/facets?q=${q}&${query}` });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<Envelope<ProductFacets>>().data;
    };
    const all = await facets('');
    expect(all.colors).toEqual([
      { slug: 'bleu', name: 'Bleu', name_ar: null, swatch: '#2e86c1', count: 2 },
      {
        slug: 'rouge',
        name: expect.any(String) as string,
        name_ar: 'أحمر',
        swatch: expect.any(String) as string,
        count: 2,
      },
    ]);
    expect(all.sizes).toEqual([
      { size: 'S', label: 'S', label_ar: 'S', count: 1 },
      { size: 'M', label: 'M', label_ar: 'M', count: 2 },
      { size: 'L', label: 'L', label_ar: 'L', count: 1 },
      { size: '40', label: '40', label_ar: '40', count: 1 },
    ]);
    // Colours counted within the size asked; sizes within the colour asked.
    expect(await facets('size=L')).toMatchObject({
      colors: [{ slug: 'bleu', count: 1 }],
      sizes: all.sizes,
    });
    expect((await facets('color=rouge')).sizes.map((s) => [s.size, s.count])).toEqual([
      ['S', 1],
      ['M', 1],
    ]);
    expect((await facets('color=rouge')).colors).toEqual(all.colors);
    expect((await facets(`type=${otherTypeId}`)).colors.map((c) => [c.slug, c.count])).toEqual([['bleu', 1]]);
    expect((await facets('max=2800')).colors.map((c) => [c.slug, c.count])).toEqual([['rouge', 1]]);
  });

  it('follows the stock: a variant sold out leaves the filtered list and the counts', async () => {
    const before = await list('color=bleu&size=L');
    expect(before).toEqual(sorted('robe'));
    const robe = await read(ids.robe ?? 0);
    const bleu = robe.colors.find((c) => c.slug === 'bleu');
    const res = await save(robe, {
      variants: variants(
        robe.colors.map((c) => ({ id: c.id, key: String(c.id), name: c.name, swatch: c.swatch })),
        robe.variants.map((v) => ({
          color: String(v.color_id),
          size: v.size,
          stock: v.color_id === bleu?.id ? 0 : v.stock,
          seen: v.stock,
        })),
      ),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await list('color=bleu&size=L')).toEqual([]);
    const facets = await t.app.inject({ url: `/api/product/facets?q=${q}` });
    expect(facets.json<Envelope<ProductFacets>>().data.colors.map((c) => [c.slug, c.count])).toEqual([
      ['rouge', 2],
      ['bleu', 1],
    ]);
  });

  it('an order taking the last units of a size drops the cached filtered list and facets', async () => {
    const polo = await create({
      name: 'Polo dernier',
      price: 1000,
      size_s: 0,
      size_m: 1,
      size_l: 0,
      size_xl: 0,
      size_xxl: 0,
    });
    const filtered = async () =>
      (await t.app.inject({ url: '/api/product/getAll?q=polodernier&size=M' })).json<Envelope<Product[]>>().data;
    const facets = async () =>
      (await t.app.inject({ url: '/api/product/facets?q=polodernier' })).json<Envelope<ProductFacets>>().data;
    expect((await filtered()).map((p) => p.id)).toEqual([polo.id]);
    expect(await facets()).toEqual({ colors: [], sizes: [{ size: 'M', label: 'M', label_ar: 'M', count: 1 }] });

    const wilaya = await t.db.kysely
      .selectFrom('shipping_prices')
      .select(['wilaya_name', 'price_cents'])
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const order = await t.app.inject({
      method: 'POST',
      url: '/api/order',
      payload: {
        customer_name: 'Nadia Kaci',
        customer_phone: '0661234567',
        customer_address: `${wilaya.wilaya_name} | 5 rue des Frères`,
        customer_postal_code: '16000',
        subtotal: 1000,
        shipping_fee: wilaya.price_cents / 100,
        coupon_code: '',
        items: [{ product_id: polo.id, quantity: 1, size: 'M' }],
      },
    });
    expect(order.statusCode, order.body).toBe(201);
    expect(await filtered()).toEqual([]);
    expect(await facets()).toEqual({ colors: [], sizes: [] });
  });

  it('refuses a bad filter with a 400', async () => {
    for (const query of ['min=abc', 'color=rouge%00', 'size=%E2%80%AEM', 'color=a%20b']) {
      for (const path of ['facets', 'getAll']) {
        const res = await t.app.inject({ url: `/api/product/${path}?${query}` });
        expect(res.statusCode, `${path}?${query}`).toBe(400);
      }
    }
  });
});

describe("the product form's variants", () => {
  async function dress(name: string) {
    return create({
      name,
      variants: variants(
        [ROUGE, BLEU],
        [
          { color: 'c1', size: 'S', stock: 2 },
          { color: 'c1', size: 'M', stock: 5 },
          { color: 'c2', size: 'M', stock: 3 },
        ],
      ),
    });
  }

  /** The form as opened: every colour by id, every row with the stock seen. */
  function asOpened(product: Product) {
    return {
      colors: product.colors.map((c) => ({
        id: c.id,
        key: String(c.id),
        name: c.name,
        name_ar: c.name_ar,
        swatch: c.swatch,
      })),
      rows: product.variants.map((v) => ({
        color: v.color_id === 0 ? '' : String(v.color_id),
        size: v.size,
        stock: v.stock,
        seen: v.stock,
        sku: v.sku,
      })),
    };
  }

  it('renames a colour keeping its slug, adds one with a slug of its own, deletes one with its rows and photos', async () => {
    const product = await create(
      {
        name: 'Robe longue',
        variants: variants(
          [ROUGE, BLEU],
          [
            { color: 'c1', size: 'M', stock: 5 },
            { color: 'c2', size: 'M', stock: 3 },
          ],
        ),
      },
      [{ field: 'images[]', filename: 'b.png', content: await png('#2e86c1') }],
    );
    const [rouge, bleu] = product.colors;
    await t.app.inject({
      method: 'PUT',
      url: `/api/product/images/${product.id}`,
      headers: admin,
      payload: {
        seen: product.images.map((i) => i.id),
        order: product.images.map((i) => i.id),
        primary_image_id: product.images[0]?.id,
        colors: [{ image_id: product.images[0]?.id, color_id: bleu?.id }],
      },
    });
    const form = asOpened(product);
    const res = await save(product, {
      variants: JSON.stringify({
        // Bleu goes; Rouge is renamed and comes second; a new colour whose name makes "rouge" again.
        colors: [
          { key: 'n1', name: 'Rouge!', swatch: '#ff0000' },
          { ...form.colors[0], name: 'Bordeaux', swatch: '#800020' },
        ],
        rows: [
          { color: 'n1', size: 'L', stock: 4 },
          { color: String(rouge?.id), size: 'M', stock: 6, seen: 5 },
        ],
        removed: [{ color: String(bleu?.id), size: 'M', seen: 3 }],
      }),
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json<Envelope<Product>>().data;
    expect(saved.colors.map((c) => [c.name, c.slug, c.swatch])).toEqual([
      ['Rouge!', 'rouge-2', '#ff0000'],
      ['Bordeaux', 'rouge', '#800020'],
    ]);
    expect(saved.colors[1]?.id).toBe(rouge?.id);
    expect(saved.variants.map((v) => [v.color, v.size, v.stock])).toEqual([
      ['Rouge!', 'L', 4],
      ['Bordeaux', 'M', 6],
    ]);
    expect(saved.stock).toBe(10);
    expect(saved.sizes).toEqual([
      { name: 'S', stock: 0 },
      { name: 'M', stock: 0 },
      { name: 'L', stock: 4 },
      { name: 'XL', stock: 0 },
      { name: 'XXL', stock: 0 },
    ]);
    // The photo of the deleted colour shows every colour now.
    expect(saved.images.map((i) => i.color_id)).toEqual([null]);
    const rows = await stored(product.id);
    expect(rows.rows.some((r) => r.color_id === bleu?.id)).toBe(false);
    expect(rows.colors.map((c) => c.id)).not.toContain(bleu?.id);
  });

  it('changes the scale of a product sold by letters to numbers, its old rows deleted', async () => {
    const product = await create({ name: 'Pantalon', size_s: 1, size_m: 2, size_l: 0, size_xl: 0, size_xxl: 0 });
    const res = await save(product, {
      size_scale: 'numbers',
      size_list: '40; 42; 44',
      variants: JSON.stringify({
        colors: [],
        rows: [{ color: '', size: '42', stock: 7, sku: 'PAN-42' }],
        removed: product.variants.map((v) => ({ color: '', size: v.size, seen: v.stock })),
      }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Envelope<Product>>().data).toMatchObject({
      size_scale: 'numbers',
      size_list: ['40', '42', '44'],
      stock: 7,
      size_s: 0,
      size_m: 0,
      sizes: [
        { name: '40', stock: 0 },
        { name: '42', stock: 7 },
        { name: '44', stock: 0 },
      ],
    });
    expect((await stored(product.id)).rows).toEqual([
      { color_id: 0, size: '42', stock: 7, sku: 'PAN-42', price_diff_cents: 0 },
    ]);
    expect((await stored(product.id)).product).toMatchObject({ size_scale: 'numbers', size_list: '["40","42","44"]' });

    // Saved again without size_list: the scale keeps its sizes.
    const again = await read(product.id);
    const second = await save(again, {
      variants: variants([], [{ color: '', size: '44', stock: 1 }, ...asOpened(again).rows]),
    });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json<Envelope<Product>>().data.stock).toBe(8);
  });

  it('sells a product with one stock by variant, against the stock the form saw', async () => {
    const product = await create({ name: 'Foulard', stock: 4 });
    const moved = await save(product, {
      seen_stock: 5,
      variants: variants([ROUGE], [{ color: 'c1', size: 'TU', stock: 4 }]),
      size_scale: 'one',
    });
    expect(moved.statusCode, moved.body).toBe(409);
    expect(moved.json<Envelope<StockMoved>>().data.moved).toEqual([{ color_id: 0, size: null, seen: 5, current: 4 }]);
    expect((await stored(product.id)).product).toMatchObject({ has_sizes: 0, stock: 4 });

    const res = await save(product, {
      seen_stock: 4,
      size_scale: 'one',
      variants: variants([ROUGE], [{ color: 'c1', size: 'TU', stock: 4 }]),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Envelope<Product>>().data).toMatchObject({ has_sizes: true, stock: 4, size_scale: 'one' });
  });

  it('refuses the whole save with the current figures when a stock the owner saw moved, writing nothing', async () => {
    const product = await dress('Robe à pois');
    const rouge = product.colors[0]?.id ?? 0;
    const bleu = product.colors[1]?.id ?? 0;
    const form = asOpened(product);
    await sell(product.id, rouge, 'M', 2);
    const before = await stored(product.id);

    const res = await save(product, {
      price: 2500,
      variants: JSON.stringify({
        colors: [...form.colors, { key: 'v', name: 'Vert', swatch: '#00ff00' }],
        rows: [...form.rows.map((r) => ({ ...r, stock: r.stock + 1 })), { color: 'v', size: 'S', stock: 3 }],
      }),
    });
    expect(res.statusCode, res.body).toBe(409);
    const body = res.json<Envelope<StockMoved>>();
    expect(body.message).toBe(
      'The stock changed while you were editing: Rouge / M is now 3 (you saw 5). Nothing was saved: check the figures and save again.',
    );
    expect(body.data.moved).toEqual([{ color_id: rouge, size: 'M', seen: 5, current: 3 }]);
    expect(body.data).toMatchObject({ has_sizes: true, stock: 8 });
    expect(body.data.variants.map((v) => [v.color_id, v.size, v.stock])).toEqual([
      [rouge, 'S', 2],
      [rouge, 'M', 3],
      [bleu, 'M', 3],
    ]);
    expect(await stored(product.id)).toEqual(before);

    // A removed row whose stock moved: 409 too.
    await sell(product.id, bleu, 'M', 1);
    const removed = await save(product, {
      variants: JSON.stringify({
        colors: form.colors,
        rows: form.rows
          .filter((r) => r.color === String(rouge))
          .map((r) => ({ ...r, seen: r.size === 'M' ? 3 : r.seen })),
        removed: [{ color: String(bleu), size: 'M', seen: 3 }],
      }),
    });
    expect(removed.statusCode, removed.body).toBe(409);
    expect(removed.json<Envelope<StockMoved>>().data.moved).toEqual([
      { color_id: bleu, size: 'M', seen: 3, current: 2 },
    ]);
    expect((await stored(product.id)).rows).toHaveLength(3);
  });

  it('refuses a malformed form with a 400 naming what is wrong, writing nothing', async () => {
    const product = await dress('Robe rayée');
    const form = asOpened(product);
    const before = await stored(product.id);
    const cases: [Record<string, string | number>, string, string][] = [
      [{ variants: '{not json' }, 'variants', 'variants must be a JSON text: { "colors": [...], "rows": [...] }'],
      [
        { size_scale: 'numbers', size_list: '38, 40, XL', variants: variants([], []) },
        'size_list',
        '"XL" is not a size in numbers: type sizes like 38, 40 or 42.5',
      ],
      [
        { size_scale: 'ages', size_list: '2 ans, 2a', variants: variants([], []) },
        'size_list',
        'The size "2a" is typed twice',
      ],
      [
        { size_scale: 'numbers', variants: variants([], []) },
        'size_list',
        'Type the sizes of this scale, separated by commas (like 38, 40, 42)',
      ],
      [
        { size_scale: 'sizes', variants: variants([], []) },
        'size_scale',
        'The size scale must be letters, numbers, ages or one',
      ],
      [{ size_scale: 'one' }, 'variants', 'Send the variants (stock rows) with the size scale'],
      [
        { variants: variants(form.colors, [...form.rows, { color: form.rows[0]?.color ?? '', size: '44', stock: 1 }]) },
        'variants.rows.3.size',
        `The size "44" is not one of this product's sizes (S, M, L, XL, XXL)`,
      ],
      [
        { variants: variants([...form.colors, { key: 'x', name: 'rouge', swatch: '#000000' }], form.rows) },
        'variants.colors.2.name',
        'Two colours are named "rouge": give each colour its own name',
      ],
      [
        { variants: variants([{ key: 'x', name: 'Noir', swatch: 'black' }], []) },
        'variants.colors.0.swatch',
        'A colour swatch is written #rrggbb, like #c0392b',
      ],
      [
        {
          variants: variants(
            Array.from({ length: MAX_COLORS + 1 }, (_, i) => ({
              key: `k${i}`,
              name: `Couleur ${i}`,
              swatch: '#123456',
            })),
            [],
          ),
        },
        'variants.colors',
        `A product has at most ${MAX_COLORS} colours`,
      ],
      [
        {
          variants: variants(form.colors, [
            { ...form.rows[0], color: form.rows[0]?.color ?? '', size: 'S', stock: -1 },
          ]),
        },
        'variants.rows.0.stock',
        'Stock must be a whole number of at least 0',
      ],
      [
        {
          variants: variants(form.colors, [
            { color: form.rows[0]?.color ?? '', size: 'S', stock: 1, sku: 'x'.repeat(65) },
          ]),
        },
        'variants.rows.0.sku',
        'A SKU is at most 64 characters',
      ],
      [
        {
          variants: variants(form.colors, [
            { color: form.rows[0]?.color ?? '', size: 'S', stock: 1, price_diff: -2500 },
          ]),
        },
        'variants.rows.0.price_diff',
        'With its price difference, Rouge / S would cost less than 0 Da: lower the difference',
      ],
      [
        { variants: variants(form.colors, [{ color: 'nope', size: 'S', stock: 1 }]) },
        'variants.rows.0.color',
        'A stock row names the colour "nope", which is not in the colours',
      ],
      [
        { variants: variants(form.colors, [{ color: '', size: 'S', stock: 1 }]) },
        'variants.rows.0.color',
        'Each stock row needs a colour',
      ],
      [
        { variants: variants([{ id: 999_999, key: '999999', name: 'Noir', swatch: '#000000' }], []) },
        'variants.colors.0.id',
        "The colour 999999 is not one of this product's (it may have been deleted meanwhile): reopen the product",
      ],
      [
        {
          variants: variants(form.colors, [
            { color: form.rows[0]?.color ?? '', size: 'm', stock: 1 },
            { color: form.rows[0]?.color ?? '', size: 'M', stock: 1 },
          ]),
        },
        'variants.rows.1',
        'The variant Rouge / M is listed twice',
      ],
      [
        { 'sizes[M]': 9, 'seen_sizes[M]': 5 },
        'variants',
        'This product is sold in colours or in its own sizes: send its variants (size_scale, variants) to change its stock',
      ],
    ];
    for (const [fields, field, message] of cases) {
      const res = await save(product, fields);
      expect(res.statusCode, `${JSON.stringify(fields)}: ${res.body}`).toBe(400);
      const body = res.json<Envelope<{ errors: { field: string; message: string }[] }>>();
      expect(body.message, JSON.stringify(fields)).toBe(message);
      expect(body.data.errors[0], JSON.stringify(fields)).toEqual({ field, message });
    }
    expect(await stored(product.id)).toEqual(before);

    // A new product refused for its variants is not created.
    const count = async () =>
      Number(
        (
          await t.db.kysely
            .selectFrom('products')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const products = await count();
    const res = await post('/api/product', {
      name: 'Robe refusée',
      description: '',
      price: 1000,
      type_id: typeId,
      variants: variants([ROUGE], [{ color: 'c1', size: 'XXXL', stock: 1 }]),
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(await count()).toBe(products);
  });

  it("switching to one stock with the spec's fields drops the colours and rows", async () => {
    const product = await dress('Robe unie');
    const res = await save(product, { has_sizes: 'false', stock: 6, seen_stock: 10 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Envelope<Product>>().data).toMatchObject({
      has_sizes: false,
      stock: 6,
      colors: [],
      variants: [],
      sizes: [],
      size_scale: 'letters',
    });
    expect(await stored(product.id)).toMatchObject({ rows: [], colors: [] });
  });
});
