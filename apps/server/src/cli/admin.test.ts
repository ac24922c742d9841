import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
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

/** The CLI with its answers typed on stdin, line by line; its exit code and output. */
function cliTyping(args: string[], lines: string[], env: Record<string, string>) {
  if (t.config.database.kind !== 'sqlite') throw new Error('expected a SQLite test database');
  const child = spawn(process.execPath, ['apps/server/src/cli/admin.ts', ...args], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH ?? '',
      LOG_LEVEL: 'silent',
      DATABASE_URL: `sqlite:${t.config.database.file}`,
      ...env,
    },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdin.end(lines.map((l) => `${l}\n`).join(''));
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on('close', (code) => resolve({ code, stdout, stderr })),
  );
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
    expect(stdout).toContain('Password of "admin" changed');

    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers })).statusCode).toBe(401);
    expect((await login(ADMIN_PASSWORD)).statusCode).toBe(401);
    expect((await login(NEW_PASSWORD)).statusCode).toBe(200);
  });

  it("refuses a name that is no user's instead of creating a second account", async () => {
    await expect(cli(['set-password', 'admn'], { ADMIN_NEW_PASSWORD: 'another-password-1' })).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('There is no user named "admn"') as unknown,
    });
    const users = await t.db.kysely.selectFrom('users').select('username').execute();
    expect(users.map((a) => a.username)).toEqual([ADMIN_USERNAME]);
  });

  it('asks the new password twice, showing neither, and changes nothing when they differ', async () => {
    const differ = await cliTyping(['set-password'], ['first-password-1', 'other-password-2'], {});
    expect(differ.code).toBe(1);
    expect(differ.stderr).toContain('The two passwords differ');
    expect(differ.stdout).not.toContain('first-password-1');

    const same = await cliTyping(['set-password'], ['typed-password-3', 'typed-password-3'], {});
    expect(same.stderr).toBe('');
    expect(same.code).toBe(0);
    expect(same.stdout).toContain('New password: ');
    expect(same.stdout).toContain('The same password again: ');
    expect(same.stdout).not.toContain('typed-password-3');
    expect((await login('typed-password-3')).statusCode).toBe(200);
  });

  it('reads the database from the .env file the server reads', async () => {
    if (t.config.database.kind !== 'sqlite') throw new Error('expected a SQLite test database');
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-env-'));
    const envFile = path.join(folder, '.env');
    fs.writeFileSync(envFile, `DATABASE_URL=sqlite:${t.config.database.file}\nLOG_LEVEL=silent\n`);
    try {
      const { stdout } = await run(process.execPath, ['apps/server/src/cli/admin.ts', 'set-password', 'admin'], {
        cwd: repoRoot,
        env: { PATH: process.env.PATH ?? '', SHOP_ENV_FILE: envFile, ADMIN_NEW_PASSWORD: 'from-dot-env-4' },
      });
      expect(stdout).toContain('Password of "admin" changed');
      expect((await login('from-dot-env-4')).statusCode).toBe(200);
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });

  it('rejects an unknown command with the usage', async () => {
    await expect(cli(['list-sessions'], {})).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('set-password [username]') as unknown,
    });
  });
});

describe('admin CLI users', () => {
  const signIn = (username: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username, password },
      remoteAddress: '10.3.0.2',
    });

  it('adds a user with a role, who signs in with their password; a name taken or a role unknown is refused', async () => {
    const { stdout } = await cli(['add-user', 'sara', 'agent'], { ADMIN_NEW_PASSWORD: 'sara-password-1' });
    expect(stdout).toContain('User "sara" added as agent');
    const session = await signIn('sara', 'sara-password-1');
    expect(session.statusCode).toBe(200);
    const me = await t.app.inject({
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${session.json<{ data: { token: string } }>().data.token}` },
    });
    expect(me.json()).toMatchObject({ data: { username: 'sara', role: 'agent' } });

    await expect(cli(['add-user', 'Sara', 'packer'], { ADMIN_NEW_PASSWORD: 'other-password-1' })).rejects.toMatchObject(
      {
        code: 1,
        stderr: expect.stringContaining('A user named "sara" already exists') as unknown,
      },
    );
    await expect(cli(['add-user', 'nadia', 'boss'], { ADMIN_NEW_PASSWORD: 'other-password-1' })).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('role must be one of owner, manager, agent, packer') as unknown,
    });
    const names = (await t.db.kysely.selectFrom('users').select('username').orderBy('id').execute()).map(
      (u) => u.username,
    );
    expect(names).toEqual([ADMIN_USERNAME, 'sara']);
  });

  it('lists the users, disables one (signed out at once) and enables them again', async () => {
    const session = await signIn('sara', 'sara-password-1');
    const headers = { authorization: `Bearer ${session.json<{ data: { token: string } }>().data.token}` };
    const listed = await cli(['list-users'], {});
    expect(listed.stdout).toMatch(/sara\s+agent\s+active/);
    expect(listed.stdout).toMatch(/admin\s+owner\s+active/);

    expect((await cli(['disable', 'sara'], {})).stdout).toContain('User "sara" disabled');
    expect((await t.app.inject({ url: '/api/auth/me', headers })).statusCode).toBe(401);
    expect((await signIn('sara', 'sara-password-1')).statusCode).toBe(401);
    expect((await cli(['list-users'], {})).stdout).toMatch(/sara\s+agent\s+disabled/);
    await expect(cli(['disable', 'sarah'], {})).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('There is no user named "sarah"') as unknown,
    });
    await expect(cli(['disable', ADMIN_USERNAME], {})).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('at least one active owner') as unknown,
    });

    expect((await cli(['enable', 'sara'], {})).stdout).toContain('User "sara" can sign in again');
    expect((await signIn('sara', 'sara-password-1')).statusCode).toBe(200);
  });
});
