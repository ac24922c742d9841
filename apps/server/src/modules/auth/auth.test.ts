import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, ADMIN_USERNAME, createTestContext, type TestContext } from '../../../test/harness.ts';
import { hashToken } from './auth.service.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

async function login(password = ADMIN_PASSWORD, ip = '10.0.0.1') {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username: ADMIN_USERNAME, password },
    remoteAddress: ip,
  });
}

describe('admin authentication', () => {
  it('returns an opaque token that is stored only as its hash', async () => {
    const res = await login();
    expect(res.statusCode).toBe(200);
    const token = res.json<{ data: { token: string } }>().data.token;
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
    const rows = await t.db.kysely.selectFrom('user_sessions').select('token_hash').execute();
    expect(rows.map((r) => r.token_hash)).toContain(hashToken(token));
    expect(rows.map((r) => r.token_hash)).not.toContain(token);
  });

  it('refuses a wrong password with the server message', async () => {
    const res = await login('wrong-password', '10.0.0.2');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ status: 401, message: 'Invalid username or password' });
  });

  it('requires username and password', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: '' } });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toBe('Username is required');
  });

  it('logout revokes the token', async () => {
    const token = (await login()).json<{ data: { token: string } }>().data.token;
    const headers = { authorization: `Bearer ${token}` };
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers })).statusCode).toBe(401);
  });

  it('an expired session is refused', async () => {
    const token = (await login()).json<{ data: { token: string } }>().data.token;
    await t.db.kysely
      .updateTable('user_sessions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('token_hash', '=', hashToken(token))
      .execute();
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(401);
  });

  it('rate-limits repeated failures from one client with 429', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i += 1) statuses.push((await login('nope-nope', '10.9.9.9')).statusCode);
    expect(statuses.slice(0, 5).every((s) => s === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('envelope and errors', () => {
  it('answers malformed JSON with 400 and a message', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 400, message: 'Malformed JSON body', data: null });
  });

  it('answers unknown /api paths with a 404 envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(res.statusCode).toBe(404);
    expect(res.json<{ status: number }>().status).toBe(404);
  });

  it('serves the shop settings', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/settings' });
    expect(res.json<{ data: { phone: string } }>().data.phone).toMatch(/^\d{10}$/);
  });
});
