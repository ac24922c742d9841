// Queries of the shared desk (desk-claims.service.ts): who holds which order of the queue. Each
// hold is taken by one UPDATE whose WHERE says the order is free, so of two agents (in one process
// or two) asking at once, only one gets it, on both databases.
import { sql, type ExpressionBuilder } from 'kysely';
import type { DB, Executor } from '../../db/database.ts';
import { isPostgres } from '../../db/dialect.ts';

const WAITING = ['to_confirm', 'no_answer', 'call_back'];

/** Waiting for its call now: pending, not confirmed or refused, not a call-back set for later. */
function waitingNow(eb: ExpressionBuilder<DB, 'orders'>, now: string) {
  return eb.and([
    eb('status', '=', 'pending'),
    eb('confirmation', 'in', WAITING),
    eb.or([eb('confirmation', '!=', 'call_back'), eb('call_back_at', '<=', now)]),
  ]);
}

/** Nobody else holds it: no hold, this user's, or a hold that has run out. */
function freeFor(eb: ExpressionBuilder<DB, 'orders'>, userId: number, now: string) {
  return eb.or([eb('claimed_by', 'is', null), eb('claimed_by', '=', userId), eb('claim_expires_at', '<=', now)]);
}

/** The new hold's end: this user's assignment stays an assignment, anything else runs `until`. */
function holdUntil(userId: number, until: string) {
  return sql<string | null>`case when claimed_by = ${userId} and claim_expires_at is null then null else ${until} end`;
}

/**
 * Takes the next order for `userId` and answers its id, or undefined when another agent took the
 * one chosen at the same moment (or none is free). The order: the user's own first (held or
 * assigned), then call-backs that are due, then new orders oldest first, then those that did not
 * answer, fewest attempts and longest untouched first, so a "no answer" does not come straight back.
 * On PostgreSQL the choice locks the row: an agent choosing at the same moment waits for it, sees
 * it taken, and goes on to the next row (SKIP LOCKED would make them find nothing while another's
 * claim is in flight). On SQLite the statement runs alone.
 */
export async function claimNext(db: Executor, userId: number, now: string, until: string) {
  let pick = db
    .selectFrom('orders')
    .select('id')
    .where((eb) => waitingNow(eb, now))
    .where((eb) => freeFor(eb, userId, now))
    .orderBy(sql`case when claimed_by = ${userId} then 0 else 1 end`)
    .orderBy(sql`case when confirmation = 'call_back' then 0 when confirmation = 'to_confirm' then 1 else 2 end`)
    .orderBy(sql`case when confirmation = 'no_answer' then call_attempts else 0 end`)
    .orderBy(
      sql`case when confirmation = 'call_back' then call_back_at when confirmation = 'to_confirm' then created_at else updated_at end`,
    )
    .orderBy('id')
    .limit(1);
  if (isPostgres(db)) pick = pick.forUpdate();
  const row = await db
    .updateTable('orders')
    .set({ claimed_by: userId, claim_expires_at: holdUntil(userId, until) })
    .where('id', '=', pick)
    .where((eb) => freeFor(eb, userId, now))
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/** Whether any order is waiting for this user (after a lost race: is it worth asking again?). */
export async function anyWaiting(db: Executor, userId: number, now: string): Promise<boolean> {
  const row = await db
    .selectFrom('orders')
    .select('id')
    .where((eb) => waitingNow(eb, now))
    .where((eb) => freeFor(eb, userId, now))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Takes (or keeps) one order for `userId` if it waits for its call and nobody else holds it. */
export async function claimOne(db: Executor, orderId: number, userId: number, now: string, until: string) {
  const result = await db
    .updateTable('orders')
    .set({ claimed_by: userId, claim_expires_at: holdUntil(userId, until) })
    .where('id', '=', orderId)
    .where('status', '=', 'pending')
    .where('confirmation', 'in', WAITING)
    .where((eb) => freeFor(eb, userId, now))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Moves a timed hold of this user's on forward (a sign of life); an assignment stays as it is. */
export function renew(db: Executor, orderId: number, userId: number, until: string) {
  return db
    .updateTable('orders')
    .set({ claim_expires_at: until })
    .where('id', '=', orderId)
    .where('claimed_by', '=', userId)
    .where('claim_expires_at', 'is not', null)
    .execute();
}

/** Ends the hold on an order; only `userId`'s when given. */
export async function release(db: Executor, orderId: number, userId?: number): Promise<boolean> {
  let query = db
    .updateTable('orders')
    .set({ claimed_by: null, claim_expires_at: null })
    .where('id', '=', orderId)
    .where('claimed_by', 'is not', null);
  if (userId !== undefined) query = query.where('claimed_by', '=', userId);
  return Number((await query.executeTakeFirst()).numUpdatedRows) === 1;
}

/** Hands an order waiting for its call to a user, without an end. */
export async function assign(db: Executor, orderId: number, userId: number): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    .set({ claimed_by: userId, claim_expires_at: null })
    .where('id', '=', orderId)
    .where('status', '=', 'pending')
    .where('confirmation', 'in', WAITING)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export function findHold(db: Executor, orderId: number) {
  return db
    .selectFrom('orders')
    .leftJoin('users', 'users.id', 'orders.claimed_by')
    .select([
      'orders.id',
      'orders.status',
      'orders.confirmation',
      'orders.claimed_by',
      'orders.claim_expires_at',
      'users.username',
    ])
    .where('orders.id', '=', orderId)
    .executeTakeFirst();
}

/** The active users who may work the desk (the owner's list to assign from). */
export function deskUsers(db: Executor, roles: readonly string[]) {
  return db
    .selectFrom('users')
    .select(['id', 'username', 'role'])
    .where('disabled_at', 'is', null)
    .where('role', 'in', [...roles])
    .orderBy('username')
    .execute();
}
