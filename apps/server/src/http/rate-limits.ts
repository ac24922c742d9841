// Limits on what one client may ask, per address and time window (@fastify/rate-limit), and where
// their counts live so that they hold across processes: in Redis when REDIS_URL is set, else in
// the database on PostgreSQL (several processes may share it), else in this process's memory
// (SQLite: one process). A refusal is a 429 in the envelope, in French for customers.
import type { FastifyInstance } from 'fastify';
import rateLimit, { type RateLimitPluginOptions } from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import type { Config } from '../config.ts';
import type { Db } from '../db/connect.ts';
import type { Executor } from '../db/database.ts';

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

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** The counts of each route apart: "route:POST /api/order:" (the plugin gives a route's options). */
function routePrefix(options: unknown): string {
  const route = (options as { routeInfo?: { method?: unknown; url?: unknown } } | undefined)?.routeInfo;
  return typeof route?.url === 'string' ? `route:${String(route.method)} ${route.url}:` : 'route:';
}

/** @fastify/rate-limit's store interface, on the rate_limits table. */
function databaseStore(db: Db) {
  return class DatabaseStore {
    readonly prefix: string;
    constructor(options?: unknown) {
      this.prefix = routePrefix(options);
    }
    incr(key: string, done: Callback, timeWindow: number): void {
      countHit(db.kysely, `${this.prefix}${key}`, timeWindow).then(
        ({ hits, windowStartedAt }) =>
          done(null, { current: hits, ttl: Math.max(0, Date.parse(windowStartedAt) + timeWindow - Date.now()) }),
        (error: unknown) => done(error instanceof Error ? error : new Error(String(error))),
      );
    }
    child(options: unknown) {
      return new DatabaseStore(options);
    }
  };
}

/** Registers the limiter with the store that fits the deployment. */
export async function registerRateLimits(app: FastifyInstance, config: Config, db: Db): Promise<void> {
  const options: RateLimitPluginOptions = { global: false };
  if (config.redisUrl) {
    const redis = new Redis(config.redisUrl, { maxRetriesPerRequest: 2, enableOfflineQueue: true });
    options.redis = redis;
    options.nameSpace = 'shop-rate-limit:';
    app.addHook('onClose', async () => {
      await redis.quit();
    });
  } else if (db.kind === 'postgres') {
    options.store = databaseStore(db);
  }
  await app.register(rateLimit, options);
}
