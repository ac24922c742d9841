// Queries of the back office's users (the auth module signs them in; here they are managed).
import { sql } from 'kysely';
import type { Role } from '@shop/domain/staff';
import type { Executor } from '../../db/database.ts';
import { isPostgres } from '../../db/dialect.ts';

/** Every user with the last time one of their sessions was used. */
export function listUsers(db: Executor) {
  return db
    .selectFrom('users')
    .leftJoin('user_sessions', 'user_sessions.user_id', 'users.id')
    .select([
      'users.id',
      'users.username',
      'users.role',
      'users.disabled_at',
      'users.commission_cents',
      'users.created_at',
      (eb) => eb.fn.max('user_sessions.last_seen_at').as('last_seen_at'),
    ])
    .groupBy([
      'users.id',
      'users.username',
      'users.role',
      'users.disabled_at',
      'users.commission_cents',
      'users.created_at',
    ])
    .orderBy('users.id')
    .execute();
}

export function findUser(db: Executor, id: number) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A user whose name is this one in any case ("Sara" and "sara" are one person to the team). */
export function findUserByNameAnyCase(db: Executor, username: string) {
  return db
    .selectFrom('users')
    .selectAll()
    .where(sql`lower(username)`, '=', username.toLowerCase())
    .executeTakeFirst();
}

/**
 * The active owners, locked on PostgreSQL until the transaction ends: two owners disabling each
 * other at once take turns, and the second sees that the first left only one.
 */
export async function lockActiveOwners(db: Executor): Promise<number[]> {
  let query = db.selectFrom('users').select('id').where('role', '=', 'owner').where('disabled_at', 'is', null);
  if (isPostgres(db)) query = query.forUpdate();
  return (await query.execute()).map((r) => r.id);
}

export function updateUser(
  db: Executor,
  id: number,
  values: { role?: Role; commission_cents?: number; disabled_at?: string | null },
) {
  return db.updateTable('users').set(values).where('id', '=', id).execute();
}

/** Orders of the desk held by this user go back to the queue. */
export function releaseClaimsOf(db: Executor, userId: number) {
  return db
    .updateTable('orders')
    .set({ claimed_by: null, claim_expires_at: null })
    .where('claimed_by', '=', userId)
    .execute();
}
