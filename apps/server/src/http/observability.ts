// What load balancers, orchestrators and the people on call read:
// - every request has an id, kept from an incoming x-request-id (a proxy's) or made here, sent
//   back in x-request-id and carried by every log line of the request (Fastify's reqId);
// - GET /healthz: the process answers; GET /readyz: the database answers, every migration has
//   run, the image storage can be used (the uploads folder is writable, or the bucket answers
//   HeadBucket within 3 s) and the disks the shop writes to (its SQLite file's, DATA_DIR's,
//   UPLOADS_DIR's) have READY_MIN_FREE_MB free. Neither is cached or rate-limited, and neither
//   says anything about the shop;
// - GET /metrics, Prometheus's text format (prom-client), only when METRICS_TOKEN is set and
//   then only with that bearer token: requests per route (rate and latency), orders placed and
//   refused by reason, the catalogue cache's hits and misses, the PostgreSQL pool's use, and the
//   process's own figures (prom-client's default metrics: CPU, memory, event loop, GC).
import { randomUUID, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { pingDatabase } from '../db/ping.ts';
import { pendingMigrations } from '../db/migrate.ts';
import { HttpError } from './errors.ts';
import type { Config } from '../config.ts';
import type { App } from './types.ts';

/** An incoming request id is kept when it looks like one: short, and no characters for a log to trip on. */
const REQUEST_ID = /^[\w.:@-]{1,128}$/;

export function requestIdOf(request: { headers: Record<string, string | string[] | undefined> }): string {
  const incoming = request.headers['x-request-id'];
  return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/** The metrics one app keeps (its own registry: several apps may live in one process, as in tests). */
export interface ShopMetrics {
  registry: Registry;
  ordersPlaced: Counter;
  ordersRefused: Counter<'reason'>;
  cacheLookups: Counter<'result'>;
  /** Server events to the ad platforms, by platform and outcome (sent, failed, skipped, retry). */
  adEvents: Counter<'platform' | 'outcome'>;
  countAdEvent: (platform: string, outcome: string) => void;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: ShopMetrics;
  }
}

export function createMetrics(): ShopMetrics {
  const registry = new Registry();
  const adEvents = new Counter({
    name: 'shop_ad_events_total',
    help: 'Server events to the ad platforms, by platform and outcome (sent, failed, skipped, retry)',
    labelNames: ['platform', 'outcome'],
    registers: [registry],
  });
  return {
    adEvents,
    countAdEvent: (platform, outcome) => adEvents.inc({ platform, outcome }),
    registry,
    ordersPlaced: new Counter({ name: 'shop_orders_placed_total', help: 'Orders placed', registers: [registry] }),
    ordersRefused: new Counter({
      name: 'shop_orders_refused_total',
      help: 'Orders refused, by reason',
      labelNames: ['reason'],
      registers: [registry],
    }),
    cacheLookups: new Counter({
      name: 'shop_catalogue_cache_lookups_total',
      help: 'Catalogue cache lookups, by result (hit, miss)',
      labelNames: ['result'],
      registers: [registry],
    }),
  };
}

/** Why an order was refused when its status says it; a 409 says its own (HttpError's reason). */
const REFUSAL_BY_STATUS: Record<number, string> = {
  400: 'invalid',
  403: 'phone_refused',
  409: 'conflict',
  413: 'upload_too_large',
  422: 'not_an_image',
  429: 'rate_limited',
};

/**
 * The process's own figures (CPU, memory, event loop delay, garbage collection, handles),
 * collected once per process and shown by every app's /metrics: several apps may live in one
 * process (tests), and each collection starts an event-loop monitor and a GC observer that are
 * never stopped, and registers metrics of the same names.
 */
let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/** How long /readyz waits for the bucket before calling it unreachable. */
const STORAGE_CHECK_MS = 3000;

/** The folders whose disks the shop writes to: its SQLite file's, DATA_DIR, and the uploads'. */
function writtenFolders(config: Config): string[] {
  const folders = [config.dataDir];
  if (config.database.kind === 'sqlite' && config.database.file !== ':memory:') {
    folders.push(path.dirname(config.database.file));
  }
  if (!config.s3) folders.push(config.uploadsDir);
  return [...new Set(folders)];
}

/** The first folder with less than `floor` bytes free on its disk, and what it has; null if none. */
async function shortOfSpace(folders: string[], floor: number): Promise<{ folder: string; free: number } | null> {
  for (const folder of folders) {
    // A folder not made yet (uploads before the first image) holds nothing to fill.
    const stats = await fs.statfs(folder).catch(() => null);
    if (!stats) continue;
    const free = stats.bavail * stats.bsize;
    if (free < floor) return { folder, free };
  }
  return null;
}

const ORDER_ROUTES = new Set(['/api/order', '/api/Order']);

export function registerObservability(app: App): void {
  const { config, db, metrics } = app;
  const requests = new Histogram({
    name: 'shop_http_request_duration_seconds',
    help: 'Requests by method, route and status, and how long they took',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [metrics.registry],
  });
  if (db.poolUse) {
    const poolUse = db.poolUse;
    new Gauge({
      name: 'shop_db_pool_connections',
      help: "The PostgreSQL pool's connections, by state",
      labelNames: ['state'],
      registers: [metrics.registry],
      collect() {
        const use = poolUse();
        this.set({ state: 'total' }, use.total);
        this.set({ state: 'idle' }, use.idle);
        this.set({ state: 'waiting' }, use.waiting);
      },
    });
  }

  // The refusal itself, not its message: that is in the answer's language (Arabic, French).
  const refusals = new WeakMap<FastifyRequest, string>();
  app.addHook('onError', (request, _reply, error, done) => {
    if (error instanceof HttpError && error.reason) refusals.set(request, error.reason);
    done();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    void reply.header('x-request-id', request.id);
    const route = request.routeOptions.url;
    if (request.method === 'POST' && route && ORDER_ROUTES.has(route)) {
      const status = reply.statusCode;
      if (status === 201) metrics.ordersPlaced.inc();
      else if (status >= 400) {
        metrics.ordersRefused.inc({ reason: refusals.get(request) ?? REFUSAL_BY_STATUS[status] ?? 'error' });
      }
    }
    done(null, payload);
  });
  app.addHook('onResponse', (request, reply, done) => {
    // The route's pattern, not the URL: one series per route, not one per product.
    requests.observe(
      { method: request.method, route: request.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    done();
  });

  const plain = { schema: { hide: true } };
  const folders = writtenFolders(config);
  app.get('/healthz', plain, async (_request, reply) =>
    reply.header('cache-control', 'no-store').send({ status: 200, message: 'OK', data: null }),
  );
  app.get('/readyz', plain, async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    try {
      await pingDatabase(db.kysely);
      const pending = await pendingMigrations(db);
      if (pending > 0) {
        return reply.status(503).send({ status: 503, message: `${pending} migration(s) not run yet`, data: null });
      }
    } catch {
      return reply.status(503).send({ status: 503, message: 'Database unreachable', data: null });
    }
    try {
      await app.imageStorage.check(AbortSignal.timeout(STORAGE_CHECK_MS));
    } catch (err) {
      request.log.warn({ err }, 'image storage unreachable');
      return reply.status(503).send({ status: 503, message: 'Image storage unreachable', data: null });
    }
    const short = config.readyMinFreeBytes > 0 ? await shortOfSpace(folders, config.readyMinFreeBytes) : null;
    if (short) {
      const mb = (bytes: number) => Math.floor(bytes / (1024 * 1024));
      request.log.warn(
        `disk almost full: ${mb(short.free)} MB free for ${short.folder} (READY_MIN_FREE_MB=${mb(config.readyMinFreeBytes)})`,
      );
      return reply.status(503).send({ status: 503, message: 'Disk almost full', data: null });
    }
    return reply.send({ status: 200, message: 'Ready', data: null });
  });

  const token = config.metricsToken;
  if (!token) return;
  // Started now, not at the first scrape: the event loop and GC figures cover the whole run.
  const processFigures = processMetrics();
  const expected = Buffer.from(`Bearer ${token}`);
  const allowed = (request: FastifyRequest) => {
    const given = Buffer.from(request.headers.authorization ?? '');
    return given.length === expected.length && timingSafeEqual(given, expected);
  };
  app.get('/metrics', plain, async (request: FastifyRequest, reply: FastifyReply) => {
    void reply.header('cache-control', 'no-store');
    if (!allowed(request))
      return reply.status(401).send({ status: 401, message: 'Authentication required', data: null });
    const all = Registry.merge([processFigures, metrics.registry]);
    return reply.type(all.contentType).send(await all.metrics());
  });
}
