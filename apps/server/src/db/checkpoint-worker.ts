// Runs in a worker thread (checkpointer.ts): copies the SQLite write-ahead log back into the
// database file with its own connection, so the server's thread never does it inside a commit.
import fs from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';

const { file, intervalMs, walLimitBytes } = workerData as { file: string; intervalMs: number; walLimitBytes: number };
const db = new SQLite(file);
db.pragma('busy_timeout = 5000');
db.pragma(`journal_size_limit = ${walLimitBytes}`);

function walBytes(): number {
  try {
    return fs.statSync(`${file}-wal`).size;
  } catch {
    return 0;
  }
}

const timer = setInterval(() => {
  try {
    // PASSIVE: copies what no reader still needs, never waits for or blocks the writer.
    const [result] = db.pragma('wal_checkpoint(PASSIVE)') as { log: number; checkpointed: number }[];
    const caughtUp = result !== undefined && result.log === result.checkpointed;
    // Past the bound, or caught up while the file is still big (the shop went quiet): start the
    // log over and truncate it. Caught up, this costs nothing; past the bound, the writer waits.
    if (walBytes() > walLimitBytes || (caughtUp && walBytes() > walLimitBytes / 4)) {
      db.pragma('wal_checkpoint(TRUNCATE)');
    }
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
