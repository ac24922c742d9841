// Opens the database the configuration names: SQLite (better-sqlite3, WAL, foreign keys on) by
// default, PostgreSQL (pg) when DATABASE_URL is a postgres URL.
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { Kysely, PostgresDialect, sql, type Dialect } from 'kysely';
import type { Config } from '../config.ts';
import type { DB } from './database.ts';
import { startCheckpointer } from './checkpointer.ts';
import { preparingClient, StatementNames } from './prepared-statements.ts';
import { sqliteDialect } from './sqlite-dialect.ts';
import { ANALYSIS_LIMIT } from './statistics.ts';

export type DialectKind = 'sqlite' | 'postgres';

export interface Db {
  kysely: Kysely<DB>;
  kind: DialectKind;
  /** PostgreSQL schema holding the tables (public unless a search path was given). */
  schema?: string;
  /** PostgreSQL: the connection pool's use now (metrics). */
  poolUse?: () => { total: number; idle: number; waiting: number };
  /**
   * PostgreSQL: `listener` hears of every pooled connection the server ended; returns the call
   * that stops it. Unheard losses become process warnings.
   */
  onConnectionLost?: (listener: (loss: ConnectionLoss) => void) => () => void;
  close: () => Promise<void>;
}

/**
 * What the log may say of a lost connection: PostgreSQL's code and message, never the client
 * (its parameters hold the password).
 */
export interface ConnectionLoss {
  code: string | undefined;
  message: string;
}

/**
 * How long a query waits for a connection, new or from the pool, before it fails (and the caller
 * gets a 503): an unreachable server must not hold requests for the system's TCP timeout.
 */
export const CONNECT_TIMEOUT_MS = 5000;

// COUNT and SUM come back from PostgreSQL as int8/numeric strings; our values fit in a double.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.FLOAT8, (v) => Number(v));

export interface ConnectOptions {
  /** PostgreSQL schema to use instead of public (tests give each file its own). */
  searchPath?: string;
  poolSize?: number;
}

export function connect(database: Config['database'], options: ConnectOptions = {}): Db {
  if (database.kind === 'postgres') {
    const pool = new pg.Pool({
      ...(database.preparedStatements === false ? {} : { Client: preparingClient(new StatementNames()) }),
      connectionString: database.url,
      // 20: enough to keep PostgreSQL busy under 100 concurrent requests without thrashing it (bench).
      max: options.poolSize ?? 20,
      ...(options.searchPath ? { options: `-c search_path=${options.searchPath}` } : {}),
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      // A server gone without closing the connection (a failover, a network cut) is noticed by
      // TCP keep-alive probes from 10 s of silence on, not after the system's default two hours.
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      application_name: 'shop',
    });
    const listeners = new Set<(loss: ConnectionLoss) => void>();
    const report = (error: Error & { code?: string }) => {
      const loss = { code: error.code, message: error.message };
      if (listeners.size === 0)
        process.emitWarning(`database connection lost: ${loss.message} (${loss.code ?? 'no code'})`);
      for (const listener of listeners) listener(loss);
    };
    // A connection the server ends (a restart, a failover, a pooler reloading, a DBA ending
    // sessions) is an 'error' event on its client, idle in the pool or lent to a query; an event
    // nobody listens to stops Node. The query it was running fails; the pool drops the client and
    // opens a new one for the next query. The pool's own 'error' (idle clients) repeats the same
    // event, already reported; a lent client that was told why then says the socket closed too.
    pool.on('connect', (client) => {
      let reported = false;
      client.on('error', (error) => {
        if (!reported) report(error);
        reported = true;
      });
    });
    pool.on('error', () => undefined);
    const schema = options.searchPath ?? 'public';
    const kysely = new Kysely<DB>({ dialect: postgresDialect(pool, schema) });
    return {
      kysely,
      kind: 'postgres',
      schema,
      poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      onConnectionLost(listener) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      close: () => kysely.destroy(),
    };
  }
  if (database.file !== ':memory:') fs.mkdirSync(path.dirname(database.file), { recursive: true });
  const sqlite = new SQLite(database.file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  // Measured by npm run bench: a 64 MB page cache, memory-mapped reads and in-memory temp tables.
  sqlite.pragma('cache_size = -65536');
  sqlite.pragma('mmap_size = 268435456');
  sqlite.pragma('temp_store = MEMORY');
  // What ANALYZE reads of each index when PRAGMA optimize runs it (statistics.ts).
  sqlite.pragma(`analysis_limit = ${ANALYSIS_LIMIT}`);
  cachePreparedStatements(sqlite);
  const checkpointer = database.file === ':memory:' ? undefined : startCheckpointer(sqlite, database.file);
  const kysely = new Kysely<DB>({ dialect: sqliteDialect(sqlite) });
  return {
    kysely,
    kind: 'sqlite',
    close: async () => {
      await checkpointer?.stop();
      await kysely.destroy();
    },
  };
}

/**
 * Kysely prepares every query again; compiling the SQL was a tenth of the server's time under
 * load (bench profile). Statements are reused by their text; a busy one (being iterated) is not.
 */
function cachePreparedStatements(sqlite: SQLite.Database): void {
  const prepare = sqlite.prepare.bind(sqlite);
  const statements = new Map<string, SQLite.Statement>();
  sqlite.prepare = ((source: string) => {
    const cached = statements.get(source);
    if (cached && !cached.busy) return cached;
    const statement = prepare(source);
    if (statements.size >= 1000) statements.clear();
    statements.set(source, statement);
    return statement;
  }) as typeof sqlite.prepare;
}

/**
 * Kysely's PostgreSQL dialect, with an introspector that lists the tables of the shop's own schema
 * only, by name. Kysely's Migrator finds its bookkeeping tables that way, and Kysely's own
 * introspector reads every column of every schema of the database: it failed ("schema t_… does
 * not exist") when another process dropped a schema at that moment (the tests each migrate a
 * schema of their own, two files at a time). Nothing else here introspects; the columns are not
 * listed.
 */
function postgresDialect(pool: pg.Pool, schema: string): Dialect {
  const base = new PostgresDialect({ pool });
  return {
    createAdapter: () => base.createAdapter(),
    createDriver: () => base.createDriver(),
    createQueryCompiler: () => base.createQueryCompiler(),
    createIntrospector: (db) => ({
      getSchemas: () => base.createIntrospector(db).getSchemas(),
      async getTables() {
        const { rows } = await sql<{ name: string; view: boolean }>`select c.relname as name, c.relkind = 'v' as view
          from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
          where n.nspname = ${schema} and c.relkind in ('r', 'p', 'v')`.execute(db);
        return rows.map((r) => ({ name: r.name, schema, isView: r.view, isForeign: false, columns: [] }));
      },
    }),
  };
}
