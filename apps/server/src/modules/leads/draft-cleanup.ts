// Drafts are deleted 30 days after their last change, by a job any server process may start but
// one runs at a time and at most once an hour across processes (db/job-lease.ts).
import { randomUUID } from 'node:crypto';
import type { Executor } from '../../db/database.ts';
import { releaseLease, takeLease } from '../../db/job-lease.ts';
import type { App } from '../../http/types.ts';
import { deleteOldDrafts } from './leads.service.ts';

const JOB = 'checkout-drafts-cleanup';
const EVERY_MS = 3_600_000;
const LEASE_MS = 5 * 60_000;

/** Runs the cleanup when no process holds it nor ran it within the hour; null when it did not run. */
export async function runDraftCleanup(db: Executor, holder: string, now = new Date()): Promise<number | null> {
  const taken = await takeLease(db, JOB, holder, LEASE_MS, {
    now,
    notStartedSince: new Date(now.getTime() - EVERY_MS),
  });
  if (!taken) return null;
  try {
    return await deleteOldDrafts(db, now);
  } finally {
    await releaseLease(db, JOB, holder, now);
  }
}

/** Starts the hourly cleanup with the app and stops it with it. */
export function scheduleDraftCleanup(app: App): void {
  const holder = randomUUID();
  let timer: NodeJS.Timeout | undefined;
  const run = () =>
    runDraftCleanup(app.db.kysely, holder).then(
      (deleted) => {
        if (deleted) app.log.info(`deleted ${deleted} checkout draft(s) older than 30 days`);
      },
      (err: unknown) => app.log.warn({ err }, 'checkout drafts cleanup failed'),
    );
  app.addHook('onReady', (done) => {
    timer = setInterval(() => void run(), EVERY_MS);
    timer.unref();
    done();
  });
  app.addHook('onClose', (_instance, done) => {
    clearInterval(timer);
    done();
  });
}
