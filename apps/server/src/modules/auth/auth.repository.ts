import type { Role } from '@shop/domain/staff';
import type { Executor } from '../../db/database.ts';

export function findUserByUsername(db: Executor, username: string) {
  return db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst();
}

export function countUsers(db: Executor) {
  return db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.n));
}

export function insertUser(
  db: Executor,
  user: { username: string; passwordHash: string; role: Role; commissionCents?: number },
  now: string,
) {
  return db
    .insertInto('users')
    .values({
      username: user.username,
      password_hash: user.passwordHash,
      role: user.role,
      commission_cents: user.commissionCents ?? 0,
      created_at: now,
      password_changed_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export function updateUserPassword(db: Executor, userId: number, passwordHash: string, now: string) {
  return db
    .updateTable('users')
    .set({ password_hash: passwordHash, password_changed_at: now })
    .where('id', '=', userId)
    .execute();
}

/**
 * The same password's hash made again (at another cost): only over the hash that was checked, so
 * a password changed meanwhile is kept; its change date stays, the password did not change.
 */
export function replacePasswordHash(db: Executor, userId: number, checkedHash: string, newHash: string) {
  return db
    .updateTable('users')
    .set({ password_hash: newHash })
    .where('id', '=', userId)
    .where('password_hash', '=', checkedHash)
    .execute();
}

export function insertSession(
  db: Executor,
  session: { user_id: number; token_hash: string; created_at: string; last_seen_at: string; expires_at: string },
) {
  return db.insertInto('user_sessions').values(session).execute();
}

/**
 * The sessions of the given token hashes, with their user's name, role and state as they are now:
 * a role changed or a user disabled in any process is seen by the next request.
 */
export function findSessionsByHashes(db: Executor, tokenHashes: readonly string[]) {
  if (tokenHashes.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('user_sessions')
    .innerJoin('users', 'users.id', 'user_sessions.user_id')
    .select([
      'user_sessions.id',
      'user_sessions.user_id',
      'user_sessions.token_hash',
      'user_sessions.last_seen_at',
      'user_sessions.expires_at',
      'users.username',
      'users.role',
      'users.disabled_at',
    ])
    .where('user_sessions.token_hash', 'in', tokenHashes)
    .execute();
}

export function touchSession(db: Executor, sessionId: number, now: string) {
  return db.updateTable('user_sessions').set({ last_seen_at: now }).where('id', '=', sessionId).execute();
}

export function deleteSessionByHash(db: Executor, tokenHash: string) {
  return db.deleteFrom('user_sessions').where('token_hash', '=', tokenHash).execute();
}

export function deleteSessionById(db: Executor, sessionId: number) {
  return db.deleteFrom('user_sessions').where('id', '=', sessionId).execute();
}

export function deleteSessionsOfUser(db: Executor, userId: number) {
  return db.deleteFrom('user_sessions').where('user_id', '=', userId).execute();
}
