// Who gets in, and for how long. Extends auth.test.ts (hashed token, wrong password, logout,
// expired session, 429 per client); `npm run admin -- set-password` revoking every session is
// proven in src/cli/admin.test.ts.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, ADMIN_USERNAME, createTestContext, type TestContext } from '../../../test/harness.ts';
import { LOGIN_FAILURE_WINDOW_MINUTES, LOGIN_MAX_FAILURES, hashToken } from './auth.service.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.kysely.deleteFrom('rate_limits').execute();
});

function login(ip: string, password = ADMIN_PASSWORD, username = ADMIN_USERNAME) {
  return t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password }, remoteAddress: ip });
}

async function token(ip = '10.20.0.1'): Promise<string> {
  const res = await login(ip);
  expect(res.statusCode).toBe(200);
  return res.json<{ data: { token: string } }>().data.token;
}

function me(bearer: string) {
  return t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${bearer}` } });
}

/** Moves every counting window back in time, as if it had passed. */
async function ageFailures(minutes: number) {
  const rows = await t.db.kysely.selectFrom('rate_limits').select(['key', 'window_started_at']).execute();
  for (const row of rows) {
    await t.db.kysely
      .updateTable('rate_limits')
      .set({ window_started_at: new Date(Date.parse(row.window_started_at) - minutes * 60_000).toISOString() })
      .where('key', '=', row.key)
      .execute();
  }
}

describe('brute force', () => {
  it('locks one account after a few failures spread over many addresses, without locking the owner out', async () => {
    for (let i = 0; i < LOGIN_MAX_FAILURES; i += 1) {
      const res = await login(`198.51.100.${i + 1}`, `guess-${i}-wrong`);
      expect(res.statusCode).toBe(401);
    }
    // Every address that has failed is now refused, even with the right password (no oracle)…
    const again = await login('198.51.100.1');
    expect(again.statusCode).toBe(429);
    expect(again.json<{ message: string }>().message).toMatch(/Too many failed login attempts/);
    // …a new address gets one guess, then is refused too…
    expect((await login('198.51.100.200', 'another-guess')).statusCode).toBe(401);
    expect((await login('198.51.100.200', 'yet-another-guess')).statusCode).toBe(429);
    // …while the owner, from an address with a clean record, still signs in during the attack.
    expect((await login('203.0.113.7')).statusCode).toBe(200);
    // And the lock is short: once the window has passed, the attacked addresses may try again.
    await ageFailures(LOGIN_FAILURE_WINDOW_MINUTES + 1);
    expect((await login('198.51.100.1')).statusCode).toBe(200);
  });

  it('the attempts are counted per client and per account, and a success clears them', async () => {
    await login('192.0.2.9', 'wrong-password-1');
    const keys = (await t.db.kysely.selectFrom('rate_limits').select('key').where('key', 'like', 'login:%').execute())
      .map((r) => r.key)
      .sort();
    expect(keys).toEqual(['login:ip:192.0.2.9', `login:user:${ADMIN_USERNAME}`]);
    // Nothing of the password is kept.
    const all = JSON.stringify(await t.db.kysely.selectFrom('rate_limits').selectAll().execute());
    expect(all).not.toContain('wrong-password-1');
    await login('192.0.2.9');
    expect(await t.db.kysely.selectFrom('rate_limits').selectAll().where('key', 'like', 'login:%').execute()).toEqual(
      [],
    );
  });

  it('guesses sent all at once are counted before the check: at most 5 of 20 reach it', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => login('192.0.2.77', `parallel-guess-${i}`)));
    const reached = answers.filter((r) => r.statusCode === 401).length;
    expect(reached).toBeLessThanOrEqual(LOGIN_MAX_FAILURES);
    expect(answers.filter((r) => r.statusCode === 429)).toHaveLength(20 - reached);
  });

  it('against a locked account, a fresh address gets one guess even when it sends 20 at once', async () => {
    for (let i = 0; i < LOGIN_MAX_FAILURES; i += 1) await login(`198.51.100.${50 + i}`, `lock-${i}`);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => login('198.51.100.250', `fresh-guess-${i}`)),
    );
    expect(answers.filter((r) => r.statusCode === 401).length).toBeLessThanOrEqual(1);
    // The owner, elsewhere, is still let in.
    expect((await login('203.0.113.8')).statusCode).toBe(200);
  });

  it('one client guessing many usernames is stopped too', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < LOGIN_MAX_FAILURES + 2; i += 1) {
      statuses.push((await login('192.0.2.66', 'whatever-pass', `user${i}`)).statusCode);
    }
    expect(statuses.slice(0, LOGIN_MAX_FAILURES).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(LOGIN_MAX_FAILURES).every((s) => s === 429)).toBe(true);
    // Another client and the real account are not affected.
    expect((await login('192.0.2.67')).statusCode).toBe(200);
  });

  it('an unknown user and a wrong password get the same answer', async () => {
    const unknown = await login('192.0.2.80', 'wrong-password', 'nobody-here');
    const wrong = await login('192.0.2.81', 'wrong-password');
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
  });
});

describe('tokens', () => {
  it('are at least 128 random bits, all different, and stored only as SHA-256', async () => {
    const tokens = await Promise.all(Array.from({ length: 5 }, (_, i) => token(`10.30.0.${i + 1}`)));
    expect(new Set(tokens).size).toBe(tokens.length);
    for (const tk of tokens) {
      expect(tk).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(Buffer.from(tk, 'base64url').length * 8).toBeGreaterThanOrEqual(128);
    }
    const rows = await t.db.kysely.selectFrom('user_sessions').selectAll().execute();
    const stored = JSON.stringify(rows);
    for (const tk of tokens) {
      expect(stored).not.toContain(tk);
      expect(rows.map((r) => r.token_hash)).toContain(hashToken(tk));
    }
  });

  it('a wrong, truncated or differently-schemed token is refused', async () => {
    const tk = await token();
    for (const header of [
      `Bearer ${tk.slice(0, -1)}`,
      `Bearer ${tk}x`,
      `Basic ${tk}`,
      'Bearer',
      tk,
      `Bearer ${hashToken(tk)}`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: header } });
      expect(res.statusCode).toBe(401);
    }
    expect((await me(tk)).statusCode).toBe(200);
  });
});

describe('session lifetime', () => {
  async function setSession(tk: string, values: { last_seen_at?: string; expires_at?: string }) {
    await t.db.kysely.updateTable('user_sessions').set(values).where('token_hash', '=', hashToken(tk)).execute();
  }
  const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

  it('ends after the idle timeout, and the row is removed', async () => {
    const tk = await token();
    await setSession(tk, { last_seen_at: minutesAgo(t.config.sessionIdleMinutes + 1) });
    expect((await me(tk)).statusCode).toBe(401);
    const left = await t.db.kysely
      .selectFrom('user_sessions')
      .select('id')
      .where('token_hash', '=', hashToken(tk))
      .execute();
    expect(left).toEqual([]);
  });

  it('activity within the idle timeout keeps it alive, but never past its absolute lifetime', async () => {
    const tk = await token();
    const row = await t.db.kysely
      .selectFrom('user_sessions')
      .select(['expires_at', 'created_at'])
      .where('token_hash', '=', hashToken(tk))
      .executeTakeFirstOrThrow();
    const lifetimeHours = (Date.parse(row.expires_at) - Date.parse(row.created_at)) / 3_600_000;
    expect(lifetimeHours).toBeCloseTo(t.config.sessionTtlHours, 5);

    await setSession(tk, { last_seen_at: minutesAgo(t.config.sessionIdleMinutes - 2) });
    expect((await me(tk)).statusCode).toBe(200);
    const touched = await t.db.kysely
      .selectFrom('user_sessions')
      .select(['last_seen_at', 'expires_at'])
      .where('token_hash', '=', hashToken(tk))
      .executeTakeFirstOrThrow();
    expect(Date.now() - Date.parse(touched.last_seen_at)).toBeLessThan(60_000);
    expect(touched.expires_at).toBe(row.expires_at);

    await setSession(tk, { expires_at: minutesAgo(1), last_seen_at: new Date().toISOString() });
    expect((await me(tk)).statusCode).toBe(401);
  });

  it('logout revokes only that session, and the revoked token cannot log out again or call admin APIs', async () => {
    const first = await token('10.40.0.1');
    const second = await token('10.40.0.2');
    const headers = { authorization: `Bearer ${first}` };
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/order/getAllOrders', headers })).statusCode).toBe(401);
    expect((await me(second)).statusCode).toBe(200);
  });
});
