// The courier of the configuration, and every account's statuses fetched on a schedule
// (COURIER_SYNC_MINUTES). Every server process keeps the schedule, but across the processes sharing
// the database one sync of an account runs at a time and one per interval: a run first takes the
// database lease of that account's job (db/job-lease.ts), renews it while it works and releases it
// at the end; a scheduled run is also skipped when another process started one less than an
// interval ago. A process that dies mid-run leaves its lease to run out (SYNC_LEASE_MS), then
// another takes over.
import { randomUUID } from 'node:crypto';
import type { CourierSyncResult } from '@shop/domain/courier';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { releaseLease, renewLease, takeLease } from '../../db/job-lease.ts';
import type { App } from '../../http/types.ts';
import type { Courier } from './courier.ts';
import { syncStatuses } from './couriers.service.ts';
import { createYalidine } from './yalidine.ts';

/** The lease of one account's sync. */
export function syncJobOf(accountId: number): string {
  return `courier-sync:${accountId}`;
}
/** How long a sync's lease lasts without being renewed; renewed every third of it while it runs. */
export const SYNC_LEASE_MS = 2 * 60_000;
/** A scheduled run waits this share of the interval after the last run started, in any process. */
const INTERVAL_SHARE = 0.9;

export function createCourier(config: Config): Courier | null {
  const yalidine = config.courier.yalidine;
  return yalidine
    ? createYalidine({ ...yalidine, timeoutMs: config.courier.timeoutMs, division: config.courier.yalidineDivision })
    : null;
}

/** This process, as a lease holder. */
const PROCESS_ID = `${process.pid}-${randomUUID()}`;

export interface SyncRunOptions {
  /** A scheduled run: also skipped when another process started one less than an interval ago. */
  intervalMs?: number;
  /** Who the lease is taken for (a test gives each app its own). */
  holder?: string;
  author?: string;
}

/**
 * Runs one sync if this process can take the job's lease; null when another run holds it (or,
 * scheduled, ran less than an interval ago). While it runs the lease is renewed; once it is lost
 * (the database out of reach long enough for it to run out) the sync stops before its next call.
 */
export async function runCourierSync(
  db: Database,
  via: { accountId: number; courier: Courier },
  { intervalMs, holder = PROCESS_ID, author }: SyncRunOptions = {},
): Promise<CourierSyncResult | null> {
  const SYNC_JOB = syncJobOf(via.accountId);
  const now = new Date();
  const notStartedSince = intervalMs ? new Date(now.getTime() - intervalMs * INTERVAL_SHARE) : undefined;
  if (
    !(await takeLease(db, SYNC_JOB, holder, SYNC_LEASE_MS, { now, ...(notStartedSince ? { notStartedSince } : {}) }))
  ) {
    return null;
  }
  let held = true;
  const renewing = setInterval(() => {
    renewLease(db, SYNC_JOB, holder, SYNC_LEASE_MS)
      .then((still) => {
        held = held && still;
      })
      .catch(() => undefined);
  }, SYNC_LEASE_MS / 3);
  renewing.unref();
  try {
    return await syncStatuses(db, via, author, () => held);
  } finally {
    clearInterval(renewing);
    await releaseLease(db, SYNC_JOB, holder).catch(() => undefined);
  }
}

export function scheduleCourierSync(app: App): void {
  const minutes = app.config.courier.syncMinutes;
  if (minutes <= 0) return;
  const intervalMs = minutes * 60_000;
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      for (const account of await app.couriers.active()) {
        const result = await runCourierSync(
          app.db.kysely,
          { accountId: account.id, courier: account.courier },
          { intervalMs },
        );
        if (!result) continue; // another process runs it, or ran it lately
        if (result.stopped) app.log.warn(`courier sync of ${account.name} stopped early: ${result.stopped}`);
        else if (result.updated + result.recovered > 0) {
          app.log.info(
            `courier sync of ${account.name}: ${result.updated} status(es) updated, ${result.moved} order(s) moved`,
          );
        }
      }
    } catch (err) {
      app.log.error({ err }, 'courier sync failed');
    } finally {
      running = false;
    }
  };
  app.addHook('onReady', (done) => {
    timer = setInterval(() => void run(), intervalMs);
    timer.unref();
    done();
  });
  app.addHook('onClose', (_instance, done) => {
    clearInterval(timer);
    done();
  });
}
