// What the before-and-after benches (deep-pages.ts, dashboard-filters.ts) share: a throwaway
// database (a temporary SQLite file, or a schema of the PostgreSQL of DATABASE_URL, dropped at the
// end) and the measure of a read: its median time, and the CPU per read of whoever does the work
// (this process on SQLite, the PostgreSQL backend from /proc/<pid>/stat, same machine, 10 ms ticks).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { connect, type Db } from '../apps/server/src/db/connect.ts';
import type { DB } from '../apps/server/src/db/database.ts';

const postgresUrl = process.env.DATABASE_URL?.startsWith('postgres') ? process.env.DATABASE_URL : undefined;

/** A database of its own, with a folder for uploads; `drop` removes both. */
export async function throwawayDatabase(
  name: string,
): Promise<{ db: Db; uploadsDir: string; drop: () => Promise<void> }> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), `${name}-`));
  const schema = postgresUrl ? `${name.replace(/\W/g, '_')}_${randomBytes(4).toString('hex')}` : undefined;
  const onServer = async (statement: string) => {
    const client = new pg.Client({ connectionString: postgresUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  if (schema) await onServer(`create schema ${schema}`);
  const db =
    postgresUrl && schema
      ? connect({ kind: 'postgres', url: postgresUrl }, { searchPath: schema })
      : connect({ kind: 'sqlite', file: path.join(work, 'shop.db') });
  return {
    db,
    uploadsDir: path.join(work, 'uploads'),
    drop: async () => {
      await db.close();
      if (schema) await onServer(`drop schema ${schema} cascade`);
      fs.rmSync(work, { recursive: true, force: true });
    },
  };
}

/** Median ms per read over `runs` after a warm-up read, and CPU ms per read. */
export async function measureRead(
  db: Db,
  read: (k: Kysely<DB>) => Promise<unknown>,
  runs: number,
): Promise<{ ms: number; cpu: number }> {
  const times: number[] = [];
  const run = async (k: Kysely<DB>, cpuNow: () => number) => {
    await read(k); // warm: the first read of a statement plans it and reads the pages into the cache
    const cpuBefore = cpuNow();
    for (let i = 0; i < runs; i++) {
      const start = performance.now();
      await read(k);
      times.push(performance.now() - start);
    }
    return (cpuNow() - cpuBefore) / runs;
  };
  let cpu: number;
  if (db.kind === 'sqlite') {
    cpu = await run(db.kysely, () => {
      const u = process.cpuUsage();
      return (u.user + u.system) / 1000;
    });
  } else {
    // One connection, whose backend's CPU is read from /proc (10 ms ticks, over the reads).
    cpu = await db.kysely.connection().execute(async (k) => {
      const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(k);
      const pid = rows[0]!.pid;
      return run(k, () => {
        const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
        return (Number(fields[11]) + Number(fields[12])) * 10;
      });
    });
  }
  times.sort((a, b) => a - b);
  return { ms: times[Math.floor(times.length / 2)]!, cpu };
}
