// A throw-away PostgreSQL cluster of the test's own (initdb in a temporary folder, a free port),
// which a test may stop, restart and crash without touching the PostgreSQL other tests share. It
// needs the server's binaries (/usr/lib/postgresql/<version>/bin) and root, to run them as the
// `postgres` system user (PostgreSQL refuses to run as root); throwAwayClusterUnavailable says
// what is missing, and the tests that need a cluster are skipped with that reason.
import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../scripts/processes.ts';
import { tempDir } from './harness.ts';

const run = promisify(execFile);

const BIN = (() => {
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root)
    ? fs
        .readdirSync(root)
        .filter((v) => fs.existsSync(path.join(root, v, 'bin', 'pg_ctl')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  return versions[0] ? path.join(root, versions[0], 'bin') : null;
})();

function postgresUser(): { uid: number; gid: number } | null {
  try {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString());
    return { uid, gid };
  } catch {
    return null;
  }
}

/** Why no throw-away cluster can be made here, or null when one can. */
export const throwAwayClusterUnavailable: string | null = !BIN
  ? 'no PostgreSQL server binaries in /usr/lib/postgresql/*/bin'
  : process.getuid?.() !== 0
    ? 'not root: the cluster runs as the postgres user through runuser'
    : !postgresUser()
      ? 'no postgres system user'
      : null;

export interface PgCluster {
  port: number;
  /** The URL of a database of the cluster (user postgres, trust authentication). */
  url: (database: string) => string;
  /** pg_ctl stop: fast ends every session (57P01), immediate is a crash (recovery at next start). */
  stop: (mode: 'fast' | 'immediate') => Promise<void>;
  start: () => Promise<void>;
  /** Stops it (if running) and removes its folder. */
  destroy: () => void;
}

export async function startThrowAwayCluster(): Promise<PgCluster> {
  if (throwAwayClusterUnavailable || !BIN) throw new Error(`no throw-away cluster: ${throwAwayClusterUnavailable}`);
  const user = postgresUser()!;
  const dir = tempDir('shop-pg-');
  fs.chownSync(dir, user.uid, user.gid);
  const data = path.join(dir, 'data');
  const port = await freePort();
  // Asynchronous: the test's clients go on sending orders while the server stops and starts.
  const asPostgres = async (command: string, args: string[]) => {
    await run('runuser', ['-u', 'postgres', '--', path.join(BIN, command), ...args]);
  };
  await asPostgres('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`;
  const start = () =>
    asPostgres('pg_ctl', ['start', '-D', data, '-l', path.join(dir, 'log'), '-o', options, '-w', '-t', '60']);
  const stop = (mode: 'fast' | 'immediate') => asPostgres('pg_ctl', ['stop', '-D', data, '-m', mode, '-w', '-t', '60']);
  await start();
  return {
    port,
    url: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    stop,
    start,
    destroy() {
      try {
        execFileSync(
          'runuser',
          ['-u', 'postgres', '--', path.join(BIN, 'pg_ctl'), 'stop', '-D', data, '-m', 'immediate'],
          {
            stdio: 'pipe',
          },
        );
      } catch {
        // already stopped
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
