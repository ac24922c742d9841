// Admin command line: `npm run admin -- set-password [username]`. The new password comes from
// ADMIN_NEW_PASSWORD (for scripts) or is asked on stdin. Changing it revokes every session.
import { createInterface } from 'node:readline/promises';
import { loadConfig } from '../config.ts';
import { connect } from '../db/connect.ts';
import { migrate } from '../db/migrate.ts';
import { setPassword } from '../modules/auth/auth.service.ts';

const MIN_PASSWORD_LENGTH = 8;
const USAGE = 'Usage: npm run admin -- set-password [username]';

async function askPassword(): Promise<string> {
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: false });
  try {
    // Without this, an input that ends before a line would leave the question pending forever.
    const ended = new Promise<never>((_resolve, reject) => {
      rl.once('close', () => reject(new Error('No password given')));
    });
    return await Promise.race([rl.question('New password: '), ended]);
  } finally {
    rl.close();
  }
}

async function setPasswordCommand(username: string | undefined): Promise<void> {
  const config = loadConfig();
  const user = username ?? config.adminUsername;
  // A one-off input of this command, not configuration of the server (which config.ts owns).
  const password = process.env.ADMIN_NEW_PASSWORD ?? (await askPassword());
  if (password.length < MIN_PASSWORD_LENGTH) {
    throw new Error(`The password must be at least ${MIN_PASSWORD_LENGTH} characters`);
  }
  const db = connect(config.database, { poolSize: 1 });
  try {
    await migrate(db);
    const created = await setPassword(db.kysely, user, password);
    console.log(
      created
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
