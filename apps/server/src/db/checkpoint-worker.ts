// Runs in a worker thread (checkpointer.ts): copies the SQLite write-ahead log back into the
// database file with its own connection, so the server's thread never does it inside a commit.
import { parentPort, workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';

const { file, intervalMs } = workerData as { file: string; intervalMs: number };
const db = new SQLite(file);
db.pragma('busy_timeout = 5000');

const timer = setInterval(() => {
  try {
    // PASSIVE: copies what no reader still needs, never waits for or blocks the writer.
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch (error) {
    parentPort?.postMessage({ error: String(error) });
  }
}, intervalMs);

parentPort?.on('message', (message: unknown) => {
  if (message !== 'stop') return;
  clearInterval(timer);
  db.close();
  parentPort?.close();
});
