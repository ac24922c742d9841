// Group commit: a commit is the costliest step of an order on SQLite (one writer) and a round
// trip and a log flush on PostgreSQL (bench profiles). Orders that arrive while a batch is being written wait, then are written together in
// one transaction by a batch writer that answers each order with an outcome (placed or refused)
// instead of throwing, so a refused order needs no savepoint. When the shared transaction fails
// all the same (an unexpected error in one order), it is rolled back whole and every order of it
// is written again alone, so one bad order cannot take the others down with it. A transaction
// that lost a race (a deadlock) runs once more first (inTransaction). An order is answered only
// after the commit that holds it.
import type { Database, Executor } from '../../../db/database.ts';
import { inTransaction } from '../../../db/transaction.ts';

/** Orders per transaction at most: bounds how long reads wait behind a batch. */
export const MAX_BATCH = 64;

/** Writes the drafts in the given transaction; one result per draft, in their order. */
export type BatchWriter<D, R> = (trx: Executor, drafts: readonly D[]) => Promise<R[]>;

interface Job<D, R> {
  draft: D;
  resolve: (value: R) => void;
  reject: (error: unknown) => void;
}

/** Returns `write(draft)`: queues the draft for the next batch and resolves after its commit. */
export interface BatcherOptions<R> {
  maxBatch?: number;
  /** Runs once after each commit, before anyone of the batch is answered, with its results. */
  afterCommit?: (results: readonly R[]) => Promise<void>;
}

export function createWriteBatcher<D, R>(
  db: Database,
  writer: BatchWriter<D, R>,
  { maxBatch = MAX_BATCH, afterCommit }: BatcherOptions<R> = {},
): (draft: D) => Promise<R> {
  const queue: Job<D, R>[] = [];
  let running = false;

  async function runBatch(batch: Job<D, R>[]): Promise<void> {
    let results: R[];
    try {
      results = await inTransaction(db, (trx) =>
        writer(
          trx,
          batch.map((job) => job.draft),
        ),
      );
    } catch (error) {
      if (batch.length === 1) {
        batch[0]?.reject(error);
        return;
      }
      for (const job of batch) await runBatch([job]);
      return;
    }
    try {
      await afterCommit?.(results);
    } catch (error) {
      // Committed all the same: the orders are placed and are answered so (afterCommit only
      // refreshes caches); a failure here is reported, not turned into a refused order.
      process.emitWarning(`after-commit step failed: ${String(error)}`);
    }
    batch.forEach((job, i) => job.resolve(results[i] as R));
  }

  async function drain(): Promise<void> {
    while (queue.length > 0) await runBatch(queue.splice(0, maxBatch));
    running = false;
  }

  return (draft) =>
    new Promise<R>((resolve, reject) => {
      queue.push({ draft, resolve, reject });
      if (running) return;
      running = true;
      // The next turn of the event loop: orders arriving meanwhile join this batch.
      setImmediate(() => void drain());
    });
}
