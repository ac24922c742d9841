import type { Executor } from '../../db/database.ts';

export function findAdminByUsername(db: Executor, username: string) {
  return db.selectFrom('admins').selectAll().where('username', '=', username).executeTakeFirst();
}

export function countAdmins(db: Executor) {
  return db
    .selectFrom('admins')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.n));
}

export function insertAdmin(db: Executor, username: string, passwordHash: string, now: string) {
  return db
    .insertInto('admins')
    .values({ username, password_hash: passwordHash, created_at: now, password_changed_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export function updateAdminPassword(db: Executor, adminId: number, passwordHash: string, now: string) {
  return db
    .updateTable('admins')
    .set({ password_hash: passwordHash, password_changed_at: now })
    .where('id', '=', adminId)
    .execute();
}

/**
 * The same password's hash made again (at another cost): only over the hash that was checked, so
 * a password changed meanwhile is kept; its change date stays, the password did not change.
 */
export function replacePasswordHash(db: Executor, adminId: number, checkedHash: string, newHash: string) {
  return db
    .updateTable('admins')
    .set({ password_hash: newHash })
    .where('id', '=', adminId)
    .where('password_hash', '=', checkedHash)
    .execute();
}

export function insertSession(
  db: Executor,
  session: { admin_id: number; token_hash: string; created_at: string; last_seen_at: string; expires_at: string },
) {
  return db.insertInto('admin_sessions').values(session).execute();
}

/** The sessions of the given token hashes, with their admin's name. */
export function findSessionsByHashes(db: Executor, tokenHashes: readonly string[]) {
  if (tokenHashes.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('admin_sessions')
    .innerJoin('admins', 'admins.id', 'admin_sessions.admin_id')
    .select([
      'admin_sessions.id',
      'admin_sessions.admin_id',
      'admin_sessions.token_hash',
      'admin_sessions.last_seen_at',
      'admin_sessions.expires_at',
      'admins.username',
    ])
    .where('admin_sessions.token_hash', 'in', tokenHashes)
    .execute();
}

export function touchSession(db: Executor, sessionId: number, now: string) {
  return db.updateTable('admin_sessions').set({ last_seen_at: now }).where('id', '=', sessionId).execute();
}

export function deleteSessionByHash(db: Executor, tokenHash: string) {
  return db.deleteFrom('admin_sessions').where('token_hash', '=', tokenHash).execute();
}

export function deleteSessionById(db: Executor, sessionId: number) {
  return db.deleteFrom('admin_sessions').where('id', '=', sessionId).execute();
}

export function deleteSessionsOfAdmin(db: Executor, adminId: number) {
  return db.deleteFrom('admin_sessions').where('admin_id', '=', adminId).execute();
}
