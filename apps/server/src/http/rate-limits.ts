// Limits on what one client may ask, per address and time window (@fastify/rate-limit), and where
// their counts live so that they hold across processes: in Redis when REDIS_URL is set, else in
// the database on PostgreSQL (several processes may share it), else in this process's memory
// (SQLite: one process). A route may also count what its payload says (an order's phone) in the
// same place (limitPerKey). A refusal is a 429 in the envelope, in French for customers.
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import type { FastifyInstance, FastifyReply } from 'fastify';
import rateLimit, { type RateLimitPluginOptions } from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import type { Config, LimitGroup } from '../config.ts';
import type { Db } from '../db/connect.ts';
import { countHit, pruneHits } from '../db/rate-limit-hits.ts';
import { HttpError, TOO_MANY_REQUESTS } from './errors.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Counts one hit of a key in its window where the routes' limits count theirs; null: not counted (Redis away). */
    countLimitHit: (key: string, windowMs: number) => Promise<{ current: number; ttl: number } | null>;
  }
}

/** One hit of a key: the hits so far in its window (this one included) and the ms left of it. */
type Counter = (key: string, windowMs: number) => Promise<{ current: number; ttl: number }>;

/** In this process's memory (SQLite: the shop is one process). Expired keys are swept as it goes. */
function memoryCounter(): Counter {
  const windows = new Map<string, { hits: number; startedAt: number }>();
  let sinceSweep = 0;
  return (key, windowMs) => {
    const now = Date.now();
    if (++sinceSweep >= 10_000) {
      sinceSweep = 0;
      for (const [k, w] of windows) if (now - w.startedAt >= 24 * 3_600_000) windows.delete(k);
    }
    let window = windows.get(key);
    if (!window || now - window.startedAt >= windowMs) {
      window = { hits: 0, startedAt: now };
      windows.set(key, window);
    }
    window.hits += 1;
    return Promise.resolve({ current: window.hits, ttl: window.startedAt + windowMs - now });
  };
}

/** In the database (PostgreSQL without Redis: every process of the shop shares it). */
function databaseCounter(db: Db): Counter {
  return async (key, windowMs) => {
    const { hits, windowStartedAt } = await countHit(db.kysely, `route:${key}`, windowMs);
    return { current: hits, ttl: Math.max(0, Date.parse(windowStartedAt) + windowMs - Date.now()) };
  };
}

/** One round trip: the count, and the window's expiry set when the key is new. */
const REDIS_HIT = `
local current = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {current, ttl}`;

function redisCounter(redis: Redis): Counter {
  redis.defineCommand('shopHit', { numberOfKeys: 1, lua: REDIS_HIT });
  const hit = (redis as unknown as { shopHit: (key: string, windowMs: number) => Promise<[number, number]> }).shopHit;
  return async (key, windowMs) => {
    const [current, ttl] = await hit.call(redis, `shop-rate-limit:${key}`, windowMs);
    return { current, ttl };
  };
}

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * @fastify/rate-limit's store interface over a counter. Every route shares the one store: a key
 * is the client address and the route's limit group (its `groupId`), so the aliases of one call
 * (`/api/order` and `/api/Order`, a GET and its HEAD, both coupon checks) share one count,
 * where the library's own stores count each route apart.
 */
function sharedStore(counter: Counter) {
  return class SharedStore {
    incr(key: string, done: Callback, timeWindow: number): void {
      counter(key, timeWindow).then(
        (result) => done(null, result),
        (error: unknown) => done(error instanceof Error ? error : new Error(String(error))),
      );
    }
    child() {
      return this;
    }
  };
}

/** Warns at most once a minute (a Redis that is down would otherwise fill the log). */
function throttledWarn(app: FastifyInstance): (message: string) => void {
  let last = 0;
  return (message) => {
    if (Date.now() - last < 60_000) return;
    last = Date.now();
    app.log.warn(message);
  };
}

/**
 * Registers the limiter with the counter that fits the deployment. Every limited route must name
 * its group. With Redis, a Redis that cannot be reached lets requests through (logged): orders
 * keep coming, and stock and coupon uses are guarded by the database whatever the limiter says.
 */
export async function registerRateLimits(app: FastifyInstance, config: Config, db: Db): Promise<void> {
  app.addHook('onRoute', (route) => {
    const limit = (route.config as { rateLimit?: { groupId?: string } } | undefined)?.rateLimit;
    if (limit && !limit.groupId)
      throw new Error(`${String(route.method)} ${route.url}: a rate limit needs its groupId`);
  });
  let counter: Counter;
  const options: RateLimitPluginOptions = { global: false };
  if (config.redisUrl) {
    const warn = throttledWarn(app);
    const redis = new Redis(config.redisUrl, {
      // Fail at once while Redis is away instead of queueing every request behind it.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      connectTimeout: 2000,
    });
    redis.on('error', (error: Error) => warn(`rate limits: Redis unreachable (${error.message}); not limiting`));
    // Without the offline queue, a count sent before the connection is up is lost: the start
    // waits for it (a Redis that cannot be reached fails at once, or after 2 s).
    app.addHook('onReady', async () => {
      if (redis.status !== 'ready')
        await once(redis, 'ready', { signal: AbortSignal.timeout(2000) }).catch(() => undefined);
    });
    counter = redisCounter(redis);
    options.skipOnError = true;
    // As the routes' limits: a Redis away lets the request through.
    const count = counter;
    app.decorate('countLimitHit', (key: string, windowMs: number) =>
      count(key, windowMs).catch((error: unknown) => {
        warn(
          `rate limits: Redis unreachable (${error instanceof Error ? error.message : String(error)}); not limiting`,
        );
        return null;
      }),
    );
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
  } else {
    counter = db.kind === 'postgres' ? databaseCounter(db) : memoryCounter();
    app.decorate('countLimitHit', counter);
  }
  options.store = sharedStore(counter);

  // Counters of windows that ended a day ago are removed now and then (sign-in attempts, and the
  // routes' counts on PostgreSQL): the table would otherwise keep a row per address forever.
  const prune = () =>
    pruneHits(db.kysely, new Date(Date.now() - 24 * 3_600_000)).catch((error: unknown) =>
      app.log.warn({ err: error }, 'rate limits: pruning old counters failed'),
    );
  const timer = setInterval(() => void prune(), 10 * 60_000);
  timer.unref();
  app.addHook('onReady', async () => {
    await prune();
  });
  app.addHook('onClose', () => clearInterval(timer));
  await app.register(rateLimit, options);
}

/**
 * Counts one request of a limit group for a key its payload names (the phone an order is placed
 * with), beside the per-address count, and refuses it past the group's limit with the same 429 as
 * the address limits (French, or Arabic, for a customer) and when to try again. The key is hashed:
 * phone numbers are not kept in Redis or the counters' table.
 */
export async function limitPerKey(
  app: FastifyInstance,
  reply: FastifyReply,
  limit: { max: number; timeWindow: number; groupId: LimitGroup },
  key: string,
): Promise<void> {
  const digest = createHash('sha256').update(key).digest('base64url').slice(0, 22);
  const hit = await app.countLimitHit(`${limit.groupId}:${digest}`, limit.timeWindow);
  if (!hit || hit.current <= limit.max) return;
  void reply.header('retry-after', Math.max(1, Math.ceil(hit.ttl / 1000)));
  throw new HttpError(429, TOO_MANY_REQUESTS);
}
