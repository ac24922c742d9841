// The team, through HTTP on SQLite and PostgreSQL: the owner adds users with roles; each signs in
// with their own password under the same rules as the owner; a disabled user, a new role or a new
// password ends the user's sessions at once, in every process of the shop (a second app on the
// same database stands for another process); the shop always keeps an active owner.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '@shop/domain/staff';
import { buildApp } from '../../app.ts';
import type { App } from '../../http/types.ts';
import { ADMIN_USERNAME, createTestContext, type TestContext } from '../../../test/harness.ts';
import { addStaff, placeOrders, signIn, STAFF_PASSWORD } from '../../../test/staff.ts';

let t: TestContext;
let owner: Record<string, string>;
/** Another process of the same shop: its own app, the same database. */
let other: App;
beforeAll(async () => {
  t = await createTestContext();
  owner = await t.adminHeaders();
  other = await buildApp({ config: t.config, db: t.db, logger: false });
  await other.ready();
});
afterAll(async () => {
  await other.close();
  await t.close();
});

const me = (headers: Record<string, string>, app: App = t.app) =>
  app.inject({ method: 'GET', url: '/api/auth/me', headers });
const users = async () => (await t.app.inject({ url: '/api/users', headers: owner })).json<{ data: User[] }>().data;

describe('the owner adds users', () => {
  it('with a role and a password: each signs in with their own and is who the server says', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: owner,
      payload: { username: 'sara', password: 'sara-password-1', role: 'agent', commission_per_delivery: '150,50' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      status: 201,
      message: 'User sara created',
      data: { username: 'sara', role: 'agent', disabled: false, commission_per_delivery: 150.5, last_seen_at: null },
    });
    const sara = await signIn(t, 'sara', 'sara-password-1');
    const who = await me(sara);
    expect(who.json<{ data: unknown }>().data).toEqual({
      id: res.json<{ data: User }>().data.id,
      username: 'sara',
      role: 'agent',
    });
    // Her password is hers: the owner's does not open her account, nor hers the owner's.
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'sara', password: 'test-password-123' },
      remoteAddress: '10.88.0.1',
    });
    expect(wrong.json()).toEqual({ status: 401, message: 'Invalid username or password', data: null });
    const listed = (await users()).find((u) => u.username === 'sara');
    expect(listed?.last_seen_at).not.toBeNull();
    // Only a hash of the password is kept.
    const row = await t.db.kysely
      .selectFrom('users')
      .select('password_hash')
      .where('username', '=', 'sara')
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^scrypt\$/);
    expect(row.password_hash).not.toContain('sara-password-1');
  });

  it('refuses a name already taken (in any case), a short password, an unknown role, and writes nothing', async () => {
    const before = (await users()).length;
    const cases = [
      [{ username: 'SARA', password: 'long-enough-1', role: 'agent' }, 409, 'A user named "sara" already exists'],
      [{ username: 'nadia', password: 'short', role: 'agent' }, 400, 'The password must be at least 8 characters'],
      [
        { username: 'nadia', password: 'long-enough-1', role: 'admin' },
        400,
        'role must be one of owner, manager, agent, packer',
      ],
      [
        { username: 'na dia', password: 'long-enough-1', role: 'agent' },
        400,
        'Username: 2 to 40 letters, digits, dots, dashes or underscores',
      ],
    ] as const;
    for (const [payload, status, message] of cases) {
      const res = await t.app.inject({ method: 'POST', url: '/api/users', headers: owner, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(res.json<{ message: string }>().message).toBe(message);
    }
    expect((await users()).length).toBe(before);
  });
});

describe('changing a user', () => {
  it('disabling signs them out at once in every process; they cannot sign in again until enabled', async () => {
    const agent = await addStaff(t, 'agent');
    const elsewhere = await signIn(t, agent.username, STAFF_PASSWORD, other);
    expect((await me(agent.headers)).statusCode).toBe(200);
    expect((await me(elsewhere, other)).statusCode).toBe(200);

    // Disabled through the other process: this one refuses her next call, and so does that one.
    const res = await other.inject({ method: 'POST', url: `/api/users/${agent.id}/disable`, headers: owner });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: `User ${agent.username} disabled and signed out`,
      data: { disabled: true },
    });
    expect((await me(agent.headers)).json()).toEqual({
      status: 401,
      message: 'Session expired or invalid, please sign in again',
      data: null,
    });
    expect((await me(elsewhere, other)).statusCode).toBe(401);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: agent.username, password: STAFF_PASSWORD },
      remoteAddress: '10.88.0.2',
    });
    expect(again.json()).toEqual({
      status: 401,
      message: "This account is disabled: ask the shop's owner",
      data: null,
    });

    expect(
      (await t.app.inject({ method: 'POST', url: `/api/users/${agent.id}/enable`, headers: owner })).statusCode,
    ).toBe(200);
    expect((await me(await signIn(t, agent.username))).statusCode).toBe(200);
  });

  it('a session of a disabled user is refused even if it was left in the database', async () => {
    const agent = await addStaff(t, 'agent');
    // As if the sessions had not been deleted with the account (an older process's write).
    await t.db.kysely
      .updateTable('users')
      .set({ disabled_at: new Date().toISOString() })
      .where('id', '=', agent.id)
      .execute();
    expect((await me(agent.headers)).statusCode).toBe(401);
  });

  it('a new role or a new password signs them out; a new commission does not', async () => {
    const agent = await addStaff(t, 'agent');
    const commission = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${agent.id}`,
      headers: owner,
      payload: { commission_per_delivery: 200 },
    });
    expect(commission.json()).toMatchObject({ data: { commission_per_delivery: 200, role: 'agent' } });
    expect((await me(agent.headers)).statusCode).toBe(200);

    const promoted = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${agent.id}`,
      headers: owner,
      payload: { role: 'packer' },
    });
    expect(promoted.json()).toMatchObject({ data: { role: 'packer' } });
    expect((await me(agent.headers)).statusCode).toBe(401);
    const asPacker = await signIn(t, agent.username);
    expect((await me(asPacker)).json()).toMatchObject({ data: { role: 'packer' } });

    const reset = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${agent.id}`,
      headers: owner,
      payload: { password: 'a-new-password-9' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await me(asPacker)).statusCode).toBe(401);
    expect((await me(await signIn(t, agent.username, 'a-new-password-9'))).statusCode).toBe(200);

    const nothing = await t.app.inject({ method: 'PUT', url: `/api/users/${agent.id}`, headers: owner, payload: {} });
    expect(nothing.json()).toMatchObject({
      status: 400,
      message: 'Nothing to change: give a role, a password or a commission',
    });
  });

  it('an agent disabled or made packer gives their orders of the desk back to the queue', async () => {
    const agent = await addStaff(t, 'agent');
    const [a, b] = await placeOrders(t, 2);
    await t.app.inject({
      method: 'PUT',
      url: `/api/order/assign/${a}`,
      headers: owner,
      payload: { user_id: agent.id },
    });
    const held = await t.app.inject({ method: 'POST', url: `/api/order/claim/${b}`, headers: agent.headers });
    expect(held.statusCode, held.body).toBe(200);
    await t.app.inject({ method: 'PUT', url: `/api/users/${agent.id}`, headers: owner, payload: { role: 'packer' } });
    const claims = await t.db.kysely.selectFrom('orders').select('claimed_by').where('id', 'in', [a!, b!]).execute();
    expect(claims).toEqual([{ claimed_by: null }, { claimed_by: null }]);
  });

  it('keeps an active owner: the last one cannot be disabled or given another role', async () => {
    const ownerId = (await users()).find((u) => u.username === ADMIN_USERNAME)!.id;
    for (const res of [
      await t.app.inject({ method: 'POST', url: `/api/users/${ownerId}/disable`, headers: owner }),
      await t.app.inject({ method: 'PUT', url: `/api/users/${ownerId}`, headers: owner, payload: { role: 'manager' } }),
    ]) {
      expect(res.json()).toEqual({
        status: 409,
        message: 'The shop needs at least one active owner: make another user owner first',
        data: null,
      });
    }
    expect((await me(owner)).json()).toMatchObject({ data: { role: 'owner' } });
    // With a second owner, the first may step down.
    const second = await addStaff(t, 'owner');
    const down = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${ownerId}`,
      headers: second.headers,
      payload: { role: 'manager' },
    });
    expect(down.statusCode).toBe(200);
    const back = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${ownerId}`,
      headers: second.headers,
      payload: { role: 'owner' },
    });
    expect(back.statusCode).toBe(200);
  });

  it('answers 404 for a user that does not exist', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/99999/disable',
      headers: await signIn(t, ADMIN_USERNAME, 'test-password-123'),
    });
    expect(res.json()).toEqual({ status: 404, message: 'User not found', data: null });
  });
});
