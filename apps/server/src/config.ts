// The only reader of process.env: configuration is parsed and checked once, at start.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { AUTO_DIVISION, DIVISION_IDS } from '@shop/domain/geo/wilayas';
import { z } from 'zod';
import { OWASP_MIN_LOG_N } from './modules/auth/passwords.ts';

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** Routes limited per client, by the group whose count they share (http/rate-limits.ts). */
export type LimitGroup =
  | 'orders'
  | 'ordersPerPhone'
  | 'couponChecks'
  | 'ratings'
  | 'stockChecks'
  | 'brandReviews'
  | 'login'
  | 'tracking'
  | 'checkoutDrafts';

/**
 * Which proxies' X-Forwarded-For to believe. "true" is one proxy in front (nginx, Caddy): the
 * client is the address that proxy saw and appended, never what the client wrote to the left of
 * it, which anyone can forge. A number is that many proxies; a list, the proxies' own addresses.
 */
const trustProxyFromEnv = z
  .string()
  .trim()
  .transform((text, ctx): boolean | number | string[] => {
    if (['false', '0', 'no', ''].includes(text)) return false;
    if (['true', 'yes'].includes(text)) return 1;
    if (/^\d+$/.test(text)) return Number(text);
    const list = text.split(',').map((a) => a.trim());
    if (list.every((a) => /^[\d.:a-fA-F]+(\/\d+)?$|^(loopback|linklocal|uniquelocal)$/.test(a))) return list;
    ctx.addIssue({ code: 'custom', message: 'must be true, false, a number of proxies or their addresses' });
    return z.NEVER;
  });

/** "20/15m": at most 20 requests per 15 minutes from one client address (s, m or h). */
function limitFromEnv(byDefault: string) {
  return z
    .string()
    .regex(/^\d+\/\d+(s|m|h)$/, { error: 'must look like 20/15m (requests / window in s, m or h)' })
    .default(byDefault)
    .transform((text) => {
      const [max = '0', window = '0'] = text.split('/');
      const unit = { s: 1000, m: 60_000, h: 3_600_000 }[window.slice(-1) as 's' | 'm' | 'h'];
      return { max: Number(max), timeWindow: Number(window.slice(0, -1)) * unit };
    })
    .refine((limit) => limit.timeWindow > 0 && limit.timeWindow <= 24 * 3_600_000, {
      error: 'the window must be more than 0 and at most 24h',
    });
}

/** A division of packages/domain/src/geo/divisions (wilayas-2019, wilayas-2026), or `auto` when allowed. */
function divisionFromEnv(allowAuto: boolean) {
  const allowed = [...(allowAuto ? [AUTO_DIVISION] : []), ...DIVISION_IDS];
  return z
    .string()
    .trim()
    .refine((value) => allowed.includes(value), { error: `must be ${allowed.join(', ')}` });
}

/** An http(s) address without a trailing slash. */
const httpUrl = z
  .string()
  .regex(/^https?:\/\/[^\s/]+(\/\S*)?$/, { error: 'must be an http:// or https:// address' })
  .transform((url) => url.replace(/\/+$/, ''));

const envSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    DATABASE_URL: z
      .string()
      .regex(/^(postgres(ql)?:\/\/|sqlite:|file:)/, { error: 'must be a postgres:// URL or sqlite:<path>' })
      .optional(),
    // PostgreSQL: repeated queries as named prepared statements; false behind PgBouncer < 1.21 in transaction mode.
    DATABASE_PREPARED_STATEMENTS: booleanFromEnv.default(true),
    DATA_DIR: z.string().default('data'),
    UPLOADS_DIR: z.string().optional(),
    // Where a multipart request's files wait while it is read (http/multipart.ts): the system's
    // temporary folder unless set.
    UPLOAD_TEMP_DIR: z.string().optional(),
    ADMIN_USERNAME: z.string().min(1).default('admin'),
    ADMIN_PASSWORD: z.string().min(8, { error: 'must be at least 8 characters' }).optional(),
    SESSION_TTL_HOURS: z.coerce
      .number()
      .positive()
      .max(24 * 365)
      .default(12),
    SESSION_IDLE_MINUTES: z.coerce
      .number()
      .positive()
      .max(24 * 60 * 30)
      .default(120),
    // log2 of scrypt's N for new password hashes; below OWASP's 17 only for the test suite.
    PASSWORD_HASH_COST: z.coerce.number().int().min(10).max(20).default(OWASP_MIN_LOG_N),
    NODE_ENV: z.string().optional(),
    SEED_DEMO: booleanFromEnv.default(true),
    PUBLIC_BASE_URL: z.string().default(''),
    TRUST_PROXY: trustProxyFromEnv.default(false),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    REQUEST_TIMEOUT_SECONDS: z.coerce.number().positive().max(3600).default(60),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, { error: 'must be a redis:// URL' })
      .optional(),
    // Orders are counted per client address and per phone (docs/operations.md, "Limits"): the
    // address's ceiling is high because Algerian mobile operators put many customers behind one
    // address (carrier-grade NAT); the phone's is what one customer places.
    RATE_LIMIT_ORDERS: limitFromEnv('100/15m'),
    RATE_LIMIT_ORDERS_PER_PHONE: limitFromEnv('10/1h'),
    RATE_LIMIT_COUPON_CHECKS: limitFromEnv('30/15m'),
    RATE_LIMIT_RATINGS: limitFromEnv('20/1h'),
    RATE_LIMIT_STOCK_CHECKS: limitFromEnv('120/1m'),
    RATE_LIMIT_TRACKING: limitFromEnv('30/15m'),
    // A draft is saved as the customer types (debounced): a few dozen saves per checkout.
    RATE_LIMIT_CHECKOUT_DRAFTS: limitFromEnv('120/15m'),
    MAX_QUANTITY_PER_LINE: z.coerce.number().int().min(1).max(1000).default(20),
    MAX_LINES_PER_ORDER: z.coerce.number().int().min(1).max(100).default(30),
    SHUTDOWN_GRACE_SECONDS: z.coerce.number().min(0).max(600).default(10),
    // /readyz fails when DATA_DIR's or UPLOADS_DIR's disk has less free space than this (0: never).
    READY_MIN_FREE_MB: z.coerce.number().min(0).default(100),
    // Uploaded images in an S3-compatible bucket (AWS S3, Cloudflare R2, MinIO, Scaleway…) instead
    // of UPLOADS_DIR; S3_PUBLIC_URL serves them from the bucket, else the server streams them.
    S3_BUCKET: z.string().trim().min(1).optional(),
    S3_ENDPOINT: httpUrl.optional(),
    S3_REGION: z.string().trim().min(1).default('us-east-1'),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    S3_PUBLIC_URL: httpUrl.optional(),
    S3_FORCE_PATH_STYLE: booleanFromEnv.default(false),
    METRICS_TOKEN: z.string().min(16, { error: 'must be at least 16 characters' }).optional(),
    WEB_DIST_DIR: z.string().optional(),
    // The courier: Yalidine's API, on only with both keys; the webhook only with its secret.
    YALIDINE_API_URL: httpUrl.default('https://api.yalidine.app/v1'),
    YALIDINE_API_ID: z.string().trim().min(1).optional(),
    YALIDINE_API_TOKEN: z.string().trim().min(1).optional(),
    YALIDINE_FROM_WILAYA: z.string().trim().min(1).default('Alger'),
    YALIDINE_WEBHOOK_SECRET: z.string().min(16, { error: 'must be at least 16 characters' }).optional(),
    COURIER_SYNC_MINUTES: z.coerce
      .number()
      .min(0)
      .max(24 * 60)
      .default(30),
    COURIER_TIMEOUT_SECONDS: z.coerce.number().positive().max(120).default(20),
    // Calls a minute to one courier account, under its API's limit (unset: each courier's own: Ecotrack 45, NOEST 55, ZR 60).
    COURIER_CALLS_PER_MINUTE: z.coerce.number().int().positive().max(100_000).optional(),
    // The wilayas Yalidine's API speaks: the 58 until it says otherwise (orders of a newer wilaya go
    // with the wilaya it was made from).
    YALIDINE_DIVISION: divisionFromEnv(false).default('wilayas-2019'),
    // The wilayas in force (docs/wilayas-2027.md): auto follows the calendar, the 69 from 1 January 2027.
    GEO_DIVISION: divisionFromEnv(true).default(AUTO_DIVISION),
    // The ad platforms' server APIs (docs/marketing.md): their addresses (a local fake in tests),
    // how long a send waits, and how often the outbox is sent (0: never, tests send it themselves).
    META_API_URL: httpUrl.default('https://graph.facebook.com/v24.0'),
    TIKTOK_API_URL: httpUrl.default('https://business-api.tiktok.com/open_api/v1.3'),
    // The pixels' scripts the storefront loads (a local fake in the e2e journey); the CSP allows
    // their hosts.
    META_PIXEL_SCRIPT_URL: httpUrl.default('https://connect.facebook.net/en_US/fbevents.js'),
    TIKTOK_PIXEL_SCRIPT_URL: httpUrl.default('https://analytics.tiktok.com/i18n/pixel/events.js'),
    AD_EVENTS_TIMEOUT_SECONDS: z.coerce.number().positive().max(120).default(10),
    AD_EVENTS_INTERVAL_SECONDS: z.coerce.number().min(0).max(3600).default(30),
    SHOP_NAME: z.string().default('Boutique DZ'),
    SHOP_PHONE: z.string().default('0555123456'),
    SHOP_EMAIL: z.string().default('contact@boutique.dz'),
    SHOP_WHATSAPP: z.string().default('213555123456'),
    SHOP_FACEBOOK_URL: z.string().default('https://www.facebook.com/'),
    SHOP_INSTAGRAM_URL: z.string().default('https://www.instagram.com/'),
    SHOP_TIKTOK_URL: z.string().default('https://www.tiktok.com/'),
  })
  .superRefine((e, ctx) => {
    if (e.PASSWORD_HASH_COST < OWASP_MIN_LOG_N && e.NODE_ENV !== 'test') {
      ctx.addIssue({
        code: 'custom',
        path: ['PASSWORD_HASH_COST'],
        message: `must be at least ${OWASP_MIN_LOG_N} (OWASP's minimum for scrypt); lower costs are for the test suite only (NODE_ENV=test)`,
      });
    }
    if (Boolean(e.YALIDINE_API_ID) !== Boolean(e.YALIDINE_API_TOKEN)) {
      const missing = e.YALIDINE_API_ID ? 'YALIDINE_API_TOKEN' : 'YALIDINE_API_ID';
      ctx.addIssue({ code: 'custom', path: [missing], message: 'YALIDINE_API_ID and YALIDINE_API_TOKEN go together' });
    }
    const s3Names = ['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_PUBLIC_URL'] as const;
    if (!e.S3_BUCKET) {
      for (const name of s3Names.filter((n) => e[n] !== undefined)) {
        ctx.addIssue({
          code: 'custom',
          path: [name],
          message: 'needs S3_BUCKET (images stay in UPLOADS_DIR without it)',
        });
      }
      return;
    }
    for (const name of ['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
      if (!e[name]) ctx.addIssue({ code: 'custom', path: [name], message: 'must be set with S3_BUCKET' });
    }
  });

export interface Config {
  port: number;
  host: string;
  database:
    | { kind: 'sqlite'; file: string }
    // preparedStatements: named statements for repeated queries (db/prepared-statements.ts); on unless false.
    | { kind: 'postgres'; url: string; preparedStatements?: boolean };
  dataDir: string;
  uploadsDir: string;
  /** Where uploads wait, each request in a folder of its own, while they are read and checked. */
  uploadTempDir: string;
  webDistDir: string;
  adminUsername: string;
  adminPassword: string | undefined;
  /** log2 of scrypt's N for the password hashes made now (modules/auth/passwords.ts). */
  passwordHashCost: number;
  sessionTtlHours: number;
  sessionIdleMinutes: number;
  seedDemo: boolean;
  publicBaseUrl: string;
  /** Fastify's trustProxy: false, a number of proxy hops, or the proxies' addresses. */
  trustProxy: boolean | number | string[];
  logLevel: string;
  /** A request must have arrived whole within this time (a body trickled byte by byte is cut). */
  requestTimeoutMs: number;
  /** On SIGTERM, in-flight requests get this long to finish; then what is left is closed. */
  shutdownGraceMs: number;
  /** /readyz fails below this much free space on the disks the shop writes to (0: not checked). */
  readyMinFreeBytes: number;
  /** Where rate-limit counts live when set (several processes); else the database or memory. */
  redisUrl: string | undefined;
  /** Per client address (per phone for ordersPerPhone): requests allowed per window (ms). */
  rateLimits: Record<
    'orders' | 'ordersPerPhone' | 'couponChecks' | 'ratings' | 'stockChecks' | 'tracking' | 'checkoutDrafts',
    { max: number; timeWindow: number; groupId: LimitGroup }
  >;
  /** Uploaded images go to this S3-compatible bucket when set, else to uploadsDir. */
  s3: S3Config | undefined;
  /** /metrics answers only with this bearer token; off when unset. */
  metricsToken: string | undefined;
  /** The courier parcels are sent to; yalidine undefined: not configured. */
  courier: CourierConfig;
  /** The ad platforms' server APIs and the outbox's schedule (modules/marketing). */
  ads: {
    metaApiUrl: string;
    tiktokApiUrl: string;
    timeoutMs: number;
    intervalSeconds: number;
    /** The pixels' scripts the storefront loads; their origins are in the CSP. */
    pixelScripts: { meta: string; tiktok: string };
  };
  /** What one order may hold: units of one line, and lines. */
  orderLimits: { maxQuantityPerLine: number; maxLines: number };
  /** GEO_DIVISION: the wilayas in force, a division's id or `auto` (by the calendar). */
  geoDivision: string;
  shop: {
    name: string;
    phone: string;
    email: string;
    whatsapp: string;
    facebook: string;
    instagram: string;
    tiktok: string;
  };
}

export interface CourierConfig {
  yalidine:
    | {
        apiUrl: string;
        apiId: string;
        apiToken: string;
        fromWilaya: string;
      }
    | undefined;
  /** The division of the wilayas Yalidine's API knows (YALIDINE_DIVISION), for its parcels and its import file. */
  yalidineDivision: string;
  /** The secret key Yalidine signs its webhook calls with (X-YALIDINE-SIGNATURE); the webhook is off when unset. */
  webhookSecret: string | undefined;
  /** Statuses are fetched every this many minutes (0: never; only with a courier configured). */
  syncMinutes: number;
  /** Every call to the courier gives up after this long. */
  timeoutMs: number;
  /** Calls a minute to one account of Ecotrack, ZR Express or NOEST (undefined: each one's default). */
  callsPerMinute: number | undefined;
}

export interface S3Config {
  bucket: string;
  /** Empty for AWS S3 itself; the service's address otherwise (R2, MinIO, Scaleway…). */
  endpoint: string | undefined;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Where browsers fetch the bucket's objects (a public bucket or a CDN); unset: through the server. */
  publicUrl: string | undefined;
  /** https://endpoint/bucket/key instead of https://bucket.endpoint/key (MinIO and the like). */
  forcePathStyle: boolean;
}

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/**
 * The environment the shop reads: the process's variables over those of the `.env` file at the
 * repository's root (SHOP_ENV_FILE names another file), so that the server and every command
 * (`npm run admin`, `backup`, `restore`) see the same configuration. A variable set in the
 * process wins, as with Node's --env-file.
 */
export function shopEnvironment(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const file = path.resolve(repoRoot, env.SHOP_ENV_FILE ?? '.env');
  if (!fs.existsSync(file)) return env;
  return { ...parseEnv(fs.readFileSync(file, 'utf8')), ...env };
}

/** One-off inputs of the command line (not configuration of the server). */
export function cliInputs(env: NodeJS.ProcessEnv = shopEnvironment()) {
  return { adminNewPassword: env.ADMIN_NEW_PASSWORD || undefined };
}

export function loadConfig(env: NodeJS.ProcessEnv = shopEnvironment()): Config {
  // An empty variable (DATABASE_URL= in a .env file) means "not set", as in most tools.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(repoRoot, e.DATA_DIR);
  let database: Config['database'];
  if (e.DATABASE_URL?.startsWith('postgres')) {
    database = { kind: 'postgres', url: e.DATABASE_URL, preparedStatements: e.DATABASE_PREPARED_STATEMENTS };
  } else {
    const file = e.DATABASE_URL ? e.DATABASE_URL.replace(/^(sqlite|file):/, '') : path.join(dataDir, 'shop.db');
    database = { kind: 'sqlite', file: file === ':memory:' ? file : path.resolve(repoRoot, file) };
  }
  return {
    port: e.PORT,
    host: e.HOST,
    database,
    dataDir,
    uploadsDir: path.resolve(repoRoot, e.UPLOADS_DIR ?? path.join(e.DATA_DIR, 'uploads')),
    uploadTempDir: path.resolve(repoRoot, e.UPLOAD_TEMP_DIR ?? os.tmpdir()),
    webDistDir: path.resolve(repoRoot, e.WEB_DIST_DIR ?? 'apps/web/dist'),
    adminUsername: e.ADMIN_USERNAME,
    adminPassword: e.ADMIN_PASSWORD,
    passwordHashCost: e.PASSWORD_HASH_COST,
    sessionTtlHours: e.SESSION_TTL_HOURS,
    sessionIdleMinutes: e.SESSION_IDLE_MINUTES,
    seedDemo: e.SEED_DEMO,
    publicBaseUrl: e.PUBLIC_BASE_URL.replace(/\/$/, ''),
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    requestTimeoutMs: e.REQUEST_TIMEOUT_SECONDS * 1000,
    shutdownGraceMs: e.SHUTDOWN_GRACE_SECONDS * 1000,
    readyMinFreeBytes: e.READY_MIN_FREE_MB * 1024 * 1024,
    redisUrl: e.REDIS_URL,
    // Each limit's group is the count its routes share (http/rate-limits.ts).
    rateLimits: {
      orders: { ...e.RATE_LIMIT_ORDERS, groupId: 'orders' },
      ordersPerPhone: { ...e.RATE_LIMIT_ORDERS_PER_PHONE, groupId: 'ordersPerPhone' },
      couponChecks: { ...e.RATE_LIMIT_COUPON_CHECKS, groupId: 'couponChecks' },
      ratings: { ...e.RATE_LIMIT_RATINGS, groupId: 'ratings' },
      stockChecks: { ...e.RATE_LIMIT_STOCK_CHECKS, groupId: 'stockChecks' },
      tracking: { ...e.RATE_LIMIT_TRACKING, groupId: 'tracking' },
      checkoutDrafts: { ...e.RATE_LIMIT_CHECKOUT_DRAFTS, groupId: 'checkoutDrafts' },
    },
    ads: {
      metaApiUrl: e.META_API_URL,
      tiktokApiUrl: e.TIKTOK_API_URL,
      timeoutMs: e.AD_EVENTS_TIMEOUT_SECONDS * 1000,
      intervalSeconds: e.AD_EVENTS_INTERVAL_SECONDS,
      pixelScripts: { meta: e.META_PIXEL_SCRIPT_URL, tiktok: e.TIKTOK_PIXEL_SCRIPT_URL },
    },
    orderLimits: { maxQuantityPerLine: e.MAX_QUANTITY_PER_LINE, maxLines: e.MAX_LINES_PER_ORDER },
    geoDivision: e.GEO_DIVISION,
    metricsToken: e.METRICS_TOKEN,
    courier: {
      yalidine:
        e.YALIDINE_API_ID && e.YALIDINE_API_TOKEN
          ? {
              apiUrl: e.YALIDINE_API_URL,
              apiId: e.YALIDINE_API_ID,
              apiToken: e.YALIDINE_API_TOKEN,
              fromWilaya: e.YALIDINE_FROM_WILAYA,
            }
          : undefined,
      yalidineDivision: e.YALIDINE_DIVISION,
      webhookSecret: e.YALIDINE_WEBHOOK_SECRET,
      syncMinutes: e.COURIER_SYNC_MINUTES,
      timeoutMs: e.COURIER_TIMEOUT_SECONDS * 1000,
      callsPerMinute: e.COURIER_CALLS_PER_MINUTE,
    },
    s3:
      e.S3_BUCKET && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? {
            bucket: e.S3_BUCKET,
            endpoint: e.S3_ENDPOINT,
            region: e.S3_REGION,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            publicUrl: e.S3_PUBLIC_URL,
            forcePathStyle: e.S3_FORCE_PATH_STYLE,
          }
        : undefined,
    shop: {
      name: e.SHOP_NAME,
      phone: e.SHOP_PHONE,
      email: e.SHOP_EMAIL,
      whatsapp: e.SHOP_WHATSAPP,
      facebook: e.SHOP_FACEBOOK_URL,
      instagram: e.SHOP_INSTAGRAM_URL,
      tiktok: e.SHOP_TIKTOK_URL,
    },
  };
}
