// Group commit for SQLite: its one writer spends most of an order's time committing (bench
// profile: the commit was the costliest statement). Orders that arrive while a write is running
// wait and then share one transaction, each inside its own savepoint, so a refused order (stock
// short, coupon used up) rolls back alone while the others commit together. An order is answered
// only after the commit that holds it.
import { sql } from 'kysely';
import type { Database, Executor } from '../../db/database.ts';

/** Orders per transaction at most: bounds how long reads wait behind a batch. */
const MAX_BATCH = 64;

interface Job {
  run: (trx: Executor) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

interface Batcher {
  add: (run: (trx: Executor) => Promise<unknown>) => Promise<unknown>;
}

const batchers = new WeakMap<Database, Batcher>();

function createBatcher(db: Database): Batcher {
  const queue: Job[] = [];
  let running = false;

  async function runBatch(batch: Job[]): Promise<void> {
    const settle: (() => void)[] = [];
    try {
      await db.transaction().execute(async (trx) => {
        for (const job of batch) {
          await sql`savepoint order_job`.execute(trx);
          try {
            const value = await job.run(trx);
            await sql`release order_job`.execute(trx);
            settle.push(() => job.resolve(value));
          } catch (error) {
            await sql`rollback to order_job`.execute(trx);
            await sql`release order_job`.execute(trx);
            settle.push(() => job.reject(error));
          }
        }
      });
    } catch (error) {
      for (const job of batch) job.reject(error);
      return;
    }
    for (const done of settle) done();
  }

  async function drain(): Promise<void> {
    while (queue.length > 0) await runBatch(queue.splice(0, MAX_BATCH));
    running = false;
  }

  return {
    add(run) {
      return new Promise((resolve, reject) => {
        queue.push({ run, resolve, reject });
        if (running) return;
        running = true;
        // The next turn of the event loop: orders arriving meanwhile join this batch.
        setImmediate(() => void drain());
      });
    },
  };
}

/** Runs a write in a shared SQLite transaction (see above); resolves after its commit. */
export function inWriteBatch<T>(db: Database, run: (trx: Executor) => Promise<T>): Promise<T> {
  let batcher = batchers.get(db);
  if (!batcher) {
    batcher = createBatcher(db);
    batchers.set(db, batcher);
  }
  return batcher.add(run) as Promise<T>;
}
