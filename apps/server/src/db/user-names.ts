// Who a user id is, for the lists that show who holds an order or a lead on the shared desk
// (modules/orders/desk, modules/leads): one read both use, kept here because the staff module
// itself reads those modules (a disabled user's orders and leads are given back).
import type { Executor } from './database.ts';

/** The usernames of these users, by id. */
export async function userNames(db: Executor, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('users')
    .select(['id', 'username'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((r) => [r.id, r.username]));
}
