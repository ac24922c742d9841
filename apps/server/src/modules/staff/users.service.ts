// The team: the owner adds users with a role, changes their role, commission or password, and
// disables them. A new role, a new password or a disabled account signs the user out everywhere
// in the same transaction (sessions live in the database, so every process sees it at once), and
// a user who can no longer work the desk gives its orders back to the queue.
import { can, type Role, type User, type UserCreate, type UserUpdate } from '@shop/domain/staff';
import { toCentimes, toDa } from '@shop/domain/money';
import type { Database, Executor } from '../../db/database.ts';
import { inTransaction } from '../../db/transaction.ts';
import { conflict, notFound } from '../../http/errors.ts';
import * as auth from '../auth/auth.service.ts';
import { releaseLeadsOf } from '../leads/leads.service.ts';
import { costOf, hashPassword, OWASP_MIN_LOG_N } from '../auth/passwords.ts';
import * as repo from './users.repository.ts';
import { STAFF_MESSAGES } from './staff-messages.ts';

type UserRow = Awaited<ReturnType<typeof repo.listUsers>>[number];

function toUser(row: UserRow): User {
  return {
    id: row.id,
    username: row.username,
    role: row.role as Role,
    disabled: row.disabled_at !== null,
    commission_per_delivery: toDa(Number(row.commission_cents)),
    created_at: row.created_at,
    last_seen_at: row.last_seen_at ?? null,
  };
}

export async function listUsers(db: Executor): Promise<User[]> {
  return (await repo.listUsers(db)).map(toUser);
}

async function userView(db: Executor, id: number): Promise<User> {
  const row = (await repo.listUsers(db)).find((r) => r.id === id);
  if (!row) throw notFound(STAFF_MESSAGES.userNotFound);
  return toUser(row);
}

export async function createUser(db: Database, input: UserCreate, passwordCost = OWASP_MIN_LOG_N): Promise<User> {
  const taken = await repo.findUserByNameAnyCase(db, input.username);
  if (taken) throw conflict(STAFF_MESSAGES.usernameTaken(taken.username));
  const passwordHash = await hashPassword(input.password, costOf(passwordCost));
  const { id } = await inTransaction(db, async (trx) => {
    // Checked again inside: two owners adding "sara" at once make one.
    if (await repo.findUserByNameAnyCase(trx, input.username)) {
      throw conflict(STAFF_MESSAGES.usernameTaken(input.username));
    }
    return auth.insertUser(
      trx,
      {
        username: input.username,
        passwordHash,
        role: input.role,
        commissionCents: toCentimes(input.commission_per_delivery ?? 0),
      },
      new Date().toISOString(),
    );
  });
  return userView(db, id);
}

/** Refused when it would leave the shop without an active owner. */
async function keepAnOwner(trx: Executor, user: { id: number; role: string; disabled_at: string | null }) {
  if (user.role !== 'owner' || user.disabled_at !== null) return;
  const owners = await repo.lockActiveOwners(trx);
  if (owners.filter((id) => id !== user.id).length === 0) throw conflict(STAFF_MESSAGES.lastOwner);
}

/** What leaves the desk with a user: their sessions, and their orders and leads if they no longer call. */
async function signOut(trx: Executor, userId: number, role: Role | null) {
  await auth.deleteSessionsOfUser(trx, userId);
  if (role === null || !can(role, 'desk')) {
    await repo.releaseClaimsOf(trx, userId);
    await releaseLeadsOf(trx, userId);
  }
}

export async function updateUser(
  db: Database,
  id: number,
  change: UserUpdate,
  passwordCost = OWASP_MIN_LOG_N,
): Promise<User> {
  const passwordHash = change.password ? await hashPassword(change.password, costOf(passwordCost)) : null;
  await inTransaction(db, async (trx) => {
    const user = await repo.findUser(trx, id);
    if (!user) throw notFound(STAFF_MESSAGES.userNotFound);
    const newRole = change.role !== undefined && change.role !== user.role ? change.role : undefined;
    if (newRole) await keepAnOwner(trx, user);
    const values = {
      ...(newRole ? { role: newRole } : {}),
      ...(change.commission_per_delivery !== undefined
        ? { commission_cents: toCentimes(change.commission_per_delivery) }
        : {}),
    };
    if (Object.keys(values).length > 0) await repo.updateUser(trx, id, values);
    const now = new Date().toISOString();
    if (passwordHash) await auth.updateUserPassword(trx, id, passwordHash, now);
    if (newRole || passwordHash) await signOut(trx, id, newRole ?? (user.role as Role));
  });
  return userView(db, id);
}

export async function disableUser(db: Database, id: number): Promise<User> {
  await inTransaction(db, async (trx) => {
    const user = await repo.findUser(trx, id);
    if (!user) throw notFound(STAFF_MESSAGES.userNotFound);
    if (user.disabled_at !== null) return;
    await keepAnOwner(trx, user);
    await repo.updateUser(trx, id, { disabled_at: new Date().toISOString() });
    await signOut(trx, id, null);
  });
  return userView(db, id);
}

export async function enableUser(db: Database, id: number): Promise<User> {
  const user = await repo.findUser(db, id);
  if (!user) throw notFound(STAFF_MESSAGES.userNotFound);
  await repo.updateUser(db, id, { disabled_at: null });
  return userView(db, id);
}

/** A user by name, for the command line. */
export function findUserByName(db: Executor, username: string) {
  return auth.findUserByUsername(db, username);
}
