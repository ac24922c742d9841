// The rate limits' counters in the database (rate_limits), when neither memory nor Redis keeps
// them: one row per key and window (http/rate-limits.ts).
import type { Executor } from './database.ts';

/**
 * Counts one hit for a key in its window and answers the hits so far (this one included) and
 * when the window began. One statement: hits at the same moment, in any process, each get their
 * own number; a window older than `windowMs` starts over.
 */
export async function countHit(
  db: Executor,
  key: string,
  windowMs: number,
  now = new Date(),
): Promise<{ hits: number; windowStartedAt: string }> {
  const at = now.toISOString();
  const windowStart = new Date(now.getTime() - windowMs).toISOString();
  const row = await db
    .insertInto('rate_limits')
    .values({ key, hits: 1, window_started_at: at })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet((eb) => {
        const expired = eb('rate_limits.window_started_at', '<=', windowStart);
        return {
          hits: eb
            .case()
            .when(expired)
            .then(1)
            .else(eb('rate_limits.hits', '+', 1))
            .end(),
          window_started_at: eb.case().when(expired).then(at).else(eb.ref('rate_limits.window_started_at')).end(),
        };
      }),
    )
    .returning(['hits', 'window_started_at'])
    .executeTakeFirstOrThrow();
  return { hits: Number(row.hits), windowStartedAt: row.window_started_at };
}

export function clearHits(db: Executor, keys: readonly string[]) {
  return db.deleteFrom('rate_limits').where('key', 'in', keys).execute();
}

/** Removes counters whose window ended long ago (they would start over anyway). */
export function pruneHits(db: Executor, startedBefore: Date) {
  return db.deleteFrom('rate_limits').where('window_started_at', '<', startedBefore.toISOString()).execute();
}
