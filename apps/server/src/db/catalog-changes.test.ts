// Every write route that changes what the public catalogue shows must leave a change in the
// catalogue's change feed (catalog-changes.ts), or the response caches keep showing the old
// pages. The walk below finds the catalogue's write routes as the app registered them, so that a
// new one without a case here fails, then calls each and looks for its change.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { multipart } from '../../test/multipart.ts';
import type { App } from '../http/types.ts';
import { readCatalogVersion } from './catalog-changes.ts';

/** The public catalogue's paths: products, their types, their reviews and the brand's. */
const CATALOGUE = /^\/api\/(product|ProductType|rating|BrandRating)(\/|$)/;

/** Routes under those paths that change nothing shown, each with why. */
const WRITE_NOTHING_SHOWN: Record<string, string> = {
  // A cart's stock check: a read sent as POST.
  'POST /api/product/checkStock': 'reads only',
  // A customer's review waits for the owner's approval: nothing is shown until approve.
  'POST /api/rating/create': 'waits for approval',
  'POST /api/BrandRating/create': 'waits for approval',
};

/** The write routes the app registered, as "METHOD /path", from Fastify's route tree. */
function writeRoutes(app: App): string[] {
  const found: string[] = [];
  for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
    const stack: string[] = [];
    for (const line of app.printRoutes({ commonPrefix: false, method }).split('\n')) {
      const match = /^([│ ]*)[├└]── (\S+)(?: \((.+)\))?$/.exec(line);
      if (!match) continue;
      const depth = (match[1] ?? '').length / 4;
      stack.length = depth;
      const path = (stack[depth - 1] ?? '') + (match[2] ?? '');
      stack.push(path);
      if (match[3]?.split(', ').includes(method)) found.push(`${method} ${path}`);
    }
  }
  return found;
}

let t: TestContext;
let admin: Record<string, string>;
let typeId: number;

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.adminHeaders();
  typeId = (await call('POST', '/api/ProductType', { name: 'Vêtements', description: 'Vêtements' }))?.id ?? 0;
});
afterAll(() => t.close());

async function call(method: string, url: string, payload?: unknown, headers: Record<string, string> = {}) {
  const res = await t.app.inject({
    method: method as 'POST',
    url,
    headers: { ...admin, ...headers },
    ...(payload === undefined ? {} : { payload: payload as string }),
  });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  return res.json<{ data: { id: number; images?: { id: number }[] } | null }>().data;
}

const png = (color: string) =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: color } })
    .png()
    .toBuffer();

async function newProduct(name: string) {
  const { payload, headers } = multipart(
    { name, description: `${name} en coton`, price: 1200, stock: 4, type_id: typeId },
    [
      { field: 'images[]', filename: 'a.png', content: await png('#336699') },
      { field: 'images[]', filename: 'b.png', content: await png('#996633') },
    ],
  );
  const product = await call('POST', '/api/product', payload, headers);
  return product as { id: number; images: { id: number }[] };
}

/** A product's new fields, as the admin's form sends them. */
function productForm(name: string) {
  return multipart({ name, description: `${name}, nouvelle saison`, price: 5000, stock: 2, type_id: typeId });
}

async function rating(table: 'product_ratings' | 'brand_ratings', productId?: number) {
  const row = {
    customer_name: 'Amina',
    customer_phone: '0555123456',
    rating: 4,
    review: 'Bien',
    created_at: new Date().toISOString(),
    approved: 0 as const,
  };
  const inserted =
    table === 'product_ratings'
      ? await t.db.kysely
          .insertInto('product_ratings')
          .values({ ...row, product_id: productId ?? 0, order_id: null })
          .returning('id')
          .executeTakeFirstOrThrow()
      : await t.db.kysely.insertInto('brand_ratings').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

/** Each catalogue write: prepares what it needs, then answers the write itself, to be timed. */
type Case = () => Promise<() => Promise<unknown>>;

const CASES: Record<string, Case> = {
  'POST /api/product': () => Promise.resolve(() => newProduct('Chemise')),
  'POST /api/product/update/:id': async () => {
    const { id } = await newProduct('Veste');
    const { payload, headers } = productForm('Veste longue');
    return () => call('POST', `/api/product/update/${id}`, payload, headers);
  },
  'PUT /api/product/updateDiscount/:id': async () => {
    const { id } = await newProduct('Pull');
    return () => call('PUT', `/api/product/updateDiscount/${id}`, { discount_percentage: 10 });
  },
  'PUT /api/product/setPrimaryImage/:productId/:imageId': async () => {
    const { id, images } = await newProduct('Robe');
    return () => call('PUT', `/api/product/setPrimaryImage/${id}/${images[1]?.id}`);
  },
  'PUT /api/product/images/:id': async () => {
    const { id, images } = await newProduct('Jupe');
    const ids = images.map((i) => i.id);
    return () =>
      call('PUT', `/api/product/images/${id}`, { seen: ids, order: [...ids].reverse(), primary_image_id: ids[0] });
  },
  'DELETE /api/product/delete/:id': async () => {
    const { id } = await newProduct('Cape');
    return () => call('DELETE', `/api/product/delete/${id}`);
  },
  'DELETE /api/product/deleteImage/:imageId': async () => {
    const { images } = await newProduct('Short');
    return () => call('DELETE', `/api/product/deleteImage/${images[1]?.id}`);
  },
  'POST /api/ProductType': () =>
    Promise.resolve(() => call('POST', '/api/ProductType', { name: 'Écharpes', description: 'Écharpes' })),
  'PUT /api/ProductType/update/:id': async () => {
    const type = await call('POST', '/api/ProductType', { name: 'Gants', description: 'Gants' });
    return () => call('PUT', `/api/ProductType/update/${type?.id}`, { name: 'Gants chauds', description: 'Gants' });
  },
  'DELETE /api/ProductType/delete/:id': async () => {
    const type = await call('POST', '/api/ProductType', { name: 'Bonnets', description: 'Bonnets' });
    return () => call('DELETE', `/api/ProductType/delete/${type?.id}`);
  },
  'POST /api/rating/approve': async () => {
    const id = await rating('product_ratings', (await newProduct('Sac')).id);
    return () => call('POST', '/api/rating/approve', { id });
  },
  'POST /api/rating/remove': async () => {
    const id = await rating('product_ratings', (await newProduct('Ceinture')).id);
    return () => call('POST', '/api/rating/remove', { id });
  },
  'POST /api/BrandRating/approve': async () => {
    const id = await rating('brand_ratings');
    return () => call('POST', '/api/BrandRating/approve', { id });
  },
  'POST /api/BrandRating/remove': async () => {
    const id = await rating('brand_ratings');
    return () => call('POST', '/api/BrandRating/remove', { id });
  },
};

describe('the catalogue change feed', () => {
  it("knows every write route of the catalogue's paths: each has a case, or says why it shows nothing", () => {
    const routes = writeRoutes(t.app).filter((route) => CATALOGUE.test(route.split(' ')[1] ?? ''));
    expect(routes.length).toBeGreaterThan(0);
    const known = [...Object.keys(CASES), ...Object.keys(WRITE_NOTHING_SHOWN)];
    expect(routes.filter((route) => !known.includes(route))).toEqual([]);
    expect(known.filter((route) => !routes.includes(route))).toEqual([]);
  });

  it.each(Object.keys(CASES))('%s records a change', async (route) => {
    const prepare = CASES[route];
    if (!prepare) throw new Error(`no case for ${route}`);
    const write = await prepare();
    const before = await readCatalogVersion(t.db.kysely);
    await write();
    expect(await readCatalogVersion(t.db.kysely)).toBeGreaterThan(before);
  });
});
