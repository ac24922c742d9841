// WAL checkpoints for a SQLite database file, off the server's thread. SQLite checkpoints inside
// the commit that crosses wal_autocheckpoint pages; under the order benchmark those commits were
// the costliest statements (copying thousands of pages back to the database file on the event
// loop). Here the server's connection never checkpoints; a worker thread does it a few times a
// second with its own connection. If the worker fails, the connection checkpoints itself again.
import { Worker } from 'node:worker_threads';
import type SQLite from 'better-sqlite3';

/** How often the worker checkpoints: keeps the log to a few MB under heavy writing. */
const INTERVAL_MS = 250;
/**
 * The write-ahead log's bound. PASSIVE checkpoints copy it back but never shrink the file, and
 * under steady writing it never starts over: 130,000 orders left a 1.1 GB log. Past this size the
 * worker runs a TRUNCATE checkpoint (the writer waits for it, a few ms per MB), and SQLite itself
 * cuts the file back to this size whenever the log starts over (journal_size_limit).
 */
export const WAL_LIMIT_BYTES = 64 * 1024 * 1024;
/** SQLite's own default, restored when the worker is gone. */
const AUTOCHECKPOINT_PAGES = 1000;

export interface Checkpointer {
  stop: () => Promise<void>;
}

export function startCheckpointer(sqlite: SQLite.Database, file: string): Checkpointer {
  sqlite.pragma(`journal_size_limit = ${WAL_LIMIT_BYTES}`);
  const worker = new Worker(new URL('./checkpoint-worker.ts', import.meta.url), {
    workerData: { file, intervalMs: INTERVAL_MS, walLimitBytes: WAL_LIMIT_BYTES },
  });
  // The worker must not keep a finished process alive (tests, CLI commands).
  worker.unref();
  sqlite.pragma('wal_autocheckpoint = 0');
  let stopped = false;
  let exited = false;
  const fallBack = () => {
    if (!stopped && sqlite.open) sqlite.pragma(`wal_autocheckpoint = ${AUTOCHECKPOINT_PAGES}`);
  };
  worker.on('error', fallBack);
  worker.on('exit', () => {
    exited = true;
    fallBack();
  });
  worker.on('message', (message: { error?: string }) => {
    if (message.error) process.emitWarning(`WAL checkpoint failed: ${message.error}`);
  });
  return {
    stop() {
      stopped = true;
      if (exited) return Promise.resolve();
      return new Promise((resolve) => {
        worker.once('exit', () => resolve());
        // Held while it stops: an unref'd worker still starting would let the process end here,
        // with this promise (and the caller's close, its error and its exit code) never settled.
        worker.ref();
        worker.postMessage('stop');
      });
    },
  };
}
