import { sql, type ExpressionBuilder, type Insertable, type RawBuilder } from 'kysely';
import { jsonArrayFrom, jsonObjectFrom } from 'kysely/helpers/postgres';
import { foldName, nameSearchWords } from '@shop/domain/name-fold';
import type { ReturnState } from '@shop/domain/order-status';
import { isPostgres } from '../../db/dialect.ts';
import { containsPattern } from '../../db/like.ts';
import { nameHoldsAll } from '../../db/name-search.ts';
import { MIN_SUFFIX } from '../../db/migrations/004-phone-suffix-index.ts';
import { ORDERS_PER_BLOCK } from '../../db/migrations/035-order-blocks.ts';
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
      'products.size_scale',
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
  return db
    .selectFrom('shipping_prices')
    .select(['id', 'wilaya_code', 'wilaya_name', 'price_cents', 'stop_desk_price_cents'])
    .execute();
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

/** Rows per statement: well under SQLite's and PostgreSQL's bound-parameter limits. */
const CHUNK = 500;

function chunked<T>(items: readonly T[]): T[][] {
  const chunks: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) chunks.push(items.slice(i, i + CHUNK));
  return chunks;
}

// ---- writes ----

/** An order as written: its name also folded for the search (migration 020). */
function withFoldedName(order: Insertable<OrderTable>): Insertable<OrderTable> {
  return { ...order, customer_name_folded: foldName(order.customer_name) };
}

export async function insertOrder(db: Executor, order: Insertable<OrderTable>): Promise<number> {
  const row = await db.insertInto('orders').values(withFoldedName(order)).returning('id').executeTakeFirstOrThrow();
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
    const rows = await db.insertInto('orders').values(chunk.map(withFoldedName)).returning('id').execute();
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
  status?: string | undefined;
  confirmation?: string | undefined;
  /** The table's own wilaya name (the service finds it with wilayaKey). */
  wilaya?: string | undefined;
  /** Placed on or after this day, on or before that one (YYYY-MM-DD). */
  from?: string | undefined;
  to?: string | undefined;
  /** Only orders whose courier said something their status contradicts. */
  attention?: string | undefined;
  /** Returned parcels received back, or still on their way back. */
  return_state?: ReturnState | undefined;
}

/** Orders whose phone holds `fragment`. */
function phoneMatch(eb: ExpressionBuilder<DB, 'orders'>, fragment: string) {
  // A substring of a phone is a prefix of one of its suffixes: one range of the suffix index
  // (migrations 004 and 005). Shorter or non-digit fragments are matched with LIKE.
  if (suffixServes(fragment)) {
    return eb(
      'orders.id',
      'in',
      sql<number>`(select order_id from order_phone_suffixes where ${suffixRange(fragment)})`,
    );
  }
  return eb(sql<string>`customer_phone`, 'like', sql<string>`${containsPattern(fragment)} escape '\\'`);
}

/** Whether the suffix index holds a phone fragment: MIN_SUFFIX digits or more. */
function suffixServes(fragment: string): boolean {
  return fragment.length >= MIN_SUFFIX && /^\d+$/.test(fragment);
}

/** The phone fragment of a filter that asks for nothing else, when the suffix index serves it. */
function phoneOnly(filter: OrderFilter): string | undefined {
  const { phone, ...others } = filter;
  return asksNothing(others) && phone !== undefined && suffixServes(phone) ? phone : undefined;
}

/**
 * The ids of the orders whose phone holds `fragment` (MIN_SUFFIX digits or more), from the suffix
 * index alone: without a visit of each matching order, a page of a phone search costs PostgreSQL
 * about a quarter less (pgbench: 2,200 → 3,000 searches/s on 100,000 orders). The range's bounds
 * are hidden from the planner (see hiddenFromPlanner).
 */
function phoneMatchIds(fragment: string) {
  return sql<{
    id: number;
  }>`(select distinct order_id as id from order_phone_suffixes where ${suffixRange(fragment, true)})`;
}

/**
 * A parameter PostgreSQL reads only when the statement runs (a one-row subquery, an InitPlan), so
 * its plan is the same whatever the value: after five runs PostgreSQL keeps that plan and stops
 * planning the statement at each run. The phone search's plan is the same for every fragment and
 * page (a range of the suffix index, then the page's orders by key), but seeing the values made
 * the planner's estimate for them lower than its generic one, so it planned every search anew:
 * ~0.25 ms of PostgreSQL's ~0.4 ms CPU per search. Hidden, pgbench runs 30-50 % more searches/s.
 */
function hiddenFromPlanner<T>(value: T, type: 'text' | 'bigint') {
  return sql<T>`(select ${value}::${sql.raw(type)})`;
}

/** The phone suffixes that start with `fragment`: one range of the index (they sort bytewise). */
function suffixRange(fragment: string, hidden = false) {
  const bound = (value: string) => (hidden ? hiddenFromPlanner(value, 'text') : value);
  return sql`suffix >= ${bound(fragment)} and suffix < ${bound(`${fragment}\u{10FFFF}`)}`;
}

/** The order number a search names ("12", "#12"): that order is listed first when it matches. */
function searchedNumber(q: string | undefined): number | undefined {
  const digits = q === undefined ? undefined : /^#?\s*(\d{1,9})$/.exec(q.trim())?.[1];
  return digits === undefined ? undefined : Number(digits);
}

/**
 * What the search box asks for: an order number, a phone fragment (any spelling), a courier's
 * tracking number, or a name: each of its words, folded (foldName), in the order's folded name,
 * in any order.
 */
function searchMatch(eb: ExpressionBuilder<DB, 'orders'>, q: string, postgres: boolean) {
  const number = /^#\s*(\d{1,9})$/.exec(q)?.[1];
  if (number) return eb('orders.id', '=', Number(number));
  const compact = q.replace(/[\s.\-()]/g, '');
  if (/^(\+|00)?\d+$/.test(compact)) {
    // "+213 555 12" is stored as "055512…": the country code is the trunk 0.
    const digits = compact.replace(/^(\+|00)213/, '0').replace(/^\+/, '');
    const number = digits.length <= 9 ? Number(digits) : undefined;
    if (suffixServes(digits)) {
      // One list of ids, the phone's range of the suffix index and the order of that number: an OR
      // of the two made PostgreSQL test every order against both (80 ms at a million orders).
      const orderNumber = number === undefined ? sql`` : sql` union all select cast(${number} as integer)`;
      return eb(
        'orders.id',
        'in',
        sql<number>`(select order_id from order_phone_suffixes where ${suffixRange(digits)}${orderNumber})`,
      );
    }
    const matches = [phoneMatch(eb, digits)];
    if (number !== undefined) matches.push(eb('orders.id', '=', number));
    return eb.or(matches);
  }
  const trimmed = q.trim();
  // Couriers write tracking numbers in one case or the other ("yal-000123", "ZR-88"): one range of
  // the tracking index per spelling.
  const tracking = eb('orders.tracking_number', 'in', [
    ...new Set([trimmed, trimmed.toLowerCase(), trimmed.toUpperCase()]),
  ]);
  const words = nameSearchWords(q);
  if (words.length === 0) return tracking;
  return eb.or([tracking, nameHoldsAll(eb, words, postgres)]);
}

/**
 * The orders a filter matches. `inKeyOrder`: the caller reads them in the order of their ids (a
 * page, an export's batch), and a date filter is also told the days' range of ids (daysIdRange).
 * A count leaves it out: the index on created_at counts a date range without the table.
 */
function filtered(db: Executor, filter: OrderFilter, inKeyOrder = false) {
  let query = db.selectFrom('orders');
  if (filter.phone) {
    const phone = filter.phone;
    query = query.where((eb) => phoneMatch(eb, phone));
  }
  if (filter.q) {
    const q = filter.q;
    query = query.where((eb) => searchMatch(eb, q, isPostgres(db)));
  }
  if (filter.type) query = query.where('type', '=', filter.type);
  if (filter.status) query = query.where('status', '=', filter.status);
  if (filter.confirmation) query = query.where('confirmation', '=', filter.confirmation);
  if (filter.wilaya) query = query.where('wilaya_name', '=', filter.wilaya);
  // Timestamps are ISO text: a day's orders are those from its start to the next day's start.
  if (filter.from) query = query.where('created_at', '>=', filter.from);
  if (filter.to) query = query.where('created_at', '<', nextDay(filter.to));
  if (inKeyOrder && (filter.from || filter.to)) {
    const { from, to } = filter;
    query = query.where((eb) => daysIdRange(eb, from, to));
  }
  if (filter.attention === 'true') query = query.where('courier_attention', 'is not', null);
  if (filter.return_state) {
    query = query
      .where('status', '=', 'returned')
      .where('return_received_at', filter.return_state === 'received' ? 'is not' : 'is', null);
  }
  return query;
}

/**
 * The ids the orders of these days can have: from the smallest to the largest id an order of one of
 * them ever had (kept per day, migration 034; never narrowed, so no order of the days is outside).
 * Orders are numbered as they come, so the range holds the days' orders and few others: a page of
 * a date filter walks that range of the key, newest first, and not every newer order before it.
 * No order on those days: no range, no order.
 */
function daysIdRange(eb: ExpressionBuilder<DB, 'orders'>, from: string | undefined, to: string | undefined) {
  const days = (column: 'first_id' | 'last_id', bound: 'min' | 'max') => {
    let query = eb.selectFrom('order_day_status').select((f) => f.fn[bound](column).as('bound'));
    if (from) query = query.where('day', '>=', from);
    if (to) query = query.where('day', '<=', to);
    return query;
  };
  return eb.and([eb('orders.id', '>=', days('first_id', 'min')), eb('orders.id', '<=', days('last_id', 'max'))]);
}

/** The day after a YYYY-MM-DD day, as the same text. */
function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

/**
 * A page of the orders the filter matches, newest first. The page's ids are read first, from an
 * index alone where one holds the filter's columns (by status: migration 031; none: the key, from
 * the block holding the page, migration 035), and then only the page's rows: page 500 skips 10,000
 * index entries, not 10,000 orders.
 */
export async function listOrders(db: Executor, filter: OrderFilter, limit: number, offset: number) {
  let page = filtered(db, filter, true).select('orders.id').orderBy('orders.id', 'desc').limit(limit);
  if (asksNothing(filter) && offset > 0) {
    const start = await blockOf(db, offset);
    if (!start) return [];
    page = page.where('orders.id', '<', start.below).offset(start.skip);
  } else {
    page = page.offset(offset);
  }
  return db.selectFrom('orders').selectAll().where('id', 'in', page).orderBy('id', 'desc').execute();
}

/** A filter that asks for nothing: the orders list as it opens. */
function asksNothing(filter: OrderFilter): boolean {
  return Object.values(filter).every((value) => value === undefined || value === '');
}

/**
 * Where the unfiltered list's page at `offset` starts (migration 035). The blocks' counts, summed
 * from the newest, find the block of ids holding the offset-th newest order: the page is read below
 * the next block's first id, skipping only that block's newer orders (fewer than ORDERS_PER_BLOCK)
 * instead of every newer order. Undefined past the last order.
 */
async function blockOf(db: Executor, offset: number): Promise<{ below: number; skip: number } | undefined> {
  const block = await db
    .selectFrom((eb) =>
      eb
        .selectFrom('order_blocks')
        .select([
          'block',
          sql<number>`sum(order_count)`.as('order_count'),
          sql<number>`sum(sum(order_count)) over (order by block desc)`.as('through'),
        ])
        .groupBy('block')
        .as('b'),
    )
    .select(['block', 'order_count', 'through'])
    .where('through', '>', offset)
    .orderBy('block', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!block) return undefined;
  // PostgreSQL's sums are bigint, which pg reads as text.
  const newer = Number(block.through) - Number(block.order_count);
  return { below: (block.block + 1) * ORDERS_PER_BLOCK, skip: offset - newer };
}

/** These orders (ids), oldest first. */
export function findOrdersIn(db: Executor, ids: number[]) {
  return db.selectFrom('orders').selectAll().where('id', 'in', ids).orderBy('id').execute();
}

/**
 * The next `limit` orders the filter matches after order `afterId`, oldest first: a batch of an
 * export, which walks the key a range at a time (keyset), so each batch costs the same whatever the
 * size of the shop and no connection is held between batches.
 */
export function findOrdersAfter(db: Executor, filter: OrderFilter, afterId: number, limit: number) {
  return filtered(db, filter, true)
    .selectAll()
    .where('orders.id', '>', afterId)
    .orderBy('orders.id')
    .limit(limit)
    .execute();
}

/**
 * A page of the orders the filter matches, newest first, how many match in all, and the page's
 * details (findOrderDetails), with the filter run once (a phone search matches few orders).
 * PostgreSQL answers all of it in one statement, the count running over the matching ids only and
 * the details as JSON columns of the page's rows; SQLite, in process, reads the ids and then the
 * page's rows, which costs it half as much as that statement (~57 against ~120 µs on 100,000
 * orders), and then the details.
 */
export async function findOrdersPage(
  db: Executor,
  filter: OrderFilter,
  limit: number,
  offset: number,
): Promise<{ rows: OrderRow[]; total: number; details: OrderDetails }> {
  if (isPostgres(db)) {
    const phone = phoneOnly(filter);
    const matching = phone
      ? db.selectFrom(phoneMatchIds(phone).as('m'))
      : db.selectFrom(filtered(db, filter, true).select('orders.id').as('m'));
    // The order a search names by its number comes first, then the newest.
    const pinned = phone ? undefined : searchedNumber(filter.q);
    const first = (column: 'm.id' | 'o.id') =>
      sql<number>`case when ${sql.ref(column)} = ${pinned ?? 0} then 0 else 1 end`;
    let page = matching.select((eb) => ['m.id', eb.fn.countAll<string>().over().as('total_matched')]);
    if (pinned !== undefined) page = page.orderBy(first('m.id'));
    const paged = page
      .orderBy('m.id', 'desc')
      .limit(phone ? hiddenFromPlanner(limit, 'bigint') : limit)
      .offset(phone ? hiddenFromPlanner(offset, 'bigint') : offset)
      .as('page');
    let query = db
      .selectFrom(paged)
      .innerJoin('orders as o', 'o.id', 'page.id')
      .selectAll('o')
      .select((eb) => ['page.total_matched', ...detailColumns(eb)]);
    if (pinned !== undefined) query = query.orderBy(first('o.id'));
    const found = await query.orderBy('o.id', 'desc').execute();
    // A page past the end has no row to carry the total.
    const total = found[0] ? Number(found[0].total_matched) : offset > 0 ? await countOrders(db, filter) : 0;
    const rows = found.map(
      ({ total_matched: _, items: _items, images: _images, payments: _payments, reputation: _r, ...row }) => row,
    );
    return { rows, total, details: detailsOf(found) };
  }
  const ids = (await filtered(db, filter, true).select('orders.id').orderBy('orders.id', 'desc').execute()).map(
    (r) => r.id,
  );
  const pinned = searchedNumber(filter.q);
  if (pinned !== undefined && ids.includes(pinned))
    ids.splice(0, ids.length, pinned, ...ids.filter((id) => id !== pinned));
  const pageIds = ids.slice(offset, offset + limit);
  const rows =
    pageIds.length === 0
      ? []
      : (await db.selectFrom('orders').selectAll().where('id', 'in', pageIds).execute()).sort(
          (a, b) => pageIds.indexOf(a.id) - pageIds.indexOf(b.id),
        );
  return { rows, total: ids.length, details: await findOrderDetails(db, rows) };
}

export async function countOrders(db: Executor, filter: OrderFilter): Promise<number> {
  const { status, ...others } = filter;
  if (asksNothing(others)) {
    // Every order, or a status's: the sums kept per day and status (migration 034), a row per day
    // whatever the orders, not a walk of every key (PostgreSQL: 30 ms at a million orders).
    let kept = db
      .selectFrom('order_day_status')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('order_count'), sql<number>`0`).as('n'));
    if (status) kept = kept.where('status', '=', status);
    return Number((await kept.executeTakeFirstOrThrow()).n);
  }
  const row = await filtered(db, filter)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The variants of these products (rows of product_sizes, ADR 036): colour (0 for none), size,
 * stock, price difference, with their colour's name and URL key (in the same query: an order's
 * reads are one query per table, the colours come with the rows that sell them).
 */
export function findVariantsOf(db: Executor, productIds: readonly number[]) {
  if (productIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('product_sizes')
    .leftJoin('product_colors', 'product_colors.id', 'product_sizes.color_id')
    .select([
      'product_sizes.product_id',
      'product_sizes.color_id',
      'product_sizes.size',
      'product_sizes.stock',
      'product_sizes.price_diff_cents',
      'product_colors.name as color_name',
      'product_colors.slug as color_slug',
      'product_colors.position as color_position',
    ])
    .where('product_sizes.product_id', 'in', productIds)
    .execute();
}

export function findItemsOf(db: Executor, orderIds: readonly number[]) {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('order_items').selectAll().where('order_id', 'in', orderIds).orderBy('id').execute();
}

export function findReferenceImagesOf(db: Executor, orderIds: readonly number[]) {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('order_reference_images').selectAll().where('order_id', 'in', orderIds).orderBy('id').execute();
}

const countWhen = (condition: RawBuilder<unknown>) => sql<number>`sum(case when ${condition} then 1 else 0 end)`;

/** A phone's past orders, counted (the order desk's reputation). */
const reputationColumns = [
  sql<number>`count(*)`.as('orders'),
  countWhen(sql`status = 'successful'`).as('delivered'),
  countWhen(sql`status = 'returned'`).as('returned'),
  countWhen(sql`confirmation = 'refused'`).as('refused'),
  countWhen(sql`status = 'cancelled'`).as('cancelled'),
] as const;

/** Per phone: its orders, delivered, returned, refused by phone and cancelled. */
export function reputationOf(db: Executor, phones: readonly string[]) {
  if (phones.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('orders')
    .select(['customer_phone', ...reputationColumns])
    .where('customer_phone', 'in', [...new Set(phones)])
    .groupBy('customer_phone')
    .execute();
}

export type OrderItemRow = Awaited<ReturnType<typeof findItemsOf>>[number];
export type ReferenceImageRow = Awaited<ReturnType<typeof findReferenceImagesOf>>[number];
export type ReputationRow = Awaited<ReturnType<typeof reputationOf>>[number];
export type PaymentRow = Awaited<ReturnType<typeof findPaymentsOf>>[number];

export interface OrderDetails {
  items: OrderItemRow[];
  images: ReferenceImageRow[];
  reputations: ReputationRow[];
  payments: PaymentRow[];
}

/** Payments received before delivery of these orders (order-payments). */
export function findPaymentsOf(db: Executor, orderIds: readonly number[]) {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('order_payments')
    .select(['id', 'order_id', 'amount_cents', 'method', 'reference', 'paid_on', 'author', 'created_at'])
    .where('order_id', 'in', [...new Set(orderIds)])
    .orderBy('id')
    .execute();
}

/**
 * PostgreSQL: an order's lines, reference images, payments and its phone's past orders as four
 * JSON columns of a query over `orders as o`. Counts are bigints that pg reads as text; inside JSON
 * they stay numbers.
 */
function detailColumns(eb: ExpressionBuilder<DB & { o: OrderTable }, 'o'>) {
  return [
    jsonArrayFrom(
      eb
        .selectFrom('order_items')
        .selectAll('order_items')
        .whereRef('order_items.order_id', '=', 'o.id')
        .orderBy('order_items.id'),
    ).as('items'),
    jsonArrayFrom(
      eb
        .selectFrom('order_reference_images')
        .selectAll('order_reference_images')
        .whereRef('order_reference_images.order_id', '=', 'o.id')
        .orderBy('order_reference_images.id'),
    ).as('images'),
    jsonArrayFrom(
      eb
        .selectFrom('order_payments')
        .select([
          'order_payments.id',
          'order_payments.order_id',
          'order_payments.amount_cents',
          'order_payments.method',
          'order_payments.reference',
          'order_payments.paid_on',
          'order_payments.author',
          'order_payments.created_at',
        ])
        .whereRef('order_payments.order_id', '=', 'o.id')
        .orderBy('order_payments.id'),
    ).as('payments'),
    jsonObjectFrom(
      eb.selectFrom('orders as p').select(reputationColumns).whereRef('p.customer_phone', '=', 'o.customer_phone'),
    ).as('reputation'),
  ] as const;
}

function detailsOf(
  rows: readonly {
    customer_phone: string;
    items: OrderItemRow[];
    images: ReferenceImageRow[];
    payments: PaymentRow[];
    reputation: Omit<ReputationRow, 'customer_phone'> | null;
  }[],
): OrderDetails {
  return {
    items: rows.flatMap((d) => d.items),
    images: rows.flatMap((d) => d.images),
    payments: rows.flatMap((d) => d.payments),
    reputations: rows.flatMap((d) => (d.reputation ? [{ customer_phone: d.customer_phone, ...d.reputation }] : [])),
  };
}

/**
 * What an admin's page of orders shows beside each row: regular orders' lines, custom orders'
 * reference images, and the past orders of each phone. PostgreSQL answers in one statement
 * (detailColumns: on a busy 2-core machine each statement costs the database a process wake-up);
 * SQLite, in process, runs the three plain queries.
 */
export async function findOrderDetails(
  db: Executor,
  rows: readonly Pick<OrderRow, 'id' | 'type' | 'customer_phone'>[],
): Promise<OrderDetails> {
  const ofType = (type: string) => rows.filter((r) => r.type === type).map((r) => r.id);
  if (!isPostgres(db)) {
    const [items, images, reputations, payments] = await Promise.all([
      findItemsOf(db, ofType('regular')),
      findReferenceImagesOf(db, ofType('custom')),
      reputationOf(
        db,
        rows.map((r) => r.customer_phone),
      ),
      findPaymentsOf(
        db,
        rows.map((r) => r.id),
      ),
    ]);
    return { items, images, reputations, payments };
  }
  if (rows.length === 0) return { items: [], images: [], reputations: [], payments: [] };
  const details = await db
    .selectFrom('orders as o')
    .select((eb) => ['o.id', 'o.customer_phone', ...detailColumns(eb)])
    .where(
      'o.id',
      'in',
      rows.map((r) => r.id),
    )
    .execute();
  return detailsOf(details);
}

export function findStatusHistory(db: Executor, orderId: number) {
  return db
    .selectFrom('order_status_history')
    .select(['from_status', 'to_status', 'changed_at'])
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute();
}

// ---- stats, computed in SQL (DESIGN §3.9) from the figures kept per day (migration 034) ----

/**
 * Orders per status, with their totals and delivery fees: every order, or those placed since a day.
 * Sums the kept rows of the days (one per day and status), not the orders.
 */
export async function orderCountsByStatus(db: Executor, since?: string | null) {
  let query = db
    .selectFrom('order_day_status')
    .select((eb) => [
      'status',
      eb.fn.sum<number>('order_count').as('n'),
      eb.fn.sum<number>('total_cents').as('total_cents'),
      eb.fn.sum<number>('shipping_cents').as('shipping_cents'),
    ]);
  if (since) query = query.where('day', '>=', since);
  // A status whose orders all moved on has rows at zero: not listed, as when orders were counted.
  return query
    .groupBy('status')
    .having((eb) => eb.fn.sum('order_count'), '>', 0)
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
  return db
    .selectFrom('order_day_status')
    .select([
      'day',
      sql<number>`sum(order_count)`.as('orders'),
      sql<number>`coalesce(sum(case when status = 'successful' then total_cents else 0 end), 0)`.as('revenue_cents'),
    ])
    .where('day', '>=', fromDay)
    .groupBy('day')
    .having(sql`sum(order_count)`, '>', 0)
    .execute();
}

/** The orders an Idempotency-Key placed (place/order-keys.ts). */
export function findOrderKeys(db: Executor, keys: readonly string[]) {
  if (keys.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('order_keys')
    .select(['key', 'fingerprint', 'order_id'])
    .where('key', 'in', [...new Set(keys)])
    .execute();
}

export async function insertOrderKeys(
  db: Executor,
  rows: readonly { key: { key: string; fingerprint: string }; orderId: number; at: string }[],
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('order_keys')
    .values(
      rows.map((r) => ({ key: r.key.key, fingerprint: r.key.fingerprint, order_id: r.orderId, created_at: r.at })),
    )
    .execute();
}

export function findOrderOrThrow(db: Executor, id: number) {
  return db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** The orders of some phones placed between two times (the duplicates of a page of orders). */
export function findOrdersOfPhonesBetween(db: Executor, phones: readonly string[], from: string, to: string) {
  return db
    .selectFrom('orders')
    .select(['id', 'customer_phone', 'created_at', 'possible_duplicate'])
    .where('customer_phone', 'in', phones)
    .where('created_at', '>=', from)
    .where('created_at', '<=', to)
    .execute();
}
