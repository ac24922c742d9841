// Which database a query runs on, asked in one place. The shop's queries are written once in
// Kysely for both; where the databases differ on purpose (row locks, one-statement batch writes,
// the catalogue version's sequence, migrations' column types), the code asks here, and the
// differing code lives in files named for their database (e.g. orders/stock-store.postgres.ts).
import { PostgresAdapter } from 'kysely';
import type { Executor } from './database.ts';

export type Dialect = 'sqlite' | 'postgres';

export function dialectOf(db: Executor): Dialect {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

export function isPostgres(db: Executor): boolean {
  return dialectOf(db) === 'postgres';
}
