// Fills a fresh, migrated database with a large shop for the load scenarios: 5,000 products
// across the types (clothing with per-size stock, body care with its own stock), 1-3 image rows
// each pointing at a few shared generated files, 100,000 past orders with their lines and first
// status, the 58 wilayas, a coupon with plenty of uses and 2,000 reviews (brand and product).
// Rows go in slices (SLICE products, or SLICE orders with their lines and first status), each slice
// in one transaction of multi-row inserts, so the memory stays that of one slice whatever the size
// (a million orders). The database's triggers keep what they keep (best sellers, phone suffixes,
// name search) as they do for the app's own writes. The same size gives the same rows, in the same
// order, with the same ids, sliced or not: the random numbers are drawn in the same order.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { Insertable, Kysely } from 'kysely';
import { finalPriceCentimes } from '@shop/domain/pricing';
import { productSearchText } from '@shop/domain/search-text';
import { foldName } from '@shop/domain/name-fold';
import type { Db } from '../apps/server/src/db/connect.ts';
import type { DB } from '../apps/server/src/db/database.ts';
import { WILAYAS } from '../apps/server/src/db/seed/wilayas.ts';

export interface GenerateOptions {
  products?: number;
  orders?: number;
  reviews?: number;
  uploadsDir: string;
  /** Told after each slice of orders: how many are written. */
  onOrders?: (written: number, total: number) => void;
}

export interface GenerateReport {
  products: number;
  orders: number;
  orderItems: number;
  reviews: number;
  couponCode: string;
}

export const BENCH_COUPON = 'BENCH10';
/** Products, or orders with their lines and first status, written per transaction. */
export const SLICE = 10_000;
const SIZES = ['S', 'M', 'L', 'XL', 'XXL'] as const;
const TYPES = [
  { name: 'T-shirts', sized: true, base: 1500 },
  { name: 'Hoodies', sized: true, base: 4500 },
  { name: 'Pantalons', sized: true, base: 3500 },
  { name: 'Soins du corps', sized: false, base: 900 },
  { name: 'Parfums', sized: false, base: 2500 },
];
const ADJECTIVES = ['Essentiel', 'Oversize', 'Casbah', 'Sahara', 'Atlas', 'Tassili', 'Premium', 'Sport', 'Classique'];
const COLOURS = ['Blanc', 'Noir', 'Bleu Marine', 'Beige', 'Vert Olive', 'Rouge', 'Gris', 'Sable'];
const STATUSES = ['pending', 'approved', 'shipping', 'successful', 'successful', 'successful', 'cancelled'];
const NAMES = ['Amine', 'Yasmine', 'Karim', 'Lina', 'Sofiane', 'Nour', 'Walid', 'Sarah', 'Mehdi', 'Imane'];

/** A deterministic generator, so two runs measure the same shop. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Table = keyof DB;

/** Multi-row inserts, chunked under both databases' bound-parameter limits. */
async function insertRows<T extends Table>(k: Kysely<DB>, table: T, rows: Insertable<DB[T]>[]): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0] as object).length;
  const chunk = Math.max(1, Math.floor(30_000 / columns));
  for (let i = 0; i < rows.length; i += chunk) {
    // Kysely's generic insert types do not narrow over a table-name parameter.
    await k
      .insertInto(table)
      .values(rows.slice(i, i + chunk))
      .execute();
  }
}

/** Multi-row inserts in one transaction. */
async function bulkInsert<T extends Table>(db: Db, table: T, rows: Insertable<DB[T]>[]): Promise<void> {
  if (rows.length === 0) return;
  await db.kysely.transaction().execute((trx) => insertRows(trx, table, rows));
}

/** Calls `slice` with [first, last] ranges of SLICE items covering 1..count, in order. */
async function inSlices(count: number, slice: (first: number, last: number) => Promise<void>): Promise<void> {
  for (let first = 1; first <= count; first += SLICE) {
    await slice(first, Math.min(count, first + SLICE - 1));
  }
}

async function writeImages(uploadsDir: string): Promise<{ url: string; width: number; height: number }[]> {
  fs.mkdirSync(uploadsDir, { recursive: true });
  const colours = ['#c0392b', '#2980b9', '#27ae60', '#8e44ad'];
  return Promise.all(
    colours.map(async (colour, i) => {
      const name = `bench-${i}.webp`;
      await sharp({ create: { width: 800, height: 1000, channels: 3, background: colour } })
        .webp({ quality: 70 })
        .toFile(path.join(uploadsDir, name));
      return { url: `/uploads/${name}`, width: 800, height: 1000 };
    }),
  );
}

function isoDaysAgo(rand: () => number, maxDays: number): string {
  return new Date(Date.now() - Math.floor(rand() * maxDays * 86_400_000)).toISOString();
}

function phone(rand: () => number): string {
  const prefix = ['05', '06', '07'][Math.floor(rand() * 3)] ?? '05';
  return prefix + String(Math.floor(rand() * 1e8)).padStart(8, '0');
}

export async function generate(db: Db, options: GenerateOptions): Promise<GenerateReport> {
  const rand = random(42);
  const productCount = options.products ?? 5000;
  const orderCount = options.orders ?? 100_000;
  const reviewCount = options.reviews ?? 2000;
  const k = db.kysely;
  const now = new Date().toISOString();

  if (!(await k.selectFrom('shipping_prices').select('id').limit(1).executeTakeFirst())) {
    await bulkInsert(
      db,
      'shipping_prices',
      WILAYAS.map((w) => ({ wilaya_code: w.code, wilaya_name: w.name, price_cents: w.price * 100 })),
    );
  }
  await bulkInsert(
    db,
    'product_types',
    TYPES.map((t) => ({ name: t.name, description: `${t.name} du banc d'essai`, for_custom: 0, created_at: now })),
  );
  const typeRows = await k.selectFrom('product_types').select(['id', 'name']).orderBy('id').execute();
  const typeId = new Map(typeRows.map((t) => [t.name, t.id]));
  await bulkInsert(db, 'coupons', [
    {
      code: BENCH_COUPON,
      discount_percentage: 10,
      is_active: 1,
      max_uses: 100_000_000,
      current_uses: 0,
      expiry_date: new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10),
      created_at: now,
    },
  ]);

  // Products with ids 1..n in insertion order (fresh database), so sizes and images can name them.
  // What the order lines copy of each product is kept (a few numbers and two strings a product).
  const snapshots: { name: string; description: string; type: string; price: number; discount: number }[] = [];
  await inSlices(productCount, async (firstProduct, lastProduct) => {
    const products: Insertable<DB['products']>[] = [];
    const sizes: Insertable<DB['product_sizes']>[] = [];
    for (let i = firstProduct; i <= lastProduct; i++) {
      const type = TYPES[i % TYPES.length] ?? TYPES[0];
      if (!type) throw new Error('no product types');
      const name = `${type.name.replace(/s$/, '')} ${ADJECTIVES[i % ADJECTIVES.length]} ${COLOURS[(i >> 3) % COLOURS.length]} ${i}`;
      const description = `${name} : article de qualité, fabriqué avec soin. Référence ${i}.`;
      const price = (type.base + Math.floor(rand() * 40) * 100) * 100;
      const discount = rand() < 0.2 ? ([10, 15, 20, 25, 30, 50][Math.floor(rand() * 6)] ?? 10) : 0;
      let stock = 0;
      if (type.sized) {
        for (const size of SIZES) {
          const n = 20 + Math.floor(rand() * 200);
          sizes.push({ product_id: i, size, stock: n });
          stock += n;
        }
      } else {
        stock = 50 + Math.floor(rand() * 500);
      }
      const created = isoDaysAgo(rand, 720);
      products.push({
        name,
        description,
        search_text: productSearchText(name),
        price_cents: price,
        discount_percentage: discount,
        final_price_cents: finalPriceCentimes(price, discount),
        stock,
        has_sizes: type.sized ? 1 : 0,
        type_id: typeId.get(type.name) ?? null,
        rating_sum: 0,
        rating_count: 0,
        created_at: created,
        updated_at: created,
      });
      snapshots.push({ name, description, type: type.name, price, discount });
    }
    await k.transaction().execute(async (trx) => {
      await insertRows(trx, 'products', products);
      await insertRows(trx, 'product_sizes', sizes);
    });
  });

  const files = await writeImages(options.uploadsDir);
  await inSlices(productCount, async (firstProduct, lastProduct) => {
    const images: Insertable<DB['product_images']>[] = [];
    for (let i = firstProduct; i <= lastProduct; i++) {
      const count = 1 + Math.floor(rand() * 3);
      for (let j = 0; j < count; j++) {
        const file = files[(i + j) % files.length] ?? files[0];
        if (!file) continue;
        images.push({
          product_id: i,
          image_url: file.url,
          is_primary: j === 0 ? 1 : 0,
          position: j,
          width: file.width,
          height: file.height,
          created_at: now,
        });
      }
    }
    await bulkInsert(db, 'product_images', images);
  });

  // Past orders: ids 1..n; lines snapshot the product as it was. A slice of orders goes in with
  // its lines and first statuses, in one transaction.
  let orderItems = 0;
  await inSlices(orderCount, async (firstOrder, lastOrder) => {
    const orders: Insertable<DB['orders']>[] = [];
    const items: Insertable<DB['order_items']>[] = [];
    const history: Insertable<DB['order_status_history']>[] = [];
    for (let id = firstOrder; id <= lastOrder; id++) {
      const wilaya = WILAYAS[Math.floor(rand() * WILAYAS.length)] ?? WILAYAS[0];
      if (!wilaya) throw new Error('no wilayas');
      const lineCount = 1 + Math.floor(rand() * 3);
      let subtotal = 0;
      for (let l = 0; l < lineCount; l++) {
        const productId = 1 + Math.floor(rand() * productCount);
        const snap = snapshots[productId - 1];
        if (!snap) continue;
        const unit = finalPriceCentimes(snap.price, snap.discount);
        const quantity = 1 + Math.floor(rand() * 2);
        subtotal += unit * quantity;
        items.push({
          order_id: id,
          product_id: productId,
          product_name: snap.name,
          product_description: snap.description,
          product_type: snap.type,
          product_image: files[productId % files.length]?.url ?? null,
          size: TYPES.find((t) => t.name === snap.type)?.sized ? (SIZES[l % SIZES.length] ?? 'M') : '',
          quantity,
          price_at_time_cents: snap.price,
          product_discount_percentage: snap.discount,
          unit_final_price_cents: unit,
        });
      }
      const shipping = wilaya.price * 100;
      // A shop numbers its orders as they come: order `id` of the year's `orderCount` falls at its
      // place in the year, so dates rise with ids (a date filter walks the days' range of ids).
      const created = new Date(
        Date.now() - Math.floor((1 - (id - 1 + rand()) / orderCount) * 365 * 86_400_000),
      ).toISOString();
      const status = STATUSES[Math.floor(rand() * STATUSES.length)] ?? 'pending';
      orders.push({
        type: 'regular',
        status,
        customer_name: `${NAMES[id % NAMES.length]} Client ${id}`,
        customer_name_folded: foldName(`${NAMES[id % NAMES.length]} Client ${id}`),
        customer_phone: phone(rand),
        customer_address: `${wilaya.name}, ${id} rue des Oliviers`,
        customer_postal_code: String(16000 + (id % 1000)),
        wilaya_name: wilaya.name,
        subtotal_cents: subtotal,
        discount_percentage: 0,
        discount_cents: 0,
        shipping_fee_cents: shipping,
        final_total_cents: subtotal + shipping,
        coupon_id: null,
        coupon_code: null,
        custom_item_id: null,
        clothing_type: null,
        color: null,
        size: null,
        created_at: created,
        updated_at: created,
      });
      history.push({ order_id: id, from_status: null, to_status: 'pending', changed_at: created });
    }
    await k.transaction().execute(async (trx) => {
      await insertRows(trx, 'orders', orders);
      await insertRows(trx, 'order_items', items);
      await insertRows(trx, 'order_status_history', history);
    });
    orderItems += items.length;
    options.onOrders?.(lastOrder, orderCount);
  });

  // Reviews: half of the brand, half of products (with the products' rating totals kept in step).
  const brand: Insertable<DB['brand_ratings']>[] = [];
  const productRatings: Insertable<DB['product_ratings']>[] = [];
  const totals = new Map<number, { sum: number; count: number }>();
  for (let i = 0; i < reviewCount; i++) {
    const rating = 3 + Math.floor(rand() * 3);
    const review = `Très bon article, livraison rapide (${i}).`;
    const base = {
      customer_name: NAMES[i % NAMES.length] ?? 'Client',
      customer_phone: phone(rand),
      rating,
      review,
      created_at: isoDaysAgo(rand, 365),
    };
    if (i % 2 === 0) {
      brand.push(base);
    } else {
      const productId = 1 + Math.floor(rand() * productCount);
      productRatings.push({ ...base, product_id: productId, order_id: null });
      const t = totals.get(productId) ?? { sum: 0, count: 0 };
      t.sum += rating;
      t.count += 1;
      totals.set(productId, t);
    }
  }
  await bulkInsert(db, 'brand_ratings', brand);
  await bulkInsert(db, 'product_ratings', productRatings);
  await db.kysely.transaction().execute(async (trx) => {
    for (const [id, t] of totals) {
      await trx
        .updateTable('products')
        .set({ rating_sum: t.sum, rating_count: t.count })
        .where('id', '=', id)
        .execute();
    }
  });
  return {
    products: productCount,
    orders: orderCount,
    orderItems,
    reviews: reviewCount,
    couponCode: BENCH_COUPON,
  };
}
