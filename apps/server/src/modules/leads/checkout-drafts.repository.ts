// The checkout_drafts table (migration 028): drafts upserted by the storefront, marked converted by
// the order placed with their key (in that order's transaction), called about by the desk.
import type { ExpressionBuilder } from 'kysely';
import type { DB, Executor } from '../../db/database.ts';

export interface DraftValues {
  checkout: string;
  customer_name: string;
  customer_phone: string;
  wilaya: string;
  commune: string;
  address: string;
  postal_code: string;
  delivery_type: string;
  lines: string;
  page_url: string;
  /** JSON of the attribution and the request's client (leads.service.ts). */
  attribution: string;
  /** The custom order page's choices (migration 033); '' when none. */
  custom_item: string;
  custom_color: string;
  custom_size: string;
}

/**
 * Saves what the customer typed under the browser's key: one row per key, replaced as they type.
 * A draft already turned into an order is left as it is (its key is spent).
 */
export async function upsertDraft(db: Executor, key: string, values: DraftValues, at: string): Promise<void> {
  await db
    .insertInto('checkout_drafts')
    .values({ draft_key: key, ...values, created_at: at, updated_at: at })
    .onConflict((oc) =>
      oc
        .column('draft_key')
        .doUpdateSet({ ...values, updated_at: at })
        .where('checkout_drafts.order_id', 'is', null),
    )
    .execute();
}

/** Marks each draft converted with its order; a draft converted before keeps its first order. */
export async function convertDrafts(
  trx: Executor,
  rows: readonly { key: string; by: 'customer' | 'desk'; orderId: number; at: string }[],
): Promise<void> {
  for (const row of rows) {
    await trx
      .updateTable('checkout_drafts')
      .set({
        order_id: row.orderId,
        converted_by: row.by,
        converted_at: row.at,
        claimed_by: null,
        claim_expires_at: null,
      })
      .where('draft_key', '=', row.key)
      .where('order_id', 'is', null)
      .execute();
  }
}

export function findDraft(db: Executor, id: number) {
  return db.selectFrom('checkout_drafts').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findDraftByKey(db: Executor, key: string) {
  return db.selectFrom('checkout_drafts').selectAll().where('draft_key', '=', key).executeTakeFirst();
}

/**
 * Drafts that may be leads: changed at least `changedBefore` ago, created since `since`, not
 * placed by the customer (an agent's order keeps its draft a lead, recovered).
 */
export function candidateDrafts(db: Executor, { changedBefore, since }: { changedBefore: string; since: string }) {
  return db
    .selectFrom('checkout_drafts')
    .selectAll()
    .where('updated_at', '<=', changedBefore)
    .where('created_at', '>=', since)
    .where((eb) => eb.or([eb('converted_by', 'is', null), eb('converted_by', '=', 'desk')]))
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1000)
    .execute();
}

/** The orders of these phones placed since `since`: a customer who ordered is not called. */
export async function ordersOfPhones(db: Executor, phones: readonly string[], since: string) {
  if (phones.length === 0) return [];
  return db
    .selectFrom('orders')
    .select(['id', 'customer_phone', 'created_at'])
    .where('customer_phone', 'in', [...new Set(phones)])
    .where('created_at', '>=', since)
    .execute();
}

export function productNames(db: Executor, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('products')
    .select(['id', 'name'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
}

/** The custom items a custom page's drafts name (by id), for the desk's card. */
export function customItemNames(db: Executor, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('custom_order_items')
    .select(['id', 'name'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
}

/** The hold a call may go through: nobody else's (or `override`: the owner's or a manager's). */
export interface LeadHolder {
  userId: number;
  override: boolean;
  now: string;
}

/** Nobody else holds it: no hold, this user's, or a hold that has run out. */
function freeFor(eb: ExpressionBuilder<DB, 'checkout_drafts'>, { userId, now }: LeadHolder) {
  return eb.or([eb('claimed_by', 'is', null), eb('claimed_by', '=', userId), eb('claim_expires_at', '<=', now)]);
}

/**
 * Records a call on a lead still open and not held by another user, and ends its hold (the call
 * was made); false when it has an order, is not there, or another holds it.
 */
export async function recordLeadCall(
  db: Executor,
  id: number,
  change: { call_state: string; call_back_at: string | null; addAttempt: boolean; at: string; by: string },
  holder: LeadHolder,
): Promise<boolean> {
  let query = db
    .updateTable('checkout_drafts')
    .set((eb) => ({
      call_state: change.call_state,
      call_back_at: change.call_back_at,
      call_attempts: change.addAttempt ? eb('call_attempts', '+', 1) : eb.ref('call_attempts'),
      last_call_at: change.at,
      last_call_by: change.by,
      claimed_by: null,
      claim_expires_at: null,
    }))
    .where('id', '=', id)
    .where('order_id', 'is', null);
  if (!holder.override) query = query.where((eb) => freeFor(eb, holder));
  return Number((await query.executeTakeFirst()).numUpdatedRows) === 1;
}

/**
 * Takes (or keeps, moving its end on) the hold of an open lead for `holder.userId` until `until`,
 * by one UPDATE whose WHERE says nobody else holds it: of two agents at once (one process or
 * two), one gets it. False when it has an order, is not there, or another holds it.
 */
export async function claimLead(db: Executor, id: number, holder: LeadHolder, until: string): Promise<boolean> {
  const result = await db
    .updateTable('checkout_drafts')
    .set({ claimed_by: holder.userId, claim_expires_at: until })
    .where('id', '=', id)
    .where('order_id', 'is', null)
    .where((eb) => freeFor(eb, holder))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Ends the hold on a lead; only `userId`'s when given. False when there was none to end. */
export async function releaseLead(db: Executor, id: number, userId?: number): Promise<boolean> {
  let query = db
    .updateTable('checkout_drafts')
    .set({ claimed_by: null, claim_expires_at: null })
    .where('id', '=', id)
    .where('claimed_by', 'is not', null);
  if (userId !== undefined) query = query.where('claimed_by', '=', userId);
  return Number((await query.executeTakeFirst()).numUpdatedRows) === 1;
}

/** The leads this user holds go back to the list (they are disabled, or no longer call). */
export function releaseLeadsOf(db: Executor, userId: number) {
  return db
    .updateTable('checkout_drafts')
    .set({ claimed_by: null, claim_expires_at: null })
    .where('claimed_by', '=', userId)
    .execute();
}

/** Deletes the drafts last changed before `before`; answers how many. */
export async function deleteDraftsBefore(db: Executor, before: string): Promise<number> {
  const result = await db.deleteFrom('checkout_drafts').where('updated_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
