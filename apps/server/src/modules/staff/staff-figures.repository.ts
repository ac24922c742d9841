// Queries of each agent's figures over a period (staff-figures.service.ts). `since` and `until`
// are ISO times, `until` excluded.
import type { Executor } from '../../db/database.ts';

/** Call outcomes recorded per user and outcome (undone ones left out). */
export function callsPerUser(db: Executor, since: string, until: string) {
  return db
    .selectFrom('order_events')
    .select((eb) => ['author_id', 'outcome', eb.fn.countAll<number>().as('n')])
    .where('outcome', 'is not', null)
    .where('author_id', 'is not', null)
    .where('undone_at', 'is', null)
    .where('created_at', '>=', since)
    .where('created_at', '<', until)
    .groupBy(['author_id', 'outcome'])
    .execute();
}

/** The orders each user confirmed in the period, counted by where they are now. */
export function confirmedPerUser(db: Executor, since: string, until: string) {
  return db
    .selectFrom('orders')
    .select((eb) => ['confirmed_by', 'status', eb.fn.countAll<number>().as('n')])
    .where('confirmed_by', 'is not', null)
    .where('confirmed_at', '>=', since)
    .where('confirmed_at', '<', until)
    .groupBy(['confirmed_by', 'status'])
    .execute();
}

/**
 * The orders each user confirmed that are delivered, and were delivered in the period (their last
 * move to delivered): what a commission is paid on, whenever they were confirmed.
 */
export function deliveredInPeriod(db: Executor, since: string, until: string) {
  return db
    .selectFrom('orders')
    .innerJoin('order_status_history as h', 'h.order_id', 'orders.id')
    .select((eb) => ['orders.id', 'orders.confirmed_by', eb.fn.max('h.changed_at').as('delivered_at')])
    .where('orders.status', '=', 'successful')
    .where('orders.confirmed_by', 'is not', null)
    .where('h.to_status', '=', 'successful')
    .groupBy(['orders.id', 'orders.confirmed_by'])
    .having((eb) => eb.and([eb(eb.fn.max('h.changed_at'), '>=', since), eb(eb.fn.max('h.changed_at'), '<', until)]))
    .orderBy('orders.id')
    .execute();
}

export function allUsers(db: Executor) {
  return db
    .selectFrom('users')
    .select(['id', 'username', 'role', 'disabled_at', 'commission_cents'])
    .orderBy('username')
    .execute();
}
