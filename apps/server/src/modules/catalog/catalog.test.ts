import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderRow } from '../../../test/fixtures.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { multipart, type FilePart } from '../../../test/multipart.ts';
import { NOT_AN_IMAGE_MESSAGE } from '../media/media.service.ts';
import type { Product } from './catalog.service.ts';
import { readCatalogVersion } from '../../db/catalog-changes.ts';

let t: TestContext;
let admin: Record<string, string>;
let tshirts: number;
let care: number;

function png(color: string) {
  return sharp({ create: { width: 40, height: 30, channels: 3, background: color } })
    .png()
    .toBuffer();
}

async function createProduct(fields: Record<string, string | number>, files: FilePart[] = []) {
  const { payload, headers } = multipart(fields, files);
  return t.app.inject({ method: 'POST', url: '/api/product', payload, headers: { ...headers, ...admin } });
}

async function created(fields: Record<string, string | number>, files: FilePart[] = []): Promise<Product> {
  const res = await createProduct(fields, files);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: Product }>().data;
}

async function get<T>(url: string) {
  const res = await t.app.inject({ method: 'GET', url });
  return { status: res.statusCode, body: res.json<{ status: number; message: string; data: T }>() };
}

function uploadedFiles(): string[] {
  if (!fs.existsSync(t.config.uploadsDir)) return [];
  return fs.readdirSync(t.config.uploadsDir);
}

async function createType(name: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/ProductType/',
    headers: admin,
    payload: { name, description: `${name} desc` },
  });
  expect(res.statusCode).toBe(201);
  return res.json<{ data: { id: number } }>().data.id;
}

const shirt = (name: string, price: number, extra: Record<string, string | number> = {}) => ({
  name,
  description: `${name} en coton`,
  price,
  type_id: tshirts,
  size_s: 2,
  size_m: 5,
  size_l: 0,
  size_xl: 1,
  size_xxl: 3,
  ...extra,
});

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.adminHeaders();
  tshirts = await createType('T-shirts');
  care = await createType('Soins du corps');
});
afterAll(() => t.close());

describe('admin calls need a token', () => {
  it.each([
    ['POST', '/api/product'],
    ['POST', '/api/product/update/1'],
    ['PUT', '/api/product/updateDiscount/1'],
    ['PUT', '/api/product/setPrimaryImage/1/1'],
    ['DELETE', '/api/product/delete/1'],
    ['DELETE', '/api/product/deleteImage/1'],
    ['PUT', '/api/product/images/1'],
    ['POST', '/api/ProductType/'],
    ['PUT', '/api/ProductType/update/1'],
    ['DELETE', '/api/ProductType/delete/1'],
  ] as const)('%s %s → 401', async (method, url) => {
    const res = await t.app.inject({ method, url, payload: {} });
    expect(res.statusCode).toBe(401);
    expect(res.json<{ status: number }>().status).toBe(401);
  });
});

describe('product creation with images', () => {
  it('stores two PNGs as WebP files, the first one primary, sizes summed into stock', async () => {
    const before = uploadedFiles().length;
    const product = await created(shirt('T-shirt Image', 1500.5, { discount_percentage: 20 }), [
      { field: 'images[]', filename: 'a.png', content: await png('#ff0000') },
      { field: 'images[]', filename: 'b.png', content: await png('#0000ff') },
    ]);
    expect(product).toMatchObject({
      name: 'T-shirt Image',
      price: 1500.5,
      final_price: 1200.4,
      discounted_price: 1200.4,
      discount_percentage: 20,
      stock: 11,
      has_sizes: true,
      type_id: tshirts,
      type_name: 'T-shirts',
      average_rating: 0,
      total_ratings: 0,
      size_s: 2,
      size_m: 5,
      size_l: 0,
      size_xl: 1,
      size_xxl: 3,
    });
    expect(product.sizes).toEqual([
      { name: 'S', stock: 2 },
      { name: 'M', stock: 5 },
      { name: 'L', stock: 0 },
      { name: 'XL', stock: 1 },
      { name: 'XXL', stock: 3 },
    ]);
    expect(product.images).toHaveLength(2);
    expect(product.images.map((i) => i.is_primary)).toEqual([1, 0]);
    for (const image of product.images) {
      expect(image.image_url).toMatch(/^\/uploads\/[\w-]+\.webp$/);
      const file = path.join(t.config.uploadsDir, image.image_url.replace('/uploads/', ''));
      expect((await sharp(file).metadata()).format).toBe('webp');
    }
    expect(uploadedFiles().length).toBe(before + 2);
    const row = await t.db.kysely
      .selectFrom('products')
      .select(['price_cents', 'final_price_cents'])
      .where('id', '=', product.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ price_cents: 150050, final_price_cents: 120040 });
  });

  it('accepts sizes[S]… spelling and fills missing sizes with 0', async () => {
    const product = await created({
      name: 'T-shirt sizes[]',
      price: 2000,
      type_id: tshirts,
      'sizes[M]': 4,
      'sizes[XL]': 2,
    });
    expect(product.stock).toBe(6);
    expect(product.sizes.map((s) => s.stock)).toEqual([0, 4, 0, 2, 0]);
  });

  it('refuses a text file posted as an image and writes nothing', async () => {
    const before = uploadedFiles().length;
    const res = await createProduct(shirt('Faux produit', 1000), [
      { field: 'images[]', filename: 'a.png', content: await png('#00ff00') },
      {
        field: 'images[]',
        filename: 'notes.png',
        content: Buffer.from('just some text, not an image'),
        type: 'image/png',
      },
    ]);
    expect(res.statusCode).toBe(422);
    // The owner is answered in English (DESIGN §6.3).
    expect(res.json<{ message: string }>().message).toBe(NOT_AN_IMAGE_MESSAGE.en);
    const rows = await t.db.kysely.selectFrom('products').select('id').where('name', '=', 'Faux produit').execute();
    expect(rows).toHaveLength(0);
    expect(uploadedFiles().length).toBe(before);
  });

  it('validates the fields with clear messages', async () => {
    const noName = await createProduct({ price: 100, type_id: tshirts });
    expect(noName.statusCode).toBe(400);
    expect(noName.json<{ message: string }>().message).toBe('Name is required');
    const noType = await createProduct({ name: 'X', price: 100 });
    expect(noType.statusCode).toBe(400);
    expect(noType.json<{ message: string }>().message).toBe('Type is required');
    const badDiscount = await createProduct({ name: 'X', price: 100, type_id: tshirts, discount_percentage: 150 });
    expect(badDiscount.json<{ message: string }>().message).toBe('Discount must be between 0 and 100');
    const unknownType = await createProduct({ name: 'X', price: 100, type_id: 9999 });
    expect(unknownType.statusCode).toBe(400);
    // Beyond the integer columns' range (PostgreSQL answered 500: found by the fuzz test).
    const hugeType = await createProduct({ name: 'X', price: 100, type_id: 2_147_483_648 });
    expect(hugeType.statusCode).toBe(400);
    expect(hugeType.json<{ message: string }>().message).toBe('Type not found');
    const negative = await createProduct({ name: 'X', price: 100, type_id: tshirts, size_s: -1 });
    expect(negative.statusCode).toBe(400);
    // An empty price is not 0 Da: the product would be buyable for nothing at once.
    for (const price of ['', '  ']) {
      const empty = await createProduct({ name: 'Sans prix', price, type_id: tshirts, size_m: 3 });
      expect(empty.statusCode).toBe(400);
      expect(empty.json()).toMatchObject({
        message: 'Price is required',
        data: { errors: [{ field: 'price', message: 'Price is required' }] },
      });
    }
    const noPrice = await createProduct({ name: 'Sans prix', type_id: tshirts });
    expect(noPrice.json<{ message: string }>().message).toBe('Price is required');
    // A decimal comma is a decimal comma: 1250,50 Da, never 125 050 Da.
    const comma = await created({ name: 'Virgule', price: '1250,50', type_id: tshirts, size_m: 1 });
    expect(comma.price).toBe(1250.5);
    const rows = await t.db.kysely.selectFrom('products').select('id').where('name', '=', 'Sans prix').execute();
    expect(rows).toHaveLength(0);
  });

  it('a body-care product has no sizes and its own stock', async () => {
    const product = await created({
      name: 'Crème hydratante',
      price: 1200,
      stock: 7,
      type_id: care,
      size_s: '',
      size_m: '',
      size_l: '',
      size_xl: '',
      size_xxl: '',
    });
    expect(product).toMatchObject({ has_sizes: false, stock: 7, sizes: [], size_s: 0, size_xxl: 0 });
    const sizes = await get<unknown[]>(`/api/product/getAvailableSizes/${product.id}`);
    expect(sizes.body.data).toEqual([]);
    const check = await t.app.inject({
      method: 'POST',
      url: '/api/product/checkStock',
      payload: { items: [{ product_id: product.id, size: '', quantity: 7 }] },
    });
    expect(check.json<{ data: { ok: boolean } }>().data.ok).toBe(true);
  });
});

describe('product updates and images', () => {
  it('update appends images, keeps stock when none is sent, and changes sizes when sent', async () => {
    const product = await created(shirt('À modifier', 1000), [
      { field: 'images[]', filename: 'a.png', content: await png('#123456') },
    ]);
    const keep = multipart({ name: 'Modifié', description: 'neuf', price: 1100, type_id: tshirts }, [
      { field: 'images[]', filename: 'b.png', content: await png('#654321') },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/product/update/${product.id}`,
      payload: keep.payload,
      headers: { ...keep.headers, ...admin },
    });
    expect(res.statusCode, res.body).toBe(200);
    const updated = res.json<{ data: Product }>().data;
    expect(updated).toMatchObject({ name: 'Modifié', price: 1100, stock: 11, has_sizes: true });
    expect(updated.images.map((i) => i.is_primary)).toEqual([1, 0]);
    expect(updated.images[0]?.id).toBe(product.images[0]?.id);

    const resize = multipart({ name: 'Modifié', price: 1100, type_id: tshirts, 'sizes[S]': 1, 'sizes[M]': 1 });
    const res2 = await t.app.inject({
      method: 'POST',
      url: `/api/product/update/${product.id}`,
      payload: resize.payload,
      headers: { ...resize.headers, ...admin },
    });
    expect(res2.json<{ data: Product }>().data).toMatchObject({ stock: 2, size_s: 1, size_m: 1, size_l: 0 });

    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/product/update/99999',
      payload: resize.payload,
      headers: { ...resize.headers, ...admin },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('keeps an optional Arabic name and description, given at creation, changed, kept or removed', async () => {
    const plain = await created(shirt('Sans arabe', 1000));
    expect(plain).toMatchObject({ name_ar: null, description_ar: null });
    const product = await created({ ...shirt('Robe', 1000), name_ar: ' جبة ', description_ar: 'جبة قطنية' });
    expect(product).toMatchObject({ name: 'Robe', name_ar: 'جبة', description_ar: 'جبة قطنية' });
    const update = async (fields: Record<string, string | number>) => {
      const body = multipart({ name: 'Robe', price: 1000, type_id: tshirts, ...fields });
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/product/update/${product.id}`,
        payload: body.payload,
        headers: { ...body.headers, ...admin },
      });
      return res;
    };
    // Absent: kept; empty: removed.
    expect((await update({})).json<{ data: Product }>().data).toMatchObject({
      name_ar: 'جبة',
      description_ar: 'جبة قطنية',
    });
    expect((await update({ name_ar: 'جبة صيفية', description_ar: '' })).json<{ data: Product }>().data).toMatchObject({
      name_ar: 'جبة صيفية',
      description_ar: null,
    });
    const tooLong = await update({ name_ar: 'ج'.repeat(201) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.body).toContain('Arabic name must be at most 200 characters');
    // Read back by the storefront as well.
    const read = await get<Product>(`/api/product/get/${product.id}`);
    expect(read.body.data).toMatchObject({ name_ar: 'جبة صيفية', description_ar: null });
  });

  it('setPrimaryImage leaves exactly one primary; deleteImage promotes another', async () => {
    const product = await created(shirt('Galerie', 900), [
      { field: 'images[]', filename: 'a.png', content: await png('#111111') },
      { field: 'images[]', filename: 'b.png', content: await png('#222222') },
      { field: 'images[]', filename: 'c.png', content: await png('#333333') },
    ]);
    const [first, second, third] = product.images;
    if (!first || !second || !third) throw new Error('three images expected');
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/product/setPrimaryImage/${product.id}/${third.id}`,
      headers: admin,
    });
    expect(res.statusCode).toBe(200);
    const after = res.json<{ data: Product }>().data;
    expect(after.images.filter((i) => i.is_primary === 1).map((i) => i.id)).toEqual([third.id]);
    expect(after.images[0]?.id).toBe(third.id);

    const wrong = await t.app.inject({
      method: 'PUT',
      url: `/api/product/setPrimaryImage/99999/${first.id}`,
      headers: admin,
    });
    expect(wrong.statusCode).toBe(404);

    const file = path.join(t.config.uploadsDir, third.image_url.replace('/uploads/', ''));
    expect(fs.existsSync(file)).toBe(true);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/product/deleteImage/${third.id}`, headers: admin });
    expect(del.statusCode).toBe(200);
    expect(fs.existsSync(file)).toBe(false);
    const reread = (await get<Product>(`/api/product/get/${product.id}`)).body.data;
    expect(reread.images.map((i) => [i.id, i.is_primary])).toEqual([
      [first.id, 1],
      [second.id, 0],
    ]);
    const again = await t.app.inject({ method: 'DELETE', url: `/api/product/deleteImage/${third.id}`, headers: admin });
    expect(again.statusCode).toBe(404);
  });

  it("saves the form's photos at once: making one primary keeps every photo at its place, reorders and deletes as arranged", async () => {
    const product = await created(shirt('Album', 900), [
      { field: 'images[]', filename: 'a.png', content: await png('#111111') },
      { field: 'images[]', filename: 'b.png', content: await png('#222222') },
      { field: 'images[]', filename: 'c.png', content: await png('#333333') },
    ]);
    const [a, b, c] = product.images;
    if (!a || !b || !c) throw new Error('three images expected');
    expect(product.images.map((i) => i.position)).toEqual([0, 1, 2]);
    const save = (body: Record<string, unknown>) =>
      t.app.inject({ method: 'PUT', url: `/api/product/images/${product.id}`, headers: admin, payload: body });
    const byPosition = (p: Product) => [...p.images].sort((x, y) => x.position - y.position).map((i) => i.id);

    // Making the third primary leaves every photo where it was.
    const primary = await save({ seen: [a.id, b.id, c.id], order: [a.id, b.id, c.id], primary_image_id: c.id });
    expect(primary.statusCode).toBe(200);
    const afterPrimary = primary.json<{ data: Product }>().data;
    expect(byPosition(afterPrimary)).toEqual([a.id, b.id, c.id]);
    expect(afterPrimary.images.filter((i) => i.is_primary === 1).map((i) => i.id)).toEqual([c.id]);
    // Pages still find the primary first.
    expect(afterPrimary.images[0]?.id).toBe(c.id);

    // The second moved first, the first deleted with its file; a new upload goes last.
    const fileOfA = path.join(t.config.uploadsDir, a.image_url.replace('/uploads/', ''));
    const arranged = await save({ seen: [a.id, b.id, c.id], order: [c.id, b.id], primary_image_id: c.id });
    expect(arranged.statusCode).toBe(200);
    expect(byPosition(arranged.json<{ data: Product }>().data)).toEqual([c.id, b.id]);
    expect(fs.existsSync(fileOfA)).toBe(false);
    const upload = multipart({ name: 'Album', price: 900, type_id: tshirts }, [
      { field: 'images[]', filename: 'd.png', content: await png('#444444') },
    ]);
    const updated = await t.app.inject({
      method: 'POST',
      url: `/api/product/update/${product.id}`,
      payload: upload.payload,
      headers: { ...upload.headers, ...admin },
    });
    expect(updated.statusCode).toBe(200);
    const withNew = updated.json<{ data: Product }>().data;
    expect(byPosition(withNew).slice(0, 2)).toEqual([c.id, b.id]);
    expect(withNew.images).toHaveLength(3);

    // A form opened before the new photo was added deletes nothing: 409 with the photos as they are.
    const stale = await save({ seen: [c.id, b.id], order: [c.id], primary_image_id: c.id });
    expect(stale.statusCode).toBe(409);
    expect(stale.json<{ data: { images: { id: number }[] } }>().data.images).toHaveLength(3);
    expect((await get<Product>(`/api/product/get/${product.id}`)).body.data.images).toHaveLength(3);

    // Nonsense is refused before anything is read.
    for (const body of [
      { seen: [c.id, b.id], order: [c.id, c.id], primary_image_id: c.id },
      { seen: [c.id], order: [b.id], primary_image_id: b.id },
      { seen: [c.id, b.id], order: [c.id], primary_image_id: b.id },
    ]) {
      const res = await save(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const missing = await t.app.inject({
      method: 'PUT',
      url: '/api/product/images/99999',
      headers: admin,
      payload: { seen: [], order: [], primary_image_id: null },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('updateDiscount recomputes the final price and refuses 150', async () => {
    const product = await created(shirt('Remise', 2000));
    const bad = await t.app.inject({
      method: 'PUT',
      url: `/api/product/updateDiscount/${product.id}`,
      headers: admin,
      payload: { discount_percentage: 150 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toBe('Discount must be between 0 and 100');
    const ok = await t.app.inject({
      method: 'PUT',
      url: `/api/product/updateDiscount/${product.id}`,
      headers: admin,
      payload: { discount_percentage: 25 },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json<{ data: Product }>().data).toMatchObject({ discount_percentage: 25, final_price: 1500 });
  });

  it('delete removes the product and its files; past order lines keep their snapshot', async () => {
    const product = await created(shirt('À supprimer', 1000), [
      { field: 'images[]', filename: 'a.png', content: await png('#abcdef') },
    ]);
    const now = new Date().toISOString();
    const order = await t.db.kysely
      .insertInto('orders')
      .values(
        orderRow('Client', now, {
          customer_phone: '0555000000',
          subtotal_cents: 100000,
          shipping_fee_cents: 40000,
          final_total_cents: 140000,
        }),
      )
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db.kysely
      .insertInto('order_items')
      .values({
        order_id: order.id,
        product_id: product.id,
        product_name: 'À supprimer',
        product_description: '',
        product_type: 'T-shirts',
        product_image: null,
        product_discount_percentage: 0,
        size: 'M',
        quantity: 1,
        price_at_time_cents: 100000,
        unit_final_price_cents: 100000,
      })
      .execute();
    const file = path.join(t.config.uploadsDir, (product.images[0]?.image_url ?? '').replace('/uploads/', ''));
    expect(fs.existsSync(file)).toBe(true);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/product/delete/${product.id}`, headers: admin });
    expect(res.statusCode).toBe(200);
    expect(fs.existsSync(file)).toBe(false);
    expect((await get(`/api/product/get/${product.id}`)).status).toBe(404);
    const item = await t.db.kysely
      .selectFrom('order_items')
      .select(['product_id', 'product_name'])
      .where('order_id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(item).toEqual({ product_id: null, product_name: 'À supprimer' });
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/product/delete/${product.id}`, headers: admin })).statusCode,
    ).toBe(404);
  });

  it('every admin change bumps the catalogue version', async () => {
    const version = () => readCatalogVersion(t.db.kysely);
    const before = await version();
    const product = await created(shirt('Version', 1000));
    await t.app.inject({
      method: 'PUT',
      url: `/api/product/updateDiscount/${product.id}`,
      headers: admin,
      payload: { discount_percentage: 5 },
    });
    expect(await version()).toBe(before + 2);
  });
});

describe('public reads', () => {
  let hoodies: number;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    hoodies = await createType('Hoodies');
    for (let i = 1; i <= 12; i += 1) {
      const p = await created({
        name: `Hoodie Zip ${String(i).padStart(2, '0')}`,
        price: 1000 + i * 250,
        type_id: hoodies,
        size_m: i,
        ...(i % 3 === 0 ? { discount_percentage: i } : {}),
      });
      ids[`h${i}`] = p.id;
    }
    ids.cream = (await created({ name: 'CRÈME Spéciale Solaire', price: 3100, stock: 4, type_id: care })).id;
  });

  it('clamps a price filter above every possible price instead of failing (PostgreSQL integer range)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/product/getAll?page=1&min=0&max=21474837' });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: { data: unknown[] } }>().data.data.length).toBeGreaterThan(0);
  });

  it('getAll without page returns the full list as an array', async () => {
    const res = await get<Product[]>('/api/product/getAll');
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body.data)).toBe(true);
    const total = await t.db.kysely
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(res.body.data).toHaveLength(Number(total.n));
  });

  it('getAll pages, filters by type, min and max on the final price, and sorts', async () => {
    type Page = {
      data: Product[];
      pagination: { page: number; limit: number; total: number; total_pages: number; has_next_page: boolean };
    };
    const first = await get<Page>(`/api/product/getAll?page=1&limit=5&type=${hoodies}&sort=price_asc`);
    expect(first.body.data.pagination).toEqual({ page: 1, limit: 5, total: 12, total_pages: 3, has_next_page: true });
    expect(first.body.data.data.every((p) => p.type_id === hoodies)).toBe(true);
    const second = await get<Page>(`/api/product/getAll?page=2&limit=5&type=${hoodies}&sort=price_asc`);
    expect(second.body.data.data).toHaveLength(5);
    const prices = [...first.body.data.data, ...second.body.data.data].map((p) => p.final_price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const third = await get<Page>(`/api/product/getAll?page=3&limit=5&type=${hoodies}`);
    expect(third.body.data.data).toHaveLength(2);
    expect(third.body.data.pagination.has_next_page).toBe(false);

    expect((await get(`/api/product/getAll?page=1&type=2147483648`)).status).toBe(400);

    const ranged = await get<Page>(`/api/product/getAll?page=1&type=${hoodies}&min=2000&max=3000`);
    expect(ranged.body.data.pagination.limit).toBe(16);
    expect(ranged.body.data.data.length).toBeGreaterThan(0);
    for (const p of ranged.body.data.data) {
      expect(p.final_price).toBeGreaterThanOrEqual(2000);
      expect(p.final_price).toBeLessThanOrEqual(3000);
    }
    // Hoodie 6: 2500 Da with 6% off → 2350 (in range); Hoodie 12: 4000 with 12% → 3520 (out).
    const names = ranged.body.data.data.map((p) => p.name);
    expect(names).toContain('Hoodie Zip 06');
    expect(names).not.toContain('Hoodie Zip 12');
  });

  it('q searches names case-insensitively, including accented capitals', async () => {
    type Page = { data: Product[]; pagination: { total: number } };
    // Each word anywhere in the name: "Hoodie Zip 01" … "09", and "10".
    const res = await get<Page>('/api/product/getAll?page=1&q=hoodie%20zip%200');
    expect(res.body.data.pagination.total).toBe(10);
    const cream = await get<Page>(`/api/product/getAll?page=1&q=${encodeURIComponent('spéciale')}`);
    expect(cream.body.data.data.map((p) => p.name)).toEqual(['CRÈME Spéciale Solaire']);
    const none = await get<Page>('/api/product/getAll?page=1&q=%25_nothing');
    expect(none.body.data.data).toEqual([]);
  });

  it('refuses a bad query with 400', async () => {
    expect((await get('/api/product/getAll?page=0')).status).toBe(400);
    expect((await get('/api/product/getAll?page=1&sort=cheapest')).status).toBe(400);
    expect((await get('/api/product/get/abc')).status).toBe(400);
  });

  it('get answers 404 Produit introuvable', async () => {
    const res = await get('/api/product/get/99999');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ status: 404, message: 'Produit introuvable' });
  });

  it('getLatest, getTopPromotions', async () => {
    const latest = await get<Product[]>('/api/product/getLatest');
    expect(latest.body.data).toHaveLength(10);
    expect(latest.body.data[0]?.id).toBe(ids.cream);
    expect((await get<Product[]>('/api/product/getLatest?limit=3')).body.data).toHaveLength(3);
    const promos = await get<Product[]>('/api/product/getTopPromotions');
    expect(promos.body.data.length).toBeGreaterThan(0);
    expect(promos.body.data.length).toBeLessThanOrEqual(10);
    const discounts = promos.body.data.map((p) => p.discount_percentage);
    expect(discounts.every((d) => d > 0)).toBe(true);
    expect(discounts).toEqual([...discounts].sort((a, b) => b - a));
  });

  it('getRelated: at most 10, same type first, never itself', async () => {
    const res = await get<Product[]>(`/api/product/getRelated/${ids.h1}`);
    expect(res.body.data).toHaveLength(10);
    expect(res.body.data.map((p) => p.id)).not.toContain(ids.h1);
    expect(res.body.data.every((p) => p.type_id === hoodies)).toBe(true);
    const cream = await get<Product[]>(`/api/product/getRelated/${ids.cream}`);
    expect(cream.body.data.map((p) => p.id)).not.toContain(ids.cream);
    expect(cream.body.data[0]?.type_id).toBe(care);
    expect((await get(`/api/product/getRelated/99999`)).status).toBe(404);
  });

  it('getAvailableSizes lists the sizes with their stock', async () => {
    const res = await get<{ name: string; stock: number }[]>(`/api/product/getAvailableSizes/${ids.h3}`);
    expect(res.body.data).toEqual([
      { name: 'S', stock: 0 },
      { name: 'M', stock: 3 },
      { name: 'L', stock: 0 },
      { name: 'XL', stock: 0 },
      { name: 'XXL', stock: 0 },
    ]);
  });

  it('checkStock answers per line, maps long size names and sums repeated lines', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/product/checkStock',
      payload: {
        items: [
          { product_id: ids.h3, size: 'Medium', quantity: 2 },
          { product_id: ids.h3, size: 'M', quantity: 2 },
          { product_id: ids.h5, size: 'M', quantity: 5 },
          { product_id: ids.cream, size: '', quantity: 5 },
          { product_id: 99999, size: 'M', quantity: 1 },
        ],
      },
    });
    expect(res.statusCode).toBe(200);
    const data = res.json<{ data: { ok: boolean; items: Record<string, unknown>[] } }>().data;
    expect(data.ok).toBe(false);
    expect(data.items).toEqual([
      { product_id: ids.h3, name: 'Hoodie Zip 03', size: 'M', requested: 4, available: 3, ok: false },
      { product_id: ids.h5, name: 'Hoodie Zip 05', size: 'M', requested: 5, available: 5, ok: true },
      { product_id: ids.cream, name: 'CRÈME Spéciale Solaire', size: '', requested: 5, available: 4, ok: false },
      { product_id: 99999, name: 'Produit introuvable', size: 'M', requested: 1, available: 0, ok: false },
    ]);
    const bad = await t.app.inject({ method: 'POST', url: '/api/product/checkStock', payload: { items: [] } });
    expect(bad.statusCode).toBe(400);
  });

  it('checkStock says nothing is available for a line the order would refuse for its size', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/product/checkStock',
      payload: {
        items: [
          // An unknown size is not M (the order refuses it: 'Taille invalide').
          { product_id: ids.h5, size: 'Géant', quantity: 1 },
          // A size for a product that has none (the order refuses it too).
          { product_id: ids.cream, size: 'M', quantity: 1 },
        ],
      },
    });
    const data = res.json<{ data: { ok: boolean; items: Record<string, unknown>[] } }>().data;
    expect(data.ok).toBe(false);
    expect(data.items.map((i) => [i.size, i.available, i.ok])).toEqual([
      ['Géant', 0, false],
      ['M', 0, false],
    ]);
  });
});

describe('product types', () => {
  it('creates, lists, updates and deletes; a type in use is kept until its products move', async () => {
    const id = await createType('Pantalons');
    const list = await get<{ id: number; name: string; for_custom: boolean }[]>('/api/ProductType/getAll');
    expect(list.body.data).toContainEqual({
      id,
      name: 'Pantalons',
      description: 'Pantalons desc',
      name_ar: null,
      description_ar: null,
      for_custom: false,
    });
    const upd = await t.app.inject({
      method: 'PUT',
      url: `/api/ProductType/update/${id}`,
      headers: admin,
      payload: { name: 'Jeans', description: 'Denim' },
    });
    expect(upd.statusCode).toBe(200);
    expect(upd.json<{ data: unknown }>().data).toEqual({
      id,
      name: 'Jeans',
      description: 'Denim',
      name_ar: null,
      description_ar: null,
      for_custom: false,
    });
    // An Arabic name and description: kept when absent, removed when empty.
    const arabic = await t.app.inject({
      method: 'PUT',
      url: `/api/ProductType/update/${id}`,
      headers: admin,
      payload: { name: 'Jeans', description: 'Denim', name_ar: ' جينز ', description_ar: 'قماش الدنيم' },
    });
    expect(arabic.json<{ data: unknown }>().data).toMatchObject({ name_ar: 'جينز', description_ar: 'قماش الدنيم' });
    const removed = await t.app.inject({
      method: 'PUT',
      url: `/api/ProductType/update/${id}`,
      headers: admin,
      payload: { name: 'Jeans', description: 'Denim', name_ar: '' },
    });
    expect(removed.json<{ data: unknown }>().data).toMatchObject({ name_ar: null, description_ar: 'قماش الدنيم' });
    const tooLong = await t.app.inject({
      method: 'PUT',
      url: `/api/ProductType/update/${id}`,
      headers: admin,
      payload: { name: 'Jeans', description: 'Denim', name_ar: 'ج'.repeat(101) },
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.body).toContain('Arabic name must be at most 100 characters');
    await t.app.inject({
      method: 'PUT',
      url: `/api/ProductType/update/${id}`,
      headers: admin,
      payload: { name: 'Jeans', description: 'Denim', name_ar: null, description_ar: null },
    });
    const missingDescription = await t.app.inject({
      method: 'POST',
      url: '/api/ProductType/',
      headers: admin,
      payload: { name: 'X' },
    });
    expect(missingDescription.statusCode).toBe(400);
    expect(missingDescription.json<{ message: string }>().message).toBe('Description is required');

    const product = await created({ name: 'Jean slim', price: 3000, type_id: id, size_l: 2 });
    await created({ name: 'Jean large', price: 3200, type_id: id, size_l: 1 });
    const refused = await t.app.inject({ method: 'DELETE', url: `/api/ProductType/delete/${id}`, headers: admin });
    expect(refused.json()).toEqual({
      status: 409,
      message: 'This type is used by 2 products: move them to another type first',
      data: { products: 2 },
    });
    const kept = (await get<Product>(`/api/product/get/${product.id}`)).body.data;
    expect(kept).toMatchObject({ type_id: id, type_name: 'Jeans' });
    await t.db.kysely.deleteFrom('products').where('type_id', '=', id).execute();
    const del = await t.app.inject({ method: 'DELETE', url: `/api/ProductType/delete/${id}`, headers: admin });
    expect(del.statusCode).toBe(200);
    const again = await t.app.inject({ method: 'DELETE', url: `/api/ProductType/delete/${id}`, headers: admin });
    expect(again.statusCode).toBe(404);
  });

  it('refuses a name that differs from another type only by case or accents', async () => {
    await createType('Chemises');
    for (const name of ['chemises', 'CHEMISES', 'Chémises', ' Chemises ']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/ProductType/',
        headers: admin,
        payload: { name, description: 'doublon' },
      });
      expect(res.statusCode, name).toBe(409);
      expect(res.json<{ message: string }>().message).toBe('A product type named "Chemises" already exists');
    }
  });
});

// After the public reads: the products added here would change their lists.
describe('search', () => {
  it('q matches what people type: without accents, hyphens or spaces, and on the Arabic name', async () => {
    type Page = { data: Product[]; pagination: { total: number } };
    const tee = await created({
      name: 'T-shirt Été Indigo',
      name_ar: 'تي شيرت صيفي نيلي',
      price: 1500,
      stock: 3,
      type_id: care,
    });
    const found = async (q: string) =>
      (await get<Page>(`/api/product/getAll?page=1&q=${encodeURIComponent(q)}`)).body.data.data.map((p) => p.id);
    for (const typed of ['tshirt ete', 'T shirt', 'TSHIRT-ÉTÉ', 'ete indigo', 'تي شيرت', 'تى شيرت صيفى', 'نيلي']) {
      expect(await found(typed), typed).toContain(tee.id);
    }
    expect(await found('tshirt hiver')).not.toContain(tee.id);
    // A new Arabic name is searched at once (the key is written with the change).
    const form = multipart({ name: 'T-shirt Été Indigo', price: 1500, type_id: care, name_ar: 'قميص أزرق' });
    const updated = await t.app.inject({
      method: 'POST',
      url: `/api/product/update/${tee.id}`,
      payload: form.payload,
      headers: { ...form.headers, ...admin },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(await found('قميص ازرق')).toContain(tee.id);
    expect(await found('تي شيرت')).not.toContain(tee.id);
    // Punctuation alone searches nothing in particular: every product.
    const all = await get<Page>(`/api/product/getAll?page=1&q=${encodeURIComponent(' - ')}`);
    expect(all.body.data.pagination.total).toBe(
      (await get<Page>('/api/product/getAll?page=1')).body.data.pagination.total,
    );
  });

  it('suggests the closest names when a search finds nothing', async () => {
    type Suggestion = { id: number; name: string; name_ar: string | null };
    const suggest = async (q: string) =>
      (await get<Suggestion[]>(`/api/product/suggest?q=${encodeURIComponent(q)}`)).body.data;
    const names = (list: Suggestion[]) => list.map((s) => s.name);
    expect(names(await suggest('hodie zip'))[0]).toMatch(/^Hoodie Zip/);
    expect(names(await suggest('creme solaire'))).toContain('CRÈME Spéciale Solaire');
    expect((await suggest('hoodie')).length).toBeLessThanOrEqual(3);
    expect(await suggest('xqzwv')).toEqual([]);
    expect((await get('/api/product/suggest')).status).toBe(400);
  });
});
