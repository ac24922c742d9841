// Test fixtures written straight to the database with Kysely, for tests of any module: products
// with per-size stock, coupons, custom order items, orders' rows, and real images made with sharp.
import type { Insertable } from 'kysely';
import sharp from 'sharp';
import { finalPriceCentimes } from '@shop/domain/pricing';
import { todayIso } from '@shop/domain/coupon-status';
import { foldName } from '@shop/domain/name-fold';
import { productSearchText } from '@shop/domain/search-text';
import type { Size } from '@shop/domain/sizes';
import type { Database, OrderTable } from '../src/db/database.ts';

export interface ProductFixture {
  name?: string;
  description?: string;
  /** List price in Da. */
  price?: number;
  discount_percentage?: number;
  /** Stock per size: the product is sold by size when given. */
  sizes?: Partial<Record<Size, number>>;
  /** Own stock of a product without sizes. */
  stock?: number;
  type_name?: string;
  /** Adds a primary image row with this url. */
  image_url?: string;
  name_ar?: string;
}

export async function insertProductType(db: Database, name: string, forCustom = false): Promise<number> {
  const existing = await db.selectFrom('product_types').select('id').where('name', '=', name).executeTakeFirst();
  if (existing) return existing.id;
  const row = await db
    .insertInto('product_types')
    .values({
      name,
      description: `${name} products`,
      for_custom: forCustom ? 1 : 0,
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertProduct(db: Database, fixture: ProductFixture = {}): Promise<number> {
  const now = new Date().toISOString();
  const priceCents = Math.round((fixture.price ?? 1000) * 100);
  const discount = fixture.discount_percentage ?? 0;
  const sizes = fixture.sizes ? Object.entries(fixture.sizes) : null;
  const stock = sizes ? sizes.reduce((sum, [, n]) => sum + n, 0) : (fixture.stock ?? 10);
  const typeId = fixture.type_name ? await insertProductType(db, fixture.type_name) : null;
  const row = await db
    .insertInto('products')
    .values({
      name: fixture.name ?? 'Test product',
      description: fixture.description ?? 'A product for tests',
      ...(fixture.name_ar ? { name_ar: fixture.name_ar } : {}),
      search_text: productSearchText(fixture.name ?? 'Test product', fixture.name_ar),
      price_cents: priceCents,
      discount_percentage: discount,
      final_price_cents: finalPriceCentimes(priceCents, discount),
      stock,
      has_sizes: sizes ? 1 : 0,
      type_id: typeId,
      rating_sum: 0,
      rating_count: 0,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (sizes && sizes.length > 0) {
    await db
      .insertInto('product_sizes')
      .values(sizes.map(([size, n]) => ({ product_id: row.id, size, stock: n })))
      .execute();
  }
  if (fixture.image_url) {
    await db
      .insertInto('product_images')
      .values({
        product_id: row.id,
        image_url: fixture.image_url,
        is_primary: 1,
        width: 10,
        height: 10,
        created_at: now,
      })
      .execute();
  }
  return row.id;
}

export async function productStock(db: Database, productId: number, size?: string): Promise<number> {
  if (size) {
    const row = await db
      .selectFrom('product_sizes')
      .select('stock')
      .where('product_id', '=', productId)
      .where('size', '=', size)
      .executeTakeFirstOrThrow();
    return row.stock;
  }
  const row = await db.selectFrom('products').select('stock').where('id', '=', productId).executeTakeFirstOrThrow();
  return row.stock;
}

export interface CouponFixture {
  code?: string;
  discount_percentage?: number;
  /** Da off the subtotal: a coupon of a fixed amount (its percentage is then 0). */
  discount_amount?: number;
  max_uses?: number | null;
  current_uses?: number;
  is_active?: boolean;
  /** YYYY-MM-DD, the last valid day; a year from today by default. */
  expiry_date?: string;
}

export function isoDateFromToday(days: number): string {
  return todayIso(new Date(Date.now() + days * 86_400_000));
}

export async function insertCoupon(db: Database, fixture: CouponFixture = {}): Promise<number> {
  const row = await db
    .insertInto('coupons')
    .values({
      code: (fixture.code ?? 'PROMO10').toUpperCase(),
      discount_percentage: fixture.discount_amount !== undefined ? 0 : (fixture.discount_percentage ?? 10),
      discount_amount_cents: fixture.discount_amount !== undefined ? Math.round(fixture.discount_amount * 100) : null,
      max_uses: fixture.max_uses === undefined ? 100 : fixture.max_uses,
      current_uses: fixture.current_uses ?? 0,
      is_active: fixture.is_active === false ? 0 : 1,
      expiry_date: fixture.expiry_date ?? isoDateFromToday(365),
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface CustomItemFixture {
  name?: string;
  description?: string;
  /** Da. */
  base_price?: number;
  /** null for the cup. */
  sizes?: string[] | null;
  colors?: string[];
  active?: boolean;
}

export async function insertCustomItem(db: Database, fixture: CustomItemFixture = {}): Promise<number> {
  const sizes = fixture.sizes === undefined ? ['S', 'M', 'L', 'XL'] : fixture.sizes;
  const row = await db
    .insertInto('custom_order_items')
    .values({
      name: fixture.name ?? 'T-shirt',
      description: fixture.description ?? 'Custom item for tests',
      base_price_cents: Math.round((fixture.base_price ?? 2500) * 100),
      available_sizes: sizes === null ? null : JSON.stringify(sizes),
      available_colors: JSON.stringify(fixture.colors ?? ['Noir', 'Blanc']),
      active: fixture.active === false ? 0 : 1,
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A real PNG of the given size, for upload tests. */
export function pngImage(width = 32, height = 24, color = '#3366cc'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
}

export interface MultipartPart {
  name: string;
  value: string | Buffer;
  filename?: string;
  contentType?: string;
}

/** Builds a multipart/form-data body for app.inject. */
export function multipartBody(parts: MultipartPart[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----shop-test-${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"`;
    if (part.filename !== undefined) head += `; filename="${part.filename}"`;
    head += '\r\n';
    if (part.filename !== undefined) head += `Content-Type: ${part.contentType ?? 'application/octet-stream'}\r\n`;
    chunks.push(
      Buffer.from(`${head}\r\n`),
      Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** The shipping table's first wilaya, with its home fee in Da (what a test order is sent to). */
export async function firstWilaya(db: Database): Promise<{ name: string; price: number }> {
  const row = await db
    .selectFrom('shipping_prices')
    .select(['wilaya_name', 'price_cents'])
    .orderBy('id')
    .executeTakeFirstOrThrow();
  return { name: row.wilaya_name, price: row.price_cents / 100 };
}

/**
 * An order's row as a migration's or a repository's test inserts it in bulk: a regular order of
 * 900 Da (300 + 600 of delivery) to Alger, placed at `at`, for the customer `name` (its folded
 * name with it), with `fields` over that.
 */
export function orderRow(
  name: string,
  at: string,
  fields: Partial<Insertable<OrderTable>> = {},
): Insertable<OrderTable> {
  return {
    type: 'regular',
    status: 'pending',
    confirmation: 'to_confirm',
    customer_name: name,
    customer_name_folded: foldName(name),
    customer_phone: '0661000001',
    customer_address: 'Alger | rue',
    customer_postal_code: '16000',
    wilaya_name: 'Alger',
    subtotal_cents: 30_000,
    discount_percentage: 0,
    discount_cents: 0,
    shipping_fee_cents: 60_000,
    final_total_cents: 90_000,
    coupon_id: null,
    coupon_code: null,
    custom_item_id: null,
    clothing_type: null,
    color: null,
    size: null,
    created_at: at,
    updated_at: at,
    ...fields,
  };
}
