import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, ADMIN_USERNAME, createTestContext, type TestContext } from '../../test/harness.ts';

const run = promisify(execFile);
const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const NEW_PASSWORD = 'a-brand-new-password';

// The CLI only calls setPassword through Kysely, which the other suites cover on both databases;
// it runs against a SQLite file, which a second process can open (vitest.config.ts keeps this
// file out of the PostgreSQL project).

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ sqliteFile: true });
});
afterAll(async () => {
  await t.close();
});

function cli(args: string[], env: Record<string, string>) {
  if (t.config.database.kind !== 'sqlite') throw new Error('expected a SQLite test database');
  return run(process.execPath, ['apps/server/src/cli/admin.ts', ...args], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH ?? '',
      DATABASE_URL: `sqlite:${t.config.database.file}`,
      LOG_LEVEL: 'silent',
      ...env,
    },
  });
}

function login(password: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username: ADMIN_USERNAME, password },
    remoteAddress: '10.3.0.1',
  });
}

describe('admin CLI set-password', () => {
  it('refuses a password shorter than 8 characters', async () => {
    await expect(cli(['set-password', 'admin'], { ADMIN_NEW_PASSWORD: 'short' })).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('at least 8 characters') as unknown,
    });
    expect((await login(ADMIN_PASSWORD)).statusCode).toBe(200);
  });

  it('changes the password and revokes the existing sessions', async () => {
    const token = (await login(ADMIN_PASSWORD)).json<{ data: { token: string } }>().data.token;
    const headers = { authorization: `Bearer ${token}` };
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers })).statusCode).toBe(200);

    const { stdout } = await cli(['set-password', 'admin'], { ADMIN_NEW_PASSWORD: NEW_PASSWORD });
    expect(stdout).toContain('Password of admin "admin" changed');

    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers })).statusCode).toBe(401);
    expect((await login(ADMIN_PASSWORD)).statusCode).toBe(401);
    expect((await login(NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('rejects an unknown command with the usage', async () => {
    await expect(cli(['list-sessions'], {})).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('Usage: npm run admin -- set-password [username]') as unknown,
    });
  });
});
