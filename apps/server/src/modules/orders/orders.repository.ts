import { sql, type ExpressionBuilder, type Insertable, type RawBuilder } from 'kysely';
import { isPostgres } from '../catalog/catalog.repository.ts';
import { usableOn } from '../coupons/coupons.repository.ts';
import { MIN_SUFFIX } from '../../db/migrations/004-phone-suffix-index.ts';
import type {
  DB,
  Executor,
  OrderItemTable,
  OrderReferenceImageTable,
  OrderRow,
  OrderTable,
} from '../../db/database.ts';

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

/** Shipping rows whose lower-cased wilaya name is one of `lowerNames`, each with that `key`. */
/** Every wilaya's fee (58 rows). */
export function findShippingRows(db: Executor) {
  return db.selectFrom('shipping_prices').select(['wilaya_name', 'price_cents']).execute();
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

// ---- a batch of orders' stock and coupons (order-writes.ts) ----
//
// PostgreSQL answers each of these in one statement: fewer round trips while the batch holds its
// locks, and less work for the server's thread, which the orders benchmark keeps busy. SQLite,
// in process, runs a few plain statements.

/** Rows per statement: well under SQLite's and PostgreSQL's bound-parameter limits. */
const CHUNK = 500;

function chunked<T>(items: readonly T[]): T[][] {
  const chunks: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) chunks.push(items.slice(i, i + CHUNK));
  return chunks;
}

export interface BatchRows {
  /** Every size row of the products. */
  sizes: { product_id: number; size: string; stock: number }[];
  products: { id: number; stock: number }[];
  /** The coupons that can be used today (active, not expired), with their uses. */
  coupons: { id: number; max_uses: number | null; current_uses: number }[];
}

/**
 * The stock and coupon rows a batch touches. On PostgreSQL they are locked until the batch
 * commits, in the global order of order-stock.ts (size rows, then products, then coupons, each
 * sorted), so batches of several processes take turns instead of deadlocking; on SQLite the
 * batch holds the database's write lock already (order-writes.ts).
 */
export async function lockBatchRows(
  db: Executor,
  productIds: readonly number[],
  couponIds: readonly number[],
  today: string,
): Promise<BatchRows> {
  const lock = isPostgres(db);
  const sizes = (ids: number[]) =>
    db
      .selectFrom('product_sizes')
      .select(['product_id', 'size', 'stock'])
      .where('product_id', 'in', ids)
      .orderBy('product_id')
      .orderBy('size')
      .$if(lock, (q) => q.forUpdate());
  const products = (ids: number[]) =>
    db
      .selectFrom('products')
      .select(['id', 'stock'])
      .where('id', 'in', ids)
      .orderBy('id')
      .$if(lock, (q) => q.forUpdate());
  const coupons = (ids: number[]) =>
    db
      .selectFrom('coupons')
      .select(['id', 'max_uses', 'current_uses'])
      .where('id', 'in', ids)
      .where(usableOn(today))
      .orderBy('id')
      .$if(lock, (q) => q.forUpdate());
  const uniqueProducts = [...new Set(productIds)];
  const uniqueCoupons = [...new Set(couponIds)];
  if (!lock) {
    const rows: BatchRows = { sizes: [], products: [], coupons: [] };
    for (const ids of chunked(uniqueProducts)) {
      rows.sizes.push(...(await sizes(ids).execute()));
      rows.products.push(...(await products(ids).execute()));
    }
    for (const ids of chunked(uniqueCoupons)) rows.coupons.push(...(await coupons(ids).execute()));
    return rows;
  }
  // One round trip: the members of a UNION ALL run one after the other, each locking its rows in
  // its order (a batch's ids stay far below PostgreSQL's parameter limit).
  const members = [
    sql`select 'size' as kind, product_id as id, size, stock, null::integer as max_uses, 0 as current_uses
      from ${sizes(uniqueProducts)} s`,
    sql`select 'product', id, '', stock, null, 0 from ${products(uniqueProducts)} p`,
    ...(uniqueCoupons.length > 0
      ? [sql`select 'coupon', id, '', 0, max_uses, current_uses from ${coupons(uniqueCoupons)} c`]
      : []),
  ];
  const result = await sql<{
    kind: 'size' | 'product' | 'coupon';
    id: number;
    size: string;
    stock: number;
    max_uses: number | null;
    current_uses: number;
  }>`${sql.join(members, sql` union all `)}`.execute(db);
  const of = (kind: string) => result.rows.filter((row) => row.kind === kind);
  return {
    sizes: of('size').map((row) => ({ product_id: row.id, size: row.size, stock: row.stock })),
    products: of('product').map((row) => ({ id: row.id, stock: row.stock })),
    coupons: of('coupon').map((row) => ({ id: row.id, max_uses: row.max_uses, current_uses: row.current_uses })),
  };
}

export interface BatchTakes {
  sizes: readonly { product_id: number; size: string; quantity: number }[];
  products: readonly [productId: number, quantity: number][];
  couponUses: readonly [couponId: number, uses: number][];
}

/**
 * Takes the units and counts the coupon uses a batch decided, every row guarded as in the
 * one-order moves below; returns false when a guard refused a row (something changed since
 * lockBatchRows), and the caller then rolls the batch back.
 */
export async function takeBatch(db: Executor, takes: BatchTakes): Promise<boolean> {
  if (isPostgres(db)) {
    const result = await sql<{ sizes: string; products: string; coupons: string }>`with
      s as (update product_sizes set stock = product_sizes.stock - v.quantity
        from unnest(${takes.sizes.map((l) => l.product_id)}::integer[], ${takes.sizes.map((l) => l.size)}::text[],
          ${takes.sizes.map((l) => l.quantity)}::integer[]) as v(product_id, size, quantity)
        where product_sizes.product_id = v.product_id and product_sizes.size = v.size
          and product_sizes.stock >= v.quantity
        returning 1),
      p as (update products set stock = products.stock - v.quantity
        from unnest(${takes.products.map(([id]) => id)}::integer[], ${takes.products.map(([, q]) => q)}::integer[])
          as v(id, quantity)
        where products.id = v.id and products.stock >= v.quantity
        returning 1),
      c as (update coupons set current_uses = coupons.current_uses + v.uses
        from unnest(${takes.couponUses.map(([id]) => id)}::integer[], ${takes.couponUses.map(([, n]) => n)}::integer[])
          as v(id, uses)
        where coupons.id = v.id and (coupons.max_uses is null or coupons.current_uses + v.uses <= coupons.max_uses)
        returning 1)
      select (select count(*) from s) as sizes, (select count(*) from p) as products,
        (select count(*) from c) as coupons`.execute(db);
    const counts = result.rows[0];
    return (
      Number(counts?.sizes) === takes.sizes.length &&
      Number(counts?.products) === takes.products.length &&
      Number(counts?.coupons) === takes.couponUses.length
    );
  }
  if ((await takeSizeStocks(db, takes.sizes)) !== takes.sizes.length) return false;
  if ((await takeProductStocks(db, takes.products)) !== takes.products.length) return false;
  for (const [couponId, uses] of takes.couponUses) {
    const counted = await db
      .updateTable('coupons')
      .set({ current_uses: sql<number>`current_uses + ${uses}` })
      .where('id', '=', couponId)
      .where((eb) => eb.or([eb('max_uses', 'is', null), eb('current_uses', '<=', sql<number>`max_uses - ${uses}`)]))
      .executeTakeFirst();
    if (Number(counted.numUpdatedRows) === 0) return false;
  }
  return true;
}

/** SQLite: `update … from (values …)`, whose columns are column1, column2, … */
async function updateFromValues(
  db: Executor,
  rows: readonly RawBuilder<unknown>[],
  update: (values: RawBuilder<unknown>) => RawBuilder<unknown>,
) {
  let updated = 0;
  for (const chunk of chunked(rows)) {
    const result = await update(sql`(values ${sql.join(chunk)}) as v`).execute(db);
    updated += Number(result.numAffectedRows ?? 0n);
  }
  return updated;
}

function takeSizeStocks(db: Executor, lines: BatchTakes['sizes']) {
  return updateFromValues(
    db,
    lines.map((l) => sql`(${l.product_id}, ${l.size}, ${l.quantity})`),
    (values) => sql`update product_sizes set stock = product_sizes.stock - v.column3 from ${values}
      where product_sizes.product_id = v.column1 and product_sizes.size = v.column2 and product_sizes.stock >= v.column3`,
  );
}

function takeProductStocks(db: Executor, totals: BatchTakes['products']) {
  return updateFromValues(
    db,
    totals.map(([id, quantity]) => sql`(${id}, ${quantity})`),
    (values) => sql`update products set stock = products.stock - v.column2 from ${values}
      where products.id = v.column1 and products.stock >= v.column2`,
  );
}

// ---- guarded stock moves of one order (DESIGN §3.3) ----

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

/**
 * Several orders in one statement; their ids in the order given. Ids are handed out row by row in
 * the order of the rows (SQLite: one more than the largest; PostgreSQL: the serial's next value),
 * so sorted ascending they match the rows.
 */
export async function insertOrders(db: Executor, orders: Insertable<OrderTable>[]): Promise<number[]> {
  const ids: number[] = [];
  for (const chunk of chunked(orders)) {
    const rows = await db.insertInto('orders').values(chunk).returning('id').execute();
    ids.push(...rows.map((r) => r.id).sort((a, b) => a - b));
  }
  if (ids.length !== orders.length) throw new Error(`inserted ${ids.length} orders of ${orders.length}`);
  return ids;
}

export async function insertOrderItems(db: Executor, items: Insertable<OrderItemTable>[]): Promise<void> {
  for (const chunk of chunked(items)) await db.insertInto('order_items').values(chunk).execute();
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
  for (const chunk of chunked(rows)) await db.insertInto('order_status_history').values(chunk).execute();
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
  /** An order number ("12", "#12"), part of a phone, or part of a customer's name. */
  q?: string | undefined;
  type?: 'regular' | 'custom' | undefined;
}

function likeEscaped(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Orders whose phone holds `fragment`. */
function phoneMatch(eb: ExpressionBuilder<DB, 'orders'>, fragment: string) {
  if (fragment.length >= MIN_SUFFIX && /^\d+$/.test(fragment)) {
    // A substring of a phone is a prefix of one of its suffixes: one range of the suffix index
    // (migrations 004 and 005). Shorter or non-digit fragments are matched with LIKE.
    const to = `${fragment}\u{10FFFF}`;
    return eb(
      'orders.id',
      'in',
      sql<number>`(select order_id from order_phone_suffixes where suffix >= ${fragment} and suffix < ${to})`,
    );
  }
  return eb(sql<string>`customer_phone`, 'like', sql<string>`${likeEscaped(fragment)} escape '\\'`);
}

/** What the search box asks for: an order number, a phone fragment (any spelling), or a name. */
function searchMatch(eb: ExpressionBuilder<DB, 'orders'>, q: string) {
  const number = /^#\s*(\d{1,9})$/.exec(q)?.[1];
  if (number) return eb('orders.id', '=', Number(number));
  const compact = q.replace(/[\s.\-()]/g, '');
  if (/^(\+|00)?\d+$/.test(compact)) {
    // "+213 555 12" is stored as "055512…": the country code is the trunk 0.
    const digits = compact.replace(/^(\+|00)213/, '0').replace(/^\+/, '');
    const matches = [phoneMatch(eb, digits)];
    if (digits.length <= 9) matches.push(eb('orders.id', '=', Number(digits)));
    return eb.or(matches);
  }
  return eb(sql<string>`lower(customer_name)`, 'like', sql<string>`${likeEscaped(q.toLowerCase())} escape '\\'`);
}

function filtered(db: Executor, filter: OrderFilter) {
  let query = db.selectFrom('orders');
  if (filter.phone) {
    const phone = filter.phone;
    query = query.where((eb) => phoneMatch(eb, phone));
  }
  if (filter.q) {
    const q = filter.q;
    query = query.where((eb) => searchMatch(eb, q));
  }
  if (filter.type) query = query.where('type', '=', filter.type);
  return query;
}

export function listOrders(db: Executor, filter: OrderFilter, limit: number, offset: number) {
  return filtered(db, filter).selectAll().orderBy('id', 'desc').limit(limit).offset(offset).execute();
}

/**
 * A page of the orders the filter matches, newest first, and how many match in all, with the
 * filter run once (a phone search matches few orders). PostgreSQL answers both in one statement,
 * the count running over the matching ids only; SQLite, in process, reads the ids and then the
 * page's rows, which costs it half as much as that statement (~57 against ~120 µs on 100,000
 * orders).
 */
export async function findOrdersPage(
  db: Executor,
  filter: OrderFilter,
  limit: number,
  offset: number,
): Promise<{ rows: OrderRow[]; total: number }> {
  if (isPostgres(db)) {
    const page = filtered(db, filter)
      .select((eb) => ['orders.id', eb.fn.countAll<string>().over().as('total_matched')])
      .orderBy('orders.id', 'desc')
      .limit(limit)
      .offset(offset)
      .as('page');
    const rows = await db
      .selectFrom(page)
      .innerJoin('orders', 'orders.id', 'page.id')
      .selectAll('orders')
      .select('page.total_matched')
      .orderBy('orders.id', 'desc')
      .execute();
    // A page past the end has no row to carry the total.
    const total = rows[0] ? Number(rows[0].total_matched) : offset > 0 ? await countOrders(db, filter) : 0;
    return { rows: rows.map(({ total_matched: _, ...row }) => row), total };
  }
  const ids = (await filtered(db, filter).select('orders.id').orderBy('orders.id', 'desc').execute()).map((r) => r.id);
  const pageIds = ids.slice(offset, offset + limit);
  const rows =
    pageIds.length === 0
      ? []
      : await db.selectFrom('orders').selectAll().where('id', 'in', pageIds).orderBy('id', 'desc').execute();
  return { rows, total: ids.length };
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
