// Admin sessions: an opaque random token (256 bits) is handed out once; only its SHA-256 is
// stored, with an absolute expiry and an idle timeout. Every admin call checks it (DESIGN §3.6).
import { createHash, randomBytes } from 'node:crypto';
import type { Database } from '../../db/database.ts';
import { batchedReads } from '../../db/batched-reads.ts';
import { tooManyRequests, unauthorized } from '../../http/errors.ts';
import { clearHits, countHit } from '../../db/rate-limit-hits.ts';
import { ROLES, type Role } from '@shop/domain/staff';
import * as repo from './auth.repository.ts';
import { costOf, dummyHash, hashPassword, needsRehash, OWASP_MIN_LOG_N, verifyPassword } from './passwords.ts';

/** What other modules read of this one (they reach a module through its service, never its repository). */
export { deleteSessionsOfUser, findUserByUsername, insertUser, updateUserPassword } from './auth.repository.ts';

export interface SessionPolicy {
  ttlHours: number;
  idleMinutes: number;
}

export interface SignInPolicy extends SessionPolicy {
  /** log2 of scrypt's N for the hashes made now (PASSWORD_HASH_COST). */
  passwordCost: number;
}

/** Sign-in attempts allowed per client address and per account in the window below (a success resets both). */
export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_FAILURE_WINDOW_MINUTES = 15;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function login(
  db: Database,
  policy: SignInPolicy,
  input: { username: string; password: string; clientKey: string },
  now = new Date(),
): Promise<{ token: string; expires_at: string }> {
  const windowMs = LOGIN_FAILURE_WINDOW_MINUTES * 60_000;
  const at = now.toISOString();
  const clientKey = `login:ip:${input.clientKey}`;
  const accountKey = `login:user:${input.username.toLowerCase()}`;
  // The attempt is counted before the password is checked, atomically: guesses sent together are
  // numbered one after another, and only the first few reach the check.
  const clientBefore = (await countHit(db, clientKey, windowMs, now)).hits - 1;
  const accountBefore = (await countHit(db, accountKey, windowMs, now)).hits - 1;
  // An account under attack is closed to every client that has itself tried recently, while a
  // client with a clean record (the owner at their usual address) still reaches the password
  // check: an attacker cannot keep the owner out, and each new address gets one guess at most.
  if (clientBefore >= LOGIN_MAX_FAILURES || (accountBefore >= LOGIN_MAX_FAILURES && clientBefore > 0)) {
    throw tooManyRequests('Too many failed login attempts, please try again in a few minutes');
  }

  const cost = costOf(policy.passwordCost);
  const user = await repo.findUserByUsername(db, input.username);
  const ok = await verifyPassword(input.password, user?.password_hash ?? dummyHash(cost));
  if (!user || !ok) throw unauthorized('Invalid username or password');
  await clearHits(db, [clientKey, accountKey]);
  // Said only to whoever knows the password: the person the owner disabled.
  if (user.disabled_at !== null) throw unauthorized(DISABLED_MESSAGE);

  // A hash made at another cost (an older, weaker default) is made again at the current one,
  // now that the password is known; before the transaction, which it would hold for its length.
  const rehashed = needsRehash(user.password_hash, cost) ? await hashPassword(input.password, cost) : null;
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + policy.ttlHours * 3_600_000).toISOString();
  await db.transaction().execute(async (trx) => {
    await repo.insertSession(trx, {
      user_id: user.id,
      token_hash: hashToken(token),
      created_at: at,
      last_seen_at: at,
      expires_at: expiresAt,
    });
    if (rehashed) await repo.replacePasswordHash(trx, user.id, user.password_hash, rehashed);
  });
  return { token, expires_at: expiresAt };
}

/** A stored role, or null for one this version does not know (refused, never widened). */
function roleOf(stored: string): Role | null {
  return (ROLES as readonly string[]).includes(stored) ? (stored as Role) : null;
}

export interface AdminIdentity {
  userId: number;
  username: string;
  role: Role;
  sessionId: number;
}

export const DISABLED_MESSAGE = "This account is disabled: ask the shop's owner";

/**
 * Sessions by token hash, the lookups of the admin requests that arrive together sharing one
 * query (db/batched-reads.ts). Read afresh every time, with the user's role and state: a logout,
 * a password or role change or a user disabled in any process counts at once.
 */
export function createSessionReads(db: Database) {
  return batchedReads(async (hashes: readonly string[]) => {
    const sessions = await repo.findSessionsByHashes(db, hashes);
    return new Map(sessions.map((session) => [session.token_hash, session]));
  });
}
export type SessionReads = ReturnType<typeof createSessionReads>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The session lookups of the admin requests arriving together (made in buildApp). */
    sessionReads: SessionReads;
  }
}

/** Checks a bearer token; refreshes its idle clock at most once a minute. */
export async function verifySession(
  db: Database,
  sessions: SessionReads,
  policy: SessionPolicy,
  token: string,
  now = new Date(),
): Promise<AdminIdentity> {
  const session = await sessions.load(hashToken(token));
  if (!session) throw unauthorized('Session expired or invalid, please sign in again');
  const idleLimit = new Date(Date.parse(session.last_seen_at) + policy.idleMinutes * 60_000);
  const role = roleOf(session.role);
  if (
    Date.parse(session.expires_at) <= now.getTime() ||
    idleLimit.getTime() <= now.getTime() ||
    session.disabled_at !== null ||
    role === null
  ) {
    await repo.deleteSessionById(db, session.id);
    throw unauthorized('Session expired or invalid, please sign in again');
  }
  if (now.getTime() - Date.parse(session.last_seen_at) > 60_000) {
    await repo.touchSession(db, session.id, now.toISOString());
  }
  return { userId: session.user_id, username: session.username, role, sessionId: session.id };
}

export async function logout(db: Database, token: string): Promise<void> {
  await repo.deleteSessionByHash(db, hashToken(token));
}

/** Creates the first user, the owner, when none exists; returns the generated password if one was made. */
export async function ensureAdmin(
  db: Database,
  username: string,
  password: string | undefined,
  passwordCost = OWASP_MIN_LOG_N,
): Promise<{ created: boolean; generatedPassword?: string }> {
  if ((await repo.countUsers(db)) > 0) return { created: false };
  const chosen = password ?? randomBytes(12).toString('base64url');
  const passwordHash = await hashPassword(chosen, costOf(passwordCost));
  await repo.insertUser(db, { username, passwordHash, role: 'owner' }, new Date().toISOString());
  return password ? { created: true } : { created: true, generatedPassword: chosen };
}

/**
 * Sets a user's password, hashed at the configured cost, and revokes every session of that
 * user (ASVS: a change invalidates sessions). A name that is no user's is refused ('unknown': a
 * typo must not create a second account), except on a database without any user, where it creates
 * the first, an owner.
 */
export async function setPassword(
  db: Database,
  username: string,
  password: string,
  passwordCost = OWASP_MIN_LOG_N,
): Promise<'created' | 'changed' | 'unknown'> {
  const user = await repo.findUserByUsername(db, username);
  if (!user && (await repo.countUsers(db)) > 0) return 'unknown';
  const hash = await hashPassword(password, costOf(passwordCost));
  const now = new Date().toISOString();
  if (!user) {
    await repo.insertUser(db, { username, passwordHash: hash, role: 'owner' }, now);
    return 'created';
  }
  await db.transaction().execute(async (trx) => {
    await repo.updateUserPassword(trx, user.id, hash, now);
    await repo.deleteSessionsOfUser(trx, user.id);
  });
  return 'changed';
}
