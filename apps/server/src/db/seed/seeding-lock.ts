import { sql, type Transaction } from 'kysely';
import type { DB } from '../database.ts';
import { isPostgres } from '../dialect.ts';

/** No other advisory lock of the shop uses this number ("SEED" in ASCII). */
const SEED_LOCK = 0x53454544;

/**
 * PostgreSQL: waits for the seeding lock of this schema, held until the transaction ends, so
 * processes seeding one database take turns. SQLite needs none: one process writes at a time.
 */
export async function holdSeedingLock(trx: Transaction<DB>): Promise<void> {
  if (!isPostgres(trx)) return;
  await sql`select pg_advisory_xact_lock(${sql.lit(SEED_LOCK)}, hashtext(current_schema()))`.execute(trx);
}
