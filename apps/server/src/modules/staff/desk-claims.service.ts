// The desk shared by several agents. "Next order" hands each agent a different order of the
// confirmation queue and holds it for them DESK_CLAIM_MINUTES from their last sign of life (taking
// it, working on it); the owner or a manager may hand an order to an agent, who keeps it until
// the call is made. An agent sees who holds an order and cannot record a call on another's.
import { can, DESK_CLAIM_MINUTES, PERMISSION_ROLES, type Role } from '@shop/domain/staff';
import type { Order } from '@shop/domain/order-responses';
import type { Database, Executor } from '../../db/database.ts';
import { badRequest, conflict, HttpError, notFound } from '../../http/errors.ts';
import { getOrder } from '../orders/orders-public.service.ts';
import type { AdminIdentity } from '../auth/auth.service.ts';
import * as repo from './desk-claims.repository.ts';
import { findUser } from './users.repository.ts';
import { STAFF_MESSAGES } from './staff-messages.ts';

/** Tries of "next order" lost to other agents before saying so (each loses only to a winner). */
const NEXT_TRIES = 5;

function holdEnd(now: Date): string {
  return new Date(now.getTime() + DESK_CLAIM_MINUTES * 60_000).toISOString();
}

/** The next order waiting for a call, now held for `user`; null when there is none. */
export async function nextOrder(db: Database, user: AdminIdentity, now = new Date()): Promise<Order | null> {
  const at = now.toISOString();
  for (let i = 0; i < NEXT_TRIES; i += 1) {
    const id = await repo.claimNext(db, user.userId, at, holdEnd(now));
    if (id !== undefined) return getOrder(db, id);
    if (!(await repo.anyWaiting(db, user.userId, at))) return null;
  }
  throw new HttpError(503, STAFF_MESSAGES.busy);
}

/** Why an order cannot be held by `user`: gone, not waiting for its call, or someone else's. */
async function refusal(db: Executor, orderId: number, now: string): Promise<HttpError> {
  const hold = await repo.findHold(db, orderId);
  if (!hold) return notFound('Order not found');
  const waiting = hold.status === 'pending' && ['to_confirm', 'no_answer', 'call_back'].includes(hold.confirmation);
  if (!waiting) return conflict(STAFF_MESSAGES.notInQueue(orderId));
  const held = hold.claimed_by !== null && (hold.claim_expires_at === null || hold.claim_expires_at > now);
  return conflict(held ? STAFF_MESSAGES.heldBy(orderId, hold.username ?? '') : STAFF_MESSAGES.notInQueue(orderId));
}

/** Takes one order of the queue (or keeps it a while longer): 409 when another agent holds it. */
export async function claimOrder(db: Database, orderId: number, user: AdminIdentity, now = new Date()) {
  if (!(await repo.claimOne(db, orderId, user.userId, now.toISOString(), holdEnd(now)))) {
    throw await refusal(db, orderId, now.toISOString());
  }
  return getOrder(db, orderId);
}

/** Gives an order back to the queue: its holder may, and whoever may assign orders. */
export async function releaseOrder(db: Database, orderId: number, user: AdminIdentity) {
  const anyone = can(user.role, 'assign');
  if (!(await repo.release(db, orderId, anyone ? undefined : user.userId))) {
    const hold = await repo.findHold(db, orderId);
    if (!hold) throw notFound('Order not found');
    if (hold.claimed_by !== null) throw conflict(STAFF_MESSAGES.notYours(orderId));
  }
  return getOrder(db, orderId);
}

/** Hands an order waiting for its call to a user who works the desk, or back to the queue (null). */
export async function assignOrder(db: Database, orderId: number, userId: number | null) {
  if (userId === null) {
    await repo.release(db, orderId);
    return getOrder(db, orderId);
  }
  const user = await findUser(db, userId);
  if (!user) throw badRequest(STAFF_MESSAGES.userNotFound);
  if (user.disabled_at !== null || !can(user.role as Role, 'desk')) {
    throw badRequest(STAFF_MESSAGES.cannotAssign(user.username));
  }
  if (!(await repo.assign(db, orderId, userId))) throw await refusal(db, orderId, new Date().toISOString());
  return getOrder(db, orderId);
}

/**
 * Before a user works on an order of the desk (records a call, corrects it): refused while another
 * agent holds it, unless the user may assign orders (the owner, a manager); the user's own hold
 * is moved on, a sign of life.
 */
export async function workOn(db: Database, orderId: number, user: AdminIdentity, now = new Date()) {
  const hold = await repo.findHold(db, orderId);
  if (!hold || hold.claimed_by === null) return;
  if (hold.claimed_by === user.userId) {
    await repo.renew(db, orderId, user.userId, holdEnd(now));
    return;
  }
  const held = hold.claim_expires_at === null || hold.claim_expires_at > now.toISOString();
  if (held && !can(user.role, 'assign')) throw conflict(STAFF_MESSAGES.heldBy(orderId, hold.username ?? ''));
}

/** The active users an order can be handed to. */
export async function deskUsers(db: Executor): Promise<{ id: number; username: string; role: Role }[]> {
  return (await repo.deskUsers(db, PERMISSION_ROLES.desk)).map((u) => ({ ...u, role: u.role as Role }));
}
