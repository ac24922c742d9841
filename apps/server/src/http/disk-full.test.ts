// A full disk, for real: the shop's data folder (its SQLite file, its uploads) on a small tmpfs
// filled to the last byte. Callers get a 503 in their language, never a 500; nothing is half
// written; the log names the cause (SQLITE_FULL, ENOSPC), not "cannot rollback - no transaction is
// active"; /readyz fails below READY_MIN_FREE_MB; once space is freed all works again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, testDialect, type TestContext } from '../../test/harness.ts';
import { firstWilaya, insertCustomItem, insertProduct, insertProductType, multipartBody } from '../../test/fixtures.ts';
import { pngImage } from '../../test/fixtures.ts';
import { loggedApp, type LoggedApp } from '../../test/logged-app.ts';
import { mountSmallDisk } from '../../test/small-disk.ts';

// Skipped where a tmpfs cannot be mounted (not root): a full disk could then only be made by
// filling the machine's own. The reason is in the suite's name.
const disk = mountSmallDisk(24);
const unavailable = 'unavailable' in disk ? disk.unavailable : null;

const CUSTOMER_MESSAGE = 'Service momentanément indisponible, veuillez réessayer dans quelques instants';
const OWNER_MESSAGE = "The server's disk is full: nothing can be saved until space is freed";

describe.skipIf(unavailable !== null)(`a full disk${unavailable ? ` (skipped: ${unavailable})` : ''}`, () => {
  if ('unavailable' in disk) return;
  let t: TestContext;
  let logged: LoggedApp;
  let typeId: number;
  let productId: number;
  beforeAll(async () => {
    t = await createTestContext({
      env: {
        DATA_DIR: disk.dir,
        UPLOADS_DIR: `${disk.dir}/uploads`,
        READY_MIN_FREE_MB: '2',
        ...(testDialect === 'sqlite' ? { DATABASE_URL: `sqlite:${disk.dir}/shop.db` } : {}),
      },
    });
    logged = await loggedApp(t);
    typeId = await insertProductType(t.db.kysely, 'Robes');
    productId = await insertProduct(t.db.kysely, { price: 800, stock: 1000 });
    await insertCustomItem(t.db.kysely, { name: 'T-shirt' });
  });
  afterAll(async () => {
    disk.free();
    await logged?.app.close();
    await t?.close();
    disk.unmount();
  });

  async function order(headers: Record<string, string> = {}) {
    const wilaya = await firstWilaya(t.db.kysely);
    return logged.app.inject({
      method: 'POST',
      url: '/api/order',
      headers,
      payload: {
        customer_name: 'Client Disque',
        customer_phone: '0550123456',
        customer_address: `${wilaya.name} | 3 rue du Disque`,
        customer_postal_code: '16000',
        subtotal: 800,
        shipping_fee: wilaya.price,
        items: [{ product_id: productId, quantity: 1 }],
      },
    });
  }

  async function productWithImage() {
    const { payload, headers } = multipartBody([
      { name: 'name', value: 'Robe du disque' },
      { name: 'price', value: '1000' },
      { name: 'type_id', value: String(typeId) },
      { name: 'stock', value: '3' },
      { name: 'images[]', value: await pngImage(600, 400), filename: 'robe.png', contentType: 'image/png' },
    ]);
    return logged.app.inject({
      method: 'POST',
      url: '/api/product',
      payload,
      headers: { ...headers, ...(await t.adminHeaders()) },
    });
  }

  async function customOrderWithPicture() {
    const { payload, headers } = multipartBody([
      { name: 'customer_name', value: 'Amina' },
      { name: 'customer_phone', value: '0551234567' },
      { name: 'customer_address', value: `${(await firstWilaya(t.db.kysely)).name} | rue` },
      { name: 'customer_postal_code', value: '16000' },
      { name: 'subtotal', value: '2500' },
      { name: 'shipping_fee', value: String((await firstWilaya(t.db.kysely)).price) },
      { name: 'clothing_type', value: 'T-shirt' },
      { name: 'color', value: 'Noir' },
      { name: 'size', value: 'M' },
      {
        name: 'reference_image_front',
        value: await pngImage(600, 400),
        filename: 'face.png',
        contentType: 'image/png',
      },
    ]);
    return logged.app.inject({ method: 'POST', url: '/api/Order', payload, headers });
  }

  const count = async (table: 'orders' | 'products' | 'product_images') =>
    (await t.db.kysely.selectFrom(table).select('id').execute()).length;

  it('answers 503 with the customer’s or the owner’s message, writes nothing, and /readyz fails until space is freed', async () => {
    expect((await logged.app.inject({ url: '/readyz' })).statusCode).toBe(200);
    expect((await order()).statusCode).toBe(201);
    const products = await count('products');
    // Signed in while there is room: signing in writes a session.
    await t.adminHeaders();

    disk.fill();
    const ready = await logged.app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 503, message: 'Disk almost full', data: null });
    expect(logged.lines.some((l) => /^disk almost full: 0 MB free/.test(l.msg))).toBe(true);

    // The owner adds a product with a picture: the picture cannot be written.
    const added = await productWithImage();
    expect(added.statusCode).toBe(503);
    expect(added.json()).toEqual({ status: 503, message: OWNER_MESSAGE, data: null });
    // A customer's custom order with a picture.
    const custom = await customOrderWithPicture();
    expect(custom.statusCode).toBe(503);
    expect(custom.json<{ message: string }>().message).toBe(CUSTOMER_MESSAGE);
    expect(await count('products')).toBe(products);

    if (testDialect === 'sqlite') {
      // The database's log file may still have room for a few orders; the first one it cannot
      // hold is refused, and so is every one after it.
      let placed = 1;
      let refused = await order();
      for (let i = 0; refused.statusCode === 201 && i < 2000; i++) {
        placed += 1;
        refused = await order();
      }
      expect(refused.statusCode).toBe(503);
      expect(refused.json()).toEqual({ status: 503, message: CUSTOMER_MESSAGE, data: null });
      const arabic = await order({ 'accept-language': 'ar' });
      expect(arabic.statusCode).toBe(503);
      expect(arabic.json<{ message: string }>().message).toBe('الخدمة غير متاحة مؤقتًا، يرجى المحاولة بعد لحظات');
      // Every order answered 201 is there, and no other.
      expect(await count('orders')).toBe(placed);
      expect(logged.lines.some((l) => /^disk full \(SQLITE_FULL\)/.test(l.msg))).toBe(true);
    }
    expect(logged.lines.some((l) => /^disk full \((ENOSPC|SQLITE_FULL)\)/.test(l.msg))).toBe(true);
    expect(logged.raw()).not.toMatch(/cannot rollback|Internal server error|request failed/);

    disk.free();
    expect((await logged.app.inject({ url: '/readyz' })).statusCode).toBe(200);
    expect((await productWithImage()).statusCode).toBe(201);
    expect((await customOrderWithPicture()).statusCode).toBe(201);
    expect((await order()).statusCode).toBe(201);
  });
});
