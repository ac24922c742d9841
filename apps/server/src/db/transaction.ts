// A transaction that loses a race on PostgreSQL is told so (a deadlock, a serialization failure)
// and rolled back whole: nothing of it was written, so running it once more is safe and almost
// always succeeds. Writers lock rows in one global order (stock-store.ts), which makes deadlocks
// rare; this is the net under what the order cannot cover.
import type { Transaction } from 'kysely';
import type { Database, DB } from './database.ts';

/** PostgreSQL's deadlock_detected and serialization_failure. */
const TRANSIENT_CODES = new Set(['40P01', '40001']);

/** A rolled-back transaction that lost a race (on PostgreSQL), worth running again. */
export function isTransientConflict(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && TRANSIENT_CODES.has(code);
}

/** Runs `work` in a transaction, once more if the first lost a race. */
export async function inTransaction<T>(db: Database, work: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
  try {
    return await db.transaction().execute(work);
  } catch (error) {
    if (!isTransientConflict(error)) throw error;
    return db.transaction().execute(work);
  }
}
