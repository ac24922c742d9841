// Queries of the cash-on-delivery order desk (the files of desk/): the confirmation queue, a
// phone's past orders, notes and history, the blacklist, corrections and the 30-day figures.
import { sql, type Updateable } from 'kysely';
import { foldName } from '@shop/domain/name-fold';
import type { Executor, OrderTable } from '../../../db/database.ts';

// ---- the confirmation queue ----

/**
 * Pending orders waiting for their call, each with when its last call was recorded: call-backs
 * that are due first (soonest first), then the others by when they were last tried or, never
 * tried, placed (so an order that did not answer goes behind those waiting), then call-backs not
 * due yet. `now` is an ISO time.
 */
export function confirmationQueue(db: Executor, now: string, limit: number) {
  const due = sql<number>`case
    when confirmation = 'call_back' and call_back_at <= ${now} then 0
    when confirmation = 'call_back' then 2
    else 1 end`;
  // Written twice: PostgreSQL reads a column's alias in ORDER BY only on its own.
  const lastCall = sql<string | null>`(select max(e.created_at) from order_events e
    where e.order_id = orders.id and e.kind = 'confirmation')`;
  return db
    .selectFrom('orders')
    .selectAll('orders')
    .select(lastCall.as('last_call_at'))
    .where('status', '=', 'pending')
    .where('confirmation', 'in', ['to_confirm', 'no_answer', 'call_back'])
    .orderBy(due)
    .orderBy(sql`case when confirmation = 'call_back' then call_back_at else coalesce(${lastCall}, created_at) end`)
    .orderBy('id')
    .limit(limit)
    .execute();
}

export function updateOrder(db: Executor, id: number, values: Updateable<OrderTable>) {
  // A corrected name is searched for as it now reads (migration 020).
  const folded =
    typeof values.customer_name === 'string' ? { customer_name_folded: foldName(values.customer_name) } : {};
  return db
    .updateTable('orders')
    .set({ ...values, ...folded })
    .where('id', '=', id)
    .execute();
}

// ---- a phone's past orders ----

/**
 * Per phone, its open orders (pending or approved, not refused) placed since `since`. Only the
 * phone and the date are asked of the database, so that it walks the phone's own orders (index
 * orders_phone_created); the state is checked here. With the state in the query, SQLite chose
 * the (status, confirmation) index and read every pending order of the shop for each batch:
 * 18 ms a batch on 100,000 orders, and orders fell from ~4,400 to ~900 a second (bench).
 */
export async function openOrdersSince(
  db: Executor,
  phones: readonly string[],
  since: string,
): Promise<{ customer_phone: string; n: number }[]> {
  if (phones.length === 0) return [];
  const rows = await db
    .selectFrom('orders')
    .select(['customer_phone', 'status', 'confirmation'])
    .where('customer_phone', 'in', [...new Set(phones)])
    .where('created_at', '>=', since)
    .execute();
  const open = new Map<string, number>();
  for (const row of rows) {
    if ((row.status !== 'pending' && row.status !== 'approved') || row.confirmation === 'refused') continue;
    open.set(row.customer_phone, (open.get(row.customer_phone) ?? 0) + 1);
  }
  return [...open].map(([customer_phone, n]) => ({ customer_phone, n }));
}

// ---- notes and history ----

export function insertNote(
  db: Executor,
  note: { order_id: number; author: string; author_id?: number | null; text: string; created_at: string },
) {
  return db
    .insertInto('order_notes')
    .values(note)
    .returning(['id', 'author', 'text', 'created_at'])
    .executeTakeFirstOrThrow();
}

export function findNotes(db: Executor, orderId: number) {
  return db
    .selectFrom('order_notes')
    .select(['id', 'author', 'text', 'created_at'])
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute();
}

export function insertEvent(
  db: Executor,
  event: {
    order_id: number;
    kind: string;
    detail: string;
    author: string | null;
    /** The user who did it, and a call's outcome. */
    author_id?: number | null;
    outcome?: string | null;
    created_at: string;
    /** What to put back to undo it (a desk outcome), as JSON. */
    undo?: string | null;
  },
) {
  return db.insertInto('order_events').values(event).execute();
}

export function findEvents(db: Executor, orderId: number) {
  return db
    .selectFrom('order_events')
    .select(['id', 'kind', 'detail', 'author', 'created_at', 'undo', 'undone_at'])
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute();
}

/** The newest event of an order, if any. */
export function lastEvent(db: Executor, orderId: number) {
  return db
    .selectFrom('order_events')
    .select(['id', 'kind', 'detail', 'created_at', 'undo', 'undone_at'])
    .where('order_id', '=', orderId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Marks an event undone; false when it already was (two undos racing). */
export async function markUndone(db: Executor, eventId: number, at: string): Promise<boolean> {
  const result = await db
    .updateTable('order_events')
    .set({ undone_at: at })
    .where('id', '=', eventId)
    .where('undone_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Status changes of an order after `since` (an ISO time). */
export async function statusChangesAfter(db: Executor, orderId: number, since: string): Promise<number> {
  const row = await db
    .selectFrom('order_status_history')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('order_id', '=', orderId)
    .where('changed_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

// ---- payments received before delivery ----

export function insertPayment(
  db: Executor,
  payment: {
    order_id: number;
    amount_cents: number;
    method: string;
    reference: string;
    paid_on: string;
    author: string;
    created_at: string;
  },
) {
  return db.insertInto('order_payments').values(payment).execute();
}

export function findPayment(db: Executor, orderId: number, paymentId: number) {
  return db
    .selectFrom('order_payments')
    .selectAll()
    .where('order_id', '=', orderId)
    .where('id', '=', paymentId)
    .executeTakeFirst();
}

export function deletePayment(db: Executor, paymentId: number) {
  return db.deleteFrom('order_payments').where('id', '=', paymentId).execute();
}

export function deleteItemsOf(db: Executor, orderId: number) {
  return db.deleteFrom('order_items').where('order_id', '=', orderId).execute();
}

// ---- the blacklist ----

export function listBlacklist(db: Executor) {
  return db.selectFrom('phone_blacklist').selectAll().orderBy('created_at', 'desc').execute();
}

export function findBlacklisted(db: Executor, phones: readonly string[]) {
  if (phones.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('phone_blacklist')
    .selectAll()
    .where('phone', 'in', [...new Set(phones)])
    .execute();
}

export function blacklistPhone(db: Executor, entry: { phone: string; reason: string; created_at: string }) {
  return db
    .insertInto('phone_blacklist')
    .values(entry)
    .onConflict((oc) => oc.column('phone').doUpdateSet({ reason: entry.reason }))
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function unblacklistPhone(db: Executor, phone: string): Promise<boolean> {
  const result = await db.deleteFrom('phone_blacklist').where('phone', '=', phone).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

// ---- the 30-day figures ----

/** Orders placed since `since` (a day), counted per wilaya, status and confirmation (kept: migration 034). */
export function countsSince(db: Executor, since: string) {
  return db
    .selectFrom('order_day_wilaya')
    .select((eb) => ['wilaya_name', 'status', 'confirmation', eb.fn.sum<number>('order_count').as('n')])
    .where('day', '>=', since)
    .groupBy(['wilaya_name', 'status', 'confirmation'])
    .having((eb) => eb.fn.sum('order_count'), '>', 0)
    .execute();
}

/**
 * Variants (a colour, or none, in a size), and products without sizes, whose stock is at or under
 * `threshold`; fewest first. A variant carries its colour's name ('' without) and its scale. The
 * variants and the products are found through their stock's indexes (migration 037): the few low
 * ones, not the catalogue. The variants come first in a CROSS JOIN, which SQLite takes as the order
 * of the loops (without statistics it went through every product instead); PostgreSQL plans it as
 * the inner join it is.
 */
export async function lowStock(db: Executor, threshold: number, limit: number) {
  const sizes = db
    .selectFrom('product_sizes')
    .crossJoin('products')
    .leftJoin('product_colors', 'product_colors.id', 'product_sizes.color_id')
    .whereRef('products.id', '=', 'product_sizes.product_id')
    .select([
      'products.id as product_id',
      'products.name',
      'products.size_scale',
      'product_sizes.color_id',
      sql<string>`coalesce(product_colors.name, '')`.as('color'),
      sql<number>`coalesce(product_colors.position, 0)`.as('color_position'),
      'product_sizes.size',
      'product_sizes.stock',
    ])
    .where('products.has_sizes', '=', 1)
    .where('product_sizes.stock', '<=', threshold);
  const plain = db
    .selectFrom('products')
    .select([
      'id as product_id',
      'name',
      'size_scale',
      sql<number>`0`.as('color_id'),
      sql<string>`''`.as('color'),
      sql<number>`0`.as('color_position'),
      sql<string>`''`.as('size'),
      'stock',
    ])
    .where('has_sizes', '=', 0)
    .where('stock', '<=', threshold);
  return db
    .selectFrom(sizes.unionAll(plain).as('low'))
    .selectAll()
    .orderBy('stock')
    .orderBy('product_id')
    .orderBy('color_position')
    .orderBy('size')
    .limit(limit)
    .execute();
}
