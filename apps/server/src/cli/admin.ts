// Admin command line: `npm run admin -- set-password [username]`. It reads the configuration the
// server reads (the environment over the `.env` file: config.ts), so it changes the shop's own
// database. The new password comes from ADMIN_NEW_PASSWORD (for scripts) or is asked twice on
// the terminal, without echo. Changing it revokes every session of that admin.
import { createInterface } from 'node:readline/promises';
import { Writable } from 'node:stream';
import { cliInputs, loadConfig, shopEnvironment } from '../config.ts';
import { connect } from '../db/connect.ts';
import { migrate } from '../db/migrate.ts';
import { setPassword } from '../modules/auth/auth.service.ts';

const MIN_PASSWORD_LENGTH = 8;
const USAGE = 'Usage: npm run admin -- set-password [username]';

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

async function setPasswordCommand(username: string | undefined): Promise<void> {
  const env = shopEnvironment();
  const config = loadConfig(env);
  const user = username ?? config.adminUsername;
  const db = connect(config.database, { poolSize: 1 });
  try {
    await migrate(db);
    const password = cliInputs(env).adminNewPassword ?? (await askPasswordTwice());
    if (password.length < MIN_PASSWORD_LENGTH) {
      throw new Error(`The password must be at least ${MIN_PASSWORD_LENGTH} characters`);
    }
    const outcome = await setPassword(db.kysely, user, password, config.passwordHashCost);
    if (outcome === 'unknown') {
      throw new Error(`There is no admin named "${user}": check the name (nothing was changed). ${USAGE}`);
    }
    console.log(
      outcome === 'created'
        ? `Admin "${user}" created with the new password.`
        : `Password of admin "${user}" changed; every session of that admin was signed out.`,
    );
  } finally {
    await db.close();
  }
}

async function main(argv: string[]): Promise<void> {
  const [command, ...args] = argv;
  if (command === 'set-password') return setPasswordCommand(args[0]);
  throw new Error(command ? `Unknown command "${command}"\n${USAGE}` : USAGE);
}

main(process.argv.slice(2)).catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
});
