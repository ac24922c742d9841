// Sends the outbox's events (ad-events.service.ts) to the ad platforms. Every server process
// keeps the schedule (AD_EVENTS_INTERVAL_SECONDS), but one at a time sends: a run takes the
// database lease of the job (db/job-lease.ts) and renews it between events, so two processes never
// send the same event. A refusal is recorded failed with the platform's message; a 5xx, a 429, a
// time-out or a refused connection waits and tries again, longer each time, until
// AD_EVENT_MAX_ATTEMPTS; an event older than the platform's window is skipped and logged.
import { randomUUID } from 'node:crypto';
import { AD_EVENT_MAX_ATTEMPTS, AD_EVENT_WINDOW_DAYS, type AdPlatform } from '@shop/domain/marketing';
import type { Database } from '../../db/database.ts';
import { releaseLease, renewLease, takeLease } from '../../db/job-lease.ts';
import type { App } from '../../http/types.ts';
import * as repo from './ad-events.repository.ts';
import { metaEvent, sendToPlatform, tiktokEvent, type PlatformHosts, type PurchaseFacts } from './ad-platforms.ts';
import { readMarketingSettings, sendsServerEvents } from './marketing-settings.ts';

export const AD_EVENTS_JOB = 'ad-events';
const LEASE_MS = 2 * 60_000;
/** Events sent in one run; the next run takes the rest. */
const RUN_BATCH = 100;
/** The first retry waits this long; each next one twice as long, at most an hour. */
const FIRST_RETRY_MS = 30_000;
const LAST_RETRY_MS = 3_600_000;

const PROCESS_ID = `${process.pid}-${randomUUID()}`;

export interface AdEventsRunResult {
  sent: number;
  failed: number;
  skipped: number;
  retrying: number;
}

/** Counts kept by the app's /metrics (http/observability.ts). */
export type AdEventCounter = (platform: AdPlatform, outcome: 'sent' | 'failed' | 'skipped' | 'retry') => void;

export interface AdEventsRunOptions {
  holder?: string;
  now?: Date;
  count?: AdEventCounter;
  log?: (message: string) => void;
}

function retryDelayMs(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), LAST_RETRY_MS);
}

/** An order placed before any attribution was kept, or an API order: the shop's own address. */
function factsOf(
  row: { event_name: string; event_id: string; created_at: string },
  found: NonNullable<Awaited<ReturnType<typeof repo.eventOrder>>>,
  fallbackUrl: string,
): PurchaseFacts {
  const { order, items, attribution } = found;
  const contents =
    order.type === 'custom'
      ? [{ id: `custom-${order.custom_item_id ?? 0}`, quantity: 1 }]
      : items.flatMap((i) => (i.product_id === null ? [] : [{ id: String(i.product_id), quantity: i.quantity }]));
  return {
    eventName: row.event_name,
    eventId: row.event_id,
    eventTime: Math.floor(new Date(row.created_at).getTime() / 1000),
    orderId: order.id,
    valueDa: order.final_total_cents / 100,
    contents,
    phone: order.customer_phone,
    wilaya: order.wilaya_name,
    commune: order.commune_name,
    pageUrl: attribution?.landing_url ?? (fallbackUrl || null),
    fbp: attribution?.fbp ?? null,
    fbc: attribution?.fbc ?? null,
    ttp: attribution?.ttp ?? null,
    ttclid: attribution?.ttclid ?? null,
    ip: attribution?.ip ?? null,
    userAgent: attribution?.user_agent ?? null,
  };
}

/** A cancelled or returned order's purchase is not sent once it is undone before it went. */
const UNDONE_STATUSES = new Set(['cancelled', 'returned']);

/**
 * One run: the due events, while this holder has the lease; null when another process holds it.
 */
export async function runAdEvents(
  db: Database,
  hosts: PlatformHosts & { publicBaseUrl: string },
  { holder = PROCESS_ID, now: at, count = () => undefined, log = () => undefined }: AdEventsRunOptions = {},
): Promise<AdEventsRunResult | null> {
  const clock = () => at ?? new Date();
  if (!(await takeLease(db, AD_EVENTS_JOB, holder, LEASE_MS, { now: clock() }))) return null;
  const result: AdEventsRunResult = { sent: 0, failed: 0, skipped: 0, retrying: 0 };
  try {
    const settings = await readMarketingSettings(db);
    for (const row of await repo.dueEvents(db, clock().toISOString(), RUN_BATCH)) {
      if (!(await renewLease(db, AD_EVENTS_JOB, holder, LEASE_MS, clock()))) break;
      const platform = row.platform as AdPlatform;
      const nowIso = clock().toISOString();
      const skip = async (message: string) => {
        await repo.updateEvent(db, row.id, { state: 'skipped', attempts: row.attempts, message });
        log(`ad event ${row.event_name} of order ${row.order_id} to ${platform} skipped: ${message}`);
        count(platform, 'skipped');
        result.skipped++;
      };
      const windowMs = AD_EVENT_WINDOW_DAYS[platform] * 24 * 3_600_000;
      if (clock().getTime() - new Date(row.created_at).getTime() > windowMs) {
        await skip(`older than ${platform === 'meta' ? 'Meta' : 'TikTok'}'s ${AD_EVENT_WINDOW_DAYS[platform]} days`);
        continue;
      }
      const own = settings[platform];
      if (!sendsServerEvents(own)) {
        await skip('the platform is no longer configured');
        continue;
      }
      const found = await repo.eventOrder(db, row.order_id);
      if (!found) continue;
      if (row.stage !== 'placed' && UNDONE_STATUSES.has(found.order.status)) {
        await skip(`the order was ${found.order.status} before the event was sent`);
        continue;
      }
      const facts = factsOf(row, found, hosts.publicBaseUrl);
      const event = platform === 'meta' ? metaEvent(facts) : tiktokEvent(facts);
      const outcome = await sendToPlatform(platform, own, event, hosts);
      const attempts = row.attempts + 1;
      if (outcome.kind === 'sent') {
        await repo.updateEvent(db, row.id, { state: 'sent', attempts, message: null, sent_at: clock().toISOString() });
        count(platform, 'sent');
        result.sent++;
      } else if (outcome.kind === 'refused' || attempts >= AD_EVENT_MAX_ATTEMPTS) {
        const message = `${outcome.status ? `HTTP ${outcome.status}: ` : ''}${outcome.message}`;
        await repo.updateEvent(db, row.id, { state: 'failed', attempts, message });
        log(`ad event ${row.event_name} of order ${row.order_id} to ${platform} failed: ${message}`);
        count(platform, 'failed');
        result.failed++;
      } else {
        const message = `${outcome.status ? `HTTP ${outcome.status}: ` : ''}${outcome.message}`;
        await repo.updateEvent(db, row.id, {
          state: 'pending',
          attempts,
          message,
          next_attempt_at: new Date(new Date(nowIso).getTime() + retryDelayMs(attempts)).toISOString(),
        });
        count(platform, 'retry');
        result.retrying++;
      }
    }
  } finally {
    await releaseLease(db, AD_EVENTS_JOB, holder).catch(() => undefined);
  }
  return result;
}

export function scheduleAdEvents(app: App): void {
  const seconds = app.config.ads.intervalSeconds;
  if (seconds <= 0) return;
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      await runAdEvents(app.db.kysely, adHosts(app), {
        count: app.metrics.countAdEvent,
        log: (message) => app.log.warn(message),
      });
    } catch (err) {
      app.log.error({ err }, 'sending the ad events failed');
    } finally {
      running = false;
    }
  };
  app.addHook('onReady', (done) => {
    timer = setInterval(() => void run(), seconds * 1000);
    timer.unref();
    done();
  });
  app.addHook('onClose', (_instance, done) => {
    clearInterval(timer);
    done();
  });
}

export function adHosts(app: App): PlatformHosts & { publicBaseUrl: string } {
  const { ads, publicBaseUrl } = app.config;
  return { metaApiUrl: ads.metaApiUrl, tiktokApiUrl: ads.tiktokApiUrl, timeoutMs: ads.timeoutMs, publicBaseUrl };
}
