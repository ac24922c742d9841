import { sql, type Insertable } from 'kysely';
import { MIN_SUFFIX } from '../../db/migrations/004-phone-suffix-index.ts';
import type { Executor, OrderItemTable, OrderReferenceImageTable, OrderTable } from '../../db/database.ts';

// ---- reads for pricing a cart ----

/** The products of a cart with their type name and first image (primary first), in one query. */
export function findProductsForOrder(db: Executor, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('products')
    .leftJoin('product_types', 'product_types.id', 'products.type_id')
    .select((eb) => [
      'products.id',
      'products.name',
      'products.description',
      'products.price_cents',
      'products.discount_percentage',
      'products.stock',
      'products.has_sizes',
      'product_types.name as type_name',
      eb
        .selectFrom('product_images')
        .select('product_images.image_url')
        .whereRef('product_images.product_id', '=', 'products.id')
        .orderBy('product_images.is_primary', 'desc')
        .orderBy('product_images.id')
        .limit(1)
        .as('image_url'),
    ])
    .where('products.id', 'in', ids)
    .execute();
}

export function findShippingCents(db: Executor, wilayaName: string) {
  return db
    .selectFrom('shipping_prices')
    .select(['wilaya_name', 'price_cents'])
    .where(sql<string>`lower(wilaya_name)`, '=', wilayaName.trim().toLowerCase())
    .executeTakeFirst();
}

export function findCustomItemById(db: Executor, id: number) {
  return db.selectFrom('custom_order_items').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findCustomItemByName(db: Executor, name: string) {
  return db
    .selectFrom('custom_order_items')
    .selectAll()
    .where(sql<string>`lower(name)`, '=', name.trim().toLowerCase())
    .orderBy('active', 'desc')
    .orderBy('id')
    .executeTakeFirst();
}

// ---- guarded stock moves (DESIGN §3.3) ----

async function affected(query: Promise<{ numUpdatedRows: bigint }>): Promise<boolean> {
  return Number((await query).numUpdatedRows) > 0;
}

export function takeSizeStock(db: Executor, productId: number, size: string, quantity: number) {
  return affected(
    db
      .updateTable('product_sizes')
      .set({ stock: sql<number>`stock - ${quantity}` })
      .where('product_id', '=', productId)
      .where('size', '=', size)
      .where('stock', '>=', quantity)
      .executeTakeFirst(),
  );
}

export function takeProductStock(db: Executor, productId: number, quantity: number) {
  return affected(
    db
      .updateTable('products')
      .set({ stock: sql<number>`stock - ${quantity}` })
      .where('id', '=', productId)
      .where('stock', '>=', quantity)
      .executeTakeFirst(),
  );
}

export function giveSizeStock(db: Executor, productId: number, size: string, quantity: number) {
  return db
    .updateTable('product_sizes')
    .set({ stock: sql<number>`stock + ${quantity}` })
    .where('product_id', '=', productId)
    .where('size', '=', size)
    .execute();
}

export function giveProductStock(db: Executor, productId: number, quantity: number) {
  return db
    .updateTable('products')
    .set({ stock: sql<number>`stock + ${quantity}` })
    .where('id', '=', productId)
    .execute();
}

// ---- writes ----

export async function insertOrder(db: Executor, order: Insertable<OrderTable>): Promise<number> {
  const row = await db.insertInto('orders').values(order).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Rows per insert statement: well under SQLite's and PostgreSQL's bound-parameter limits. */
const INSERT_CHUNK = 500;

/**
 * Several orders in one statement; their ids in the order given. Ids are handed out row by row in
 * the order of the rows (SQLite: one more than the largest; PostgreSQL: the serial's next value),
 * so sorted ascending they match the rows.
 */
export async function insertOrders(db: Executor, orders: Insertable<OrderTable>[]): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < orders.length; i += INSERT_CHUNK) {
    const rows = await db
      .insertInto('orders')
      .values(orders.slice(i, i + INSERT_CHUNK))
      .returning('id')
      .execute();
    ids.push(...rows.map((r) => r.id).sort((a, b) => a - b));
  }
  if (ids.length !== orders.length) throw new Error(`inserted ${ids.length} orders of ${orders.length}`);
  return ids;
}

export async function insertOrderItems(db: Executor, items: Insertable<OrderItemTable>[]): Promise<void> {
  for (let i = 0; i < items.length; i += INSERT_CHUNK) {
    await db
      .insertInto('order_items')
      .values(items.slice(i, i + INSERT_CHUNK))
      .execute();
  }
}

export async function insertReferenceImages(
  db: Executor,
  images: Insertable<OrderReferenceImageTable>[],
): Promise<void> {
  if (images.length > 0) await db.insertInto('order_reference_images').values(images).execute();
}

export async function insertStatusHistories(
  db: Executor,
  rows: { order_id: number; from_status: string | null; to_status: string; changed_at: string }[],
): Promise<void> {
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    await db
      .insertInto('order_status_history')
      .values(rows.slice(i, i + INSERT_CHUNK))
      .execute();
  }
}

export async function setOrderStatus(db: Executor, orderId: number, status: string, at: string): Promise<void> {
  await db.updateTable('orders').set({ status, updated_at: at }).where('id', '=', orderId).execute();
}

// ---- admin reads ----

export function findOrder(db: Executor, id: number, forUpdate = false) {
  const query = db.selectFrom('orders').selectAll().where('id', '=', id);
  return (forUpdate ? query.forUpdate() : query).executeTakeFirst();
}

export interface OrderFilter {
  phone?: string | undefined;
  type?: 'regular' | 'custom' | undefined;
}

function filtered(db: Executor, filter: OrderFilter) {
  let query = db.selectFrom('orders');
  if (filter.phone && filter.phone.length >= MIN_SUFFIX && /^\d+$/.test(filter.phone)) {
    // A substring of a phone is a prefix of one of its suffixes: one range of the suffix index
    // (migrations 004 and 005). Shorter or non-digit fragments are matched with LIKE.
    const from = filter.phone;
    const to = `${filter.phone}\u{10FFFF}`;
    query = query.where(
      'orders.id',
      'in',
      sql<number>`(select order_id from order_phone_suffixes where suffix >= ${from} and suffix < ${to})`,
    );
  } else if (filter.phone) {
    const escaped = filter.phone.replace(/[\\%_]/g, (c) => `\\${c}`);
    query = query.where(sql<boolean>`customer_phone like ${`%${escaped}%`} escape '\\'`);
  }
  if (filter.type) query = query.where('type', '=', filter.type);
  return query;
}

export function listOrders(db: Executor, filter: OrderFilter, limit: number, offset: number) {
  return filtered(db, filter).selectAll().orderBy('id', 'desc').limit(limit).offset(offset).execute();
}

/** Ids of every order the filter matches, newest first: a phone search matches few orders. */
export async function findOrderIds(db: Executor, filter: OrderFilter): Promise<number[]> {
  const rows = await filtered(db, filter).select('orders.id').orderBy('orders.id', 'desc').execute();
  return rows.map((r) => r.id);
}

export function findOrdersByIds(db: Executor, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('orders').selectAll().where('id', 'in', ids).orderBy('id', 'desc').execute();
}

export async function countOrders(db: Executor, filter: OrderFilter): Promise<number> {
  const row = await filtered(db, filter)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function findItemsOf(db: Executor, orderIds: readonly number[]) {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('order_items').selectAll().where('order_id', 'in', orderIds).orderBy('id').execute();
}

export function findReferenceImagesOf(db: Executor, orderIds: readonly number[]) {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('order_reference_images').selectAll().where('order_id', 'in', orderIds).orderBy('id').execute();
}

export function findStatusHistory(db: Executor, orderId: number) {
  return db
    .selectFrom('order_status_history')
    .select(['from_status', 'to_status', 'changed_at'])
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute();
}

// ---- stats, computed in SQL (DESIGN §3.9) ----

export async function orderCountsByStatus(db: Executor) {
  return db
    .selectFrom('orders')
    .select((eb) => [
      'status',
      eb.fn.countAll<number>().as('n'),
      eb.fn.coalesce(eb.fn.sum<number>('final_total_cents'), sql<number>`0`).as('total_cents'),
    ])
    .groupBy('status')
    .execute();
}

export async function countProducts(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('products')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Orders placed per day since `fromDay` (YYYY-MM-DD) and the revenue of the successful ones. */
export function ordersPerDay(db: Executor, fromDay: string) {
  const day = sql<string>`substr(created_at, 1, 10)`;
  return db
    .selectFrom('orders')
    .select([
      day.as('day'),
      sql<number>`count(*)`.as('orders'),
      sql<number>`coalesce(sum(case when status = 'successful' then final_total_cents else 0 end), 0)`.as(
        'revenue_cents',
      ),
    ])
    .where('created_at', '>=', fromDay)
    .groupBy(day)
    .execute();
}
