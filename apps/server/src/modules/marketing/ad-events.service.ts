// Where an order came from, kept when it is placed, and the purchase events it owes the ad
// platforms, enqueued in the transaction that moves it to the stage each platform counts as a
// purchase (ADR 032). The outbox's unique key (order, platform, stage) keeps one event per stage
// whichever process got there; ad-events-worker.ts sends them.
import { randomUUID } from 'node:crypto';
import {
  AD_PLATFORMS,
  ATTRIBUTION_KEYS,
  PURCHASE_EVENT,
  STAGE_OF_STATUS,
  type AdEvent,
  type AdPlatform,
  type Attribution,
} from '@shop/domain/marketing';
import type { Executor } from '../../db/database.ts';
import * as repo from './ad-events.repository.ts';
import { cachedMarketingSettings, sendsServerEvents } from './marketing-settings.ts';

/** What the request says beside the checkout's fields. */
export interface ClientOfRequest {
  ip: string | undefined;
  userAgent: string | undefined;
}

/** What an order carries about its customer's visit, as the checkout sent it and the request showed. */
export interface OrderAttributionInput {
  attribution: Attribution;
  client: ClientOfRequest;
}

/** Cut to the column's bound: a user agent is the browser's to write. */
const USER_AGENT_MAX = 500;

/** An order's event id when its checkout sent none (an API client, an older page). */
function serverEventId(): string {
  return `srv-${randomUUID()}`;
}

/**
 * In the placing transaction: keeps each new order's attribution and enqueues the purchases of
 * the platforms that count an order placed as one.
 */
export async function recordPlacedOrders(
  trx: Executor,
  orders: readonly { orderId: number; input: OrderAttributionInput | undefined }[],
  now: string,
): Promise<void> {
  if (orders.length === 0) return;
  await repo.insertAttributions(
    trx,
    orders.map(({ orderId, input }) => {
      const a: Attribution = input?.attribution ?? {};
      return {
        order_id: orderId,
        event_id: a.event_id ?? serverEventId(),
        fbp: a.fbp ?? null,
        fbc: a.fbc ?? null,
        ttp: a.ttp ?? null,
        ttclid: a.ttclid ?? null,
        utm_source: a.utm_source ?? null,
        utm_medium: a.utm_medium ?? null,
        utm_campaign: a.utm_campaign ?? null,
        utm_content: a.utm_content ?? null,
        utm_term: a.utm_term ?? null,
        landing_url: a.landing_url ?? null,
        user_agent: input?.client.userAgent?.slice(0, USER_AGENT_MAX) ?? null,
        ip: input?.client.ip ?? null,
        created_at: now,
      };
    }),
  );
  await enqueuePurchases(
    trx,
    orders.map((o) => o.orderId),
    'pending',
    now,
  );
}

/**
 * In the transaction that moved the orders to `status`: enqueues the purchase of each platform
 * configured for server events whose purchase stage that status reaches. Nothing for others.
 */
export async function enqueuePurchases(
  trx: Executor,
  orderIds: readonly number[],
  status: string,
  now: string,
): Promise<void> {
  const stage = STAGE_OF_STATUS[status];
  if (!stage || orderIds.length === 0) return;
  // Read at most every few seconds per process (marketing-settings.ts), not once per order moved.
  const settings = await cachedMarketingSettings(trx);
  const platforms = AD_PLATFORMS.filter((p) => settings[p].purchaseStage === stage && sendsServerEvents(settings[p]));
  if (platforms.length === 0) return;
  const eventIds = new Map((await repo.findEventIds(trx, orderIds)).map((r) => [r.order_id, r.event_id]));
  await repo.enqueueEvents(
    trx,
    orderIds.flatMap((orderId) =>
      platforms.map((platform) => ({
        order_id: orderId,
        platform,
        stage,
        event_name: PURCHASE_EVENT[platform],
        // The browser's id of the order placed: the platform merges its pixel's event and ours; an
        // order placed before attribution existed gets one of its own, stable across stages.
        event_id: eventIds.get(orderId) ?? `order-${orderId}`,
        message: null,
        next_attempt_at: now,
        created_at: now,
      })),
    ),
  );
}

/** The order went back after its purchase counted: the platform learned a sale that was not. */
const UNDONE_STATUSES = new Set(['cancelled', 'returned']);

export async function adEventsLog(
  db: Executor,
  filter: { platform?: AdPlatform | undefined; orderId?: number | undefined },
): Promise<AdEvent[]> {
  const rows = await repo.listEvents(db, filter);
  return rows.map((row) => ({
    id: row.id,
    order_id: row.order_id,
    platform: row.platform as AdPlatform,
    stage: row.stage as AdEvent['stage'],
    event_name: row.event_name,
    event_id: row.event_id,
    state: row.state as AdEvent['state'],
    attempts: row.attempts,
    message: row.message,
    created_at: row.created_at,
    sent_at: row.sent_at,
    order_undone: row.state === 'sent' && UNDONE_STATUSES.has(row.order_status),
  }));
}

/** The attribution an order's checkout sent, with what its request shows (address, browser). */
export function attributionOfRequest(
  fields: Attribution,
  request: { ip: string; headers: Record<string, string | string[] | undefined> },
): OrderAttributionInput {
  const attribution: Attribution = {};
  for (const key of ATTRIBUTION_KEYS) {
    const value = fields[key];
    if (value !== undefined) attribution[key] = value;
  }
  const agent = request.headers['user-agent'];
  return { attribution, client: { ip: request.ip, userAgent: typeof agent === 'string' ? agent : undefined } };
}

/**
 * What was ordered, without where the customer came from: an order sent again with its
 * Idempotency-Key is the same order even if a pixel set its cookie between the two sends.
 */
export function withoutAttribution<T extends object>(fields: T): Omit<T, keyof Attribution> {
  const rest = { ...fields } as Record<string, unknown>;
  for (const key of ATTRIBUTION_KEYS) delete rest[key];
  return rest as Omit<T, keyof Attribution>;
}
