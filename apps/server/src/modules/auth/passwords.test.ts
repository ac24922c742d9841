// Password hashes at OWASP's cost for scrypt, with their cost stored beside them: an older hash
// still signs in and is made again at the current cost, through the sign-in call.
import { randomBytes, scryptSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { ADMIN_PASSWORD, ADMIN_USERNAME, createTestContext, type TestContext } from '../../../test/harness.ts';

let t: TestContext;
beforeAll(async () => {
  // The shop's real cost (the harness lowers it for every other suite).
  t = await createTestContext({ env: { PASSWORD_HASH_COST: '17' } });
});
afterAll(() => t.close());

function login(password: string, ip = '10.9.0.1') {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username: ADMIN_USERNAME, password },
    remoteAddress: ip,
  });
}

async function storedAdmin() {
  return t.db.kysely
    .selectFrom('users')
    .select(['password_hash', 'password_changed_at'])
    .where('username', '=', ADMIN_USERNAME)
    .executeTakeFirstOrThrow();
}

async function storeHash(hash: string) {
  await t.db.kysely.updateTable('users').set({ password_hash: hash }).where('username', '=', ADMIN_USERNAME).execute();
}

/** The key scrypt derives at this cost, computed here rather than by the code under test. */
function scryptKey(password: string, salt: Buffer, logN: number): Buffer {
  const N = 2 ** logN;
  return scryptSync(password, salt, 64, { N, r: 8, p: 1, maxmem: 256 * N * 8 });
}

/** `scrypt$ln=17,r=8,p=1$salt$key` → its parts. */
function partsOf(hash: string) {
  const [scheme, params, salt = '', key = ''] = hash.split('$');
  return { scheme, params, salt: Buffer.from(salt, 'base64'), key: Buffer.from(key, 'base64') };
}

describe('password hashes', () => {
  it("are made at OWASP's cost (N=2^17, r=8, p=1), which each hash carries", async () => {
    const { password_hash: hash } = await storedAdmin();
    const parts = partsOf(hash);
    expect(parts.scheme).toBe('scrypt');
    expect(parts.params).toBe('ln=17,r=8,p=1');
    expect(parts.key.equals(scryptKey(ADMIN_PASSWORD, parts.salt, 17))).toBe(true);
    expect((await login(ADMIN_PASSWORD)).statusCode).toBe(200);
    expect((await login('not-the-password', '10.9.0.2')).statusCode).toBe(401);
  });

  it('made before the cost was stored (N=2^14) still sign in, and are made again at the new cost', async () => {
    const salt = randomBytes(16);
    const old = `scrypt$${salt.toString('base64')}$${scryptKey(ADMIN_PASSWORD, salt, 14).toString('base64')}`;
    await storeHash(old);
    const before = await storedAdmin();
    // A wrong password changes nothing.
    expect((await login('not-the-password', '10.9.0.3')).statusCode).toBe(401);
    expect((await storedAdmin()).password_hash).toBe(old);

    expect((await login(ADMIN_PASSWORD, '10.9.0.4')).statusCode).toBe(200);
    const after = await storedAdmin();
    const parts = partsOf(after.password_hash);
    expect(parts.params).toBe('ln=17,r=8,p=1');
    expect(parts.key.equals(scryptKey(ADMIN_PASSWORD, parts.salt, 17))).toBe(true);
    // The same password: its change date stays.
    expect(after.password_changed_at).toBe(before.password_changed_at);

    // The new hash signs in and stays as it is.
    expect((await login(ADMIN_PASSWORD, '10.9.0.5')).statusCode).toBe(200);
    expect((await storedAdmin()).password_hash).toBe(after.password_hash);
  });

  it('made at a lower stored cost are made again at the current one on sign-in', async () => {
    const salt = randomBytes(16);
    const key = scryptKey(ADMIN_PASSWORD, salt, 12);
    await storeHash(`scrypt$ln=12,r=8,p=1$${salt.toString('base64')}$${key.toString('base64')}`);
    expect((await login(ADMIN_PASSWORD, '10.9.0.6')).statusCode).toBe(200);
    expect(partsOf((await storedAdmin()).password_hash).params).toBe('ln=17,r=8,p=1');
  });

  it('that are not ours never sign in (and never make scrypt take gigabytes)', async () => {
    const salt = randomBytes(16).toString('base64');
    for (const hash of [
      `scrypt$ln=30,r=8,p=1$${salt}$${salt}`,
      `scrypt$ln=17,r=8$${salt}$${salt}`,
      `bcrypt$${salt}$${salt}`,
      '',
    ]) {
      await storeHash(hash);
      expect((await login(ADMIN_PASSWORD, '10.9.0.7')).statusCode).toBe(401);
    }
  });
});

describe('PASSWORD_HASH_COST', () => {
  it("is OWASP's minimum by default, and refused below it outside the test suite", () => {
    expect(loadConfig({}).passwordHashCost).toBe(17);
    expect(loadConfig({ PASSWORD_HASH_COST: '18' }).passwordHashCost).toBe(18);
    expect(() => loadConfig({ PASSWORD_HASH_COST: '14' })).toThrow(
      /PASSWORD_HASH_COST: must be at least 17 \(OWASP's minimum for scrypt\)/,
    );
    expect(() => loadConfig({ PASSWORD_HASH_COST: '14', NODE_ENV: 'production' })).toThrow(/at least 17/);
    expect(loadConfig({ PASSWORD_HASH_COST: '14', NODE_ENV: 'test' }).passwordHashCost).toBe(14);
    expect(() => loadConfig({ PASSWORD_HASH_COST: '21' })).toThrow(/PASSWORD_HASH_COST/);
  });
});
