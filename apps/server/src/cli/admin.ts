// Admin command line: `npm run admin -- <command>` manages the back office's users (USAGE below).
// It reads the configuration the server reads (the environment over the `.env` file: config.ts),
// so it changes the shop's own database. A password comes from ADMIN_NEW_PASSWORD (for scripts) or
// is asked twice on the terminal, without echo. A new password, a disabled user: every session of
// that user ends. A name that is no user's is refused, never taken for a new user (a typo).
import { createInterface } from 'node:readline/promises';
import { Writable } from 'node:stream';
import { cliInputs, loadConfig, shopEnvironment, type Config } from '../config.ts';
import { connect, type Db } from '../db/connect.ts';
import { migrate } from '../db/migrate.ts';
import { MIN_PASSWORD_LENGTH, ROLES, userCreateSchema } from '@shop/domain/staff';
import { setPassword } from '../modules/auth/auth.service.ts';
import { createUser, disableUser, enableUser, findUserByName, listUsers } from '../modules/staff/users.service.ts';

const USAGE = [
  'Usage: npm run admin -- <command>',
  '  set-password [username]     a new password (the owner of ADMIN_USERNAME by default)',
  `  add-user <username> <role>  a new user; role: ${ROLES.join(', ')}`,
  '  list-users                  every user, their role and state',
  '  disable <username>          signs them out everywhere; they can no longer sign in',
  '  enable <username>           lets a disabled user sign in again',
].join('\n');

/**
 * Asks a question without showing what is typed (a password): the prompt is written, the keys
 * are not. Input piped from another program is read the same way, line by line.
 */
async function askHidden(question: string, lines: AsyncIterator<string>): Promise<string> {
  process.stdout.write(question);
  const next = await lines.next();
  process.stdout.write('\n');
  if (next.done) throw new Error('No password given');
  return next.value;
}

async function askPasswordTwice(): Promise<string> {
  // Everything readline would echo goes nowhere; the prompts are written by askHidden.
  const silent = new Writable({ write: (_chunk, _encoding, done) => done() });
  const rl = createInterface({ input: process.stdin, output: silent, terminal: process.stdin.isTTY });
  const lines = rl[Symbol.asyncIterator]();
  try {
    const first = await askHidden('New password: ', lines);
    const again = await askHidden('The same password again: ', lines);
    if (first !== again) throw new Error('The two passwords differ: nothing was changed');
    return first;
  } finally {
    rl.close();
  }
}

interface Shop {
  db: Db;
  config: Config;
  env: NodeJS.ProcessEnv;
}

/** Runs a command on the shop's own database (migrated first, as the server would). */
async function withShop(work: (shop: Shop) => Promise<void>): Promise<void> {
  const env = shopEnvironment();
  const config = loadConfig(env);
  const db = connect(config.database, { poolSize: 1 });
  try {
    await migrate(db);
    await work({ db, config, env });
  } finally {
    await db.close();
  }
}

async function newPassword(env: NodeJS.ProcessEnv): Promise<string> {
  const password = cliInputs(env).adminNewPassword ?? (await askPasswordTwice());
  if (password.length < MIN_PASSWORD_LENGTH) {
    throw new Error(`The password must be at least ${MIN_PASSWORD_LENGTH} characters`);
  }
  return password;
}

const unknownUser = (name: string) =>
  new Error(`There is no user named "${name}": check the name (nothing was changed). See: npm run admin -- list-users`);

function setPasswordCommand(username: string | undefined) {
  return withShop(async ({ db, config, env }) => {
    const user = username ?? config.adminUsername;
    const outcome = await setPassword(db.kysely, user, await newPassword(env), config.passwordHashCost);
    if (outcome === 'unknown') throw unknownUser(user);
    console.log(
      outcome === 'created'
        ? `Owner "${user}" created with the new password.`
        : `Password of "${user}" changed; every session of that user was signed out.`,
    );
  });
}

function addUserCommand(username: string | undefined, role: string | undefined) {
  return withShop(async ({ db, config, env }) => {
    // The name and role are checked before the password is asked.
    const checked = userCreateSchema.safeParse({ username, role, password: 'x'.repeat(MIN_PASSWORD_LENGTH) });
    if (!checked.success) throw new Error(`${checked.error.issues[0]?.message ?? 'Invalid user'}\n${USAGE}`);
    const user = await createUser(
      db.kysely,
      { username: checked.data.username, role: checked.data.role, password: await newPassword(env) },
      config.passwordHashCost,
    );
    console.log(`User "${user.username}" added as ${user.role}; they sign in at /admin with this password.`);
  });
}

function listUsersCommand() {
  return withShop(async ({ db }) => {
    const users = await listUsers(db.kysely);
    const width = Math.max(8, ...users.map((u) => u.username.length));
    console.log(`${'username'.padEnd(width)}  ${'role'.padEnd(7)}  state     last seen`);
    for (const u of users) {
      const state = u.disabled ? 'disabled' : 'active';
      console.log(`${u.username.padEnd(width)}  ${u.role.padEnd(7)}  ${state.padEnd(8)}  ${u.last_seen_at ?? '-'}`);
    }
  });
}

function setDisabledCommand(username: string | undefined, disabled: boolean) {
  return withShop(async ({ db }) => {
    if (!username) throw new Error(USAGE);
    const user = await findUserByName(db.kysely, username);
    if (!user) throw unknownUser(username);
    if (disabled) {
      await disableUser(db.kysely, user.id);
      console.log(`User "${user.username}" disabled; every session of theirs was signed out.`);
    } else {
      await enableUser(db.kysely, user.id);
      console.log(`User "${user.username}" can sign in again.`);
    }
  });
}

async function main(argv: string[]): Promise<void> {
  const [command, ...args] = argv;
  if (command === 'set-password') return setPasswordCommand(args[0]);
  if (command === 'add-user') return addUserCommand(args[0], args[1]);
  if (command === 'list-users') return listUsersCommand();
  if (command === 'disable') return setDisabledCommand(args[0], true);
  if (command === 'enable') return setDisabledCommand(args[0], false);
  throw new Error(command ? `Unknown command "${command}"\n${USAGE}` : USAGE);
}

main(process.argv.slice(2)).catch((err: unknown) => {
  // A refusal of the service (a name taken, the last owner) is said as the back office says it.
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
});
