// SQLite's statistics for its query planner (sqlite_stat1). SQLite gathers none by itself: without
// them it chooses plans by rules of thumb, while the plans the tests assert and the plans the scale
// bench measured are chosen with them (docs/scale.md). As SQLite advises for a long-lived
// connection, `PRAGMA optimize` runs over every table after the migrations at each start, then
// once a day. It analyzes a table only when the table has no statistics or its rows changed
// enough since, each index at most ANALYSIS_LIMIT rows (connect.ts): milliseconds, 0.2 s the
// first time on a million orders never analyzed. PostgreSQL's autovacuum keeps its own.
import { sql } from 'kysely';
import type { App } from '../http/types.ts';
import type { Db } from './connect.ts';

/** Rows of each index ANALYZE reads at most: statistics close enough, at a bounded cost. */
export const ANALYSIS_LIMIT = 400;
const EVERY_MS = 24 * 3_600_000;

/** SQLite: analyzes the tables that need it, every table of the database (0x10000) considered. */
export async function refreshStatistics(db: Db): Promise<void> {
  if (db.kind !== 'sqlite') return;
  await sql.raw('pragma optimize = 0x10002').execute(db.kysely);
}

/** The daily refresh, started with the app and stopped with it. */
export function scheduleStatistics(app: App): void {
  if (app.db.kind !== 'sqlite') return;
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', (done) => {
    timer = setInterval(() => {
      refreshStatistics(app.db).catch((err: unknown) => app.log.warn({ err }, 'SQLite statistics failed'));
    }, EVERY_MS);
    timer.unref();
    done();
  });
  app.addHook('onClose', (_instance, done) => {
    clearInterval(timer);
    done();
  });
}
