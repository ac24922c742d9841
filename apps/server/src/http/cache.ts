// A short-lived cache of the public catalogue's answers, keyed by URL, each entry naming what it
// shows: the products in it (`product:<id>`), and tags such as `lists`, `orders` or `reviews`.
// Every write that changes the catalogue records what it touched in catalog_changes, numbered by
// the catalogue version (db/catalog-changes.ts). Each process reads the changes
// after the last one it applied at most once per VERSION_TTL_MS and drops only the entries that
// show what changed: an order drops the pages of its products, not the catalogue, so reads stay
// fast while people buy (bench: the mixed scenario). A `catalog` change (an admin's edit) drops
// everything. A process's own writes are applied before the write's answer leaves, so whoever
// wrote reads it back at once; another process serves it within VERSION_TTL_MS.
//
// The versions are numbered when a change is recorded, which on PostgreSQL is before its row is
// visible to others: a version read with no row yet is waited for (a gap), and after
// GAP_TIMEOUT_MS forgotten by dropping everything, which is always safe.
import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { pruneCatalogChanges, readCatalogChanges, readCatalogVersion } from '../db/catalog-changes.ts';
import type { App } from './types.ts';
import { envelope } from './envelope.ts';
import { acceptedEncoding, compress } from './compression.ts';

/** How long a process trusts the changes it last read. */
export const VERSION_TTL_MS = 1000;
/** A version whose change row has not appeared after this long is given up (everything dropped). */
export const GAP_TIMEOUT_MS = 10_000;
/** Change rows are kept this long (a process away longer drops everything). */
const CHANGES_KEPT_MS = 60 * 60 * 1000;
/** Filters make the key space open-ended: beyond this many bytes the oldest entries go. */
const MAX_BYTES = 64 * 1024 * 1024;

/** What an entry shows: the products in it (from its data) and other tags it depends on. */
export interface Shows<T = unknown> {
  products?: (data: T) => Iterable<number>;
  tags?: readonly string[];
}

interface Entry {
  /** Encoded once: writing a long string to the socket re-encodes it on every answer (profile). */
  body: Buffer;
  /** The body compressed for clients that accept it, made on the first such request. */
  br?: Buffer;
  gzip?: Buffer;
  tags: readonly string[];
}

/** Bodies smaller than this go as they are: compressing them saves less than it costs. */
const MIN_COMPRESSED_BYTES = 1024;

/** Where the changes are read: the catalogue version now, and the change rows after a version. */
export interface ChangeSource {
  latest: () => Promise<number>;
  since: (version: number) => Promise<{ version: number; tags: string[] }[]>;
}

export interface ResponseCache {
  /**
   * Answers from the cache, or computes the data, sends it in the envelope and keeps the body. The
   * body is written by the route's serializer (its response schema), once per cache entry.
   */
  serve: <T>(
    request: FastifyRequest,
    reply: FastifyReply,
    compute: () => Promise<T>,
    shows?: Shows<T>,
  ) => Promise<FastifyReply>;
  /** The same for any answer (sitemap, dashboard figures): key and content type given, the text kept as is. */
  serveText: (
    key: string,
    request: FastifyRequest,
    reply: FastifyReply,
    contentType: string,
    compute: () => Promise<string>,
    shows?: Pick<Shows, 'tags'>,
  ) => Promise<FastifyReply>;
  /**
   * onRequest hook of the routes answered with `serve`: a fresh entry for the URL is sent at once,
   * before the query string is parsed and validated again (it was, when the entry was made).
   */
  answerFromCache: onRequestHookHandler;
  /** Reads and applies the changes recorded until now (this process wrote). */
  catchUp: () => Promise<void>;
  /** Entries kept (tests and the bench look). */
  size: () => number;
}

declare module 'fastify' {
  interface FastifyInstance {
    responseCache: ResponseCache;
  }
  interface FastifyContextConfig {
    /** A non-GET route that changes nothing the catalogue shows (a stock check, signing in). */
    keepsCache?: boolean;
  }
}

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * A payload written as the route's response schema says (its 200 answer): the same text, with the
 * same fields, as the route would send without the cache. Cached answers go out as bytes, which
 * Fastify does not serialize again. A stand-in reply without a route (unit tests) writes plain JSON.
 */
export function serialized(reply: FastifyReply, payload: unknown): string {
  const body = typeof reply.serialize === 'function' ? reply.serialize(payload) : JSON.stringify(payload);
  return typeof body === 'string' ? body : Buffer.from(body as ArrayBuffer).toString();
}

function sizeOf(entry: Entry): number {
  return entry.body.length + (entry.br?.length ?? 0) + (entry.gzip?.length ?? 0);
}

/** The ids of the products in an answer: one product, a list, or a page of them ({ data: [...] }). */
export function productIds(data: unknown): number[] {
  const list = Array.isArray(data)
    ? data
    : data && typeof data === 'object' && Array.isArray((data as { data?: unknown }).data)
      ? (data as { data: unknown[] }).data
      : [data];
  return list.flatMap((item) =>
    item && typeof item === 'object' && typeof (item as { id?: unknown }).id === 'number'
      ? [(item as { id: number }).id]
      : [],
  );
}

export function createResponseCache(
  source: ChangeSource,
  {
    ttlMs = VERSION_TTL_MS,
    gapTimeoutMs = GAP_TIMEOUT_MS,
    now = Date.now,
    onLookup = (_hit: boolean): void => undefined,
  } = {},
): ResponseCache {
  const entries = new Map<string, Entry>();
  /** The keys of the entries showing each tag. */
  const byTag = new Map<string, Set<string>>();
  let bytes = 0;
  /** Every change up to this version is applied; undefined until the first read. */
  let applied: number | undefined;
  /** Versions above `applied` already applied, and the ones still missing (since when). */
  const appliedAbove = new Set<number>();
  const gaps = new Map<number, number>();
  let checkedAt = -Infinity;
  /** Bumped whenever changes are applied: an answer computed across it is not kept. */
  let generation = 0;

  function drop(key: string): void {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= sizeOf(entry);
    for (const tag of entry.tags) {
      const keys = byTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) byTag.delete(tag);
    }
  }

  function dropAll(): void {
    entries.clear();
    byTag.clear();
    bytes = 0;
  }

  function apply(tags: readonly string[]): void {
    generation++;
    // A computation started before this change may miss it: later requests do not join it.
    inflight.clear();
    if (tags.includes('catalog')) {
      dropAll();
      return;
    }
    for (const tag of tags) for (const key of [...(byTag.get(tag) ?? [])]) drop(key);
  }

  async function readChanges(): Promise<void> {
    const startedAt = now();
    const latest = await source.latest();
    if (applied === undefined) {
      // Nothing is cached yet: everything before now is already in what will be computed.
      applied = latest;
      checkedAt = startedAt;
      return;
    }
    if (latest > applied || gaps.size > 0) {
      for (const change of await source.since(applied)) {
        if (change.version <= applied || appliedAbove.has(change.version)) continue;
        apply(change.tags);
        appliedAbove.add(change.version);
        gaps.delete(change.version);
      }
      const top = Math.max(latest, ...appliedAbove);
      for (let v = applied + 1; v <= top; v++) if (!appliedAbove.has(v) && !gaps.has(v)) gaps.set(v, startedAt);
      for (const [v, since] of gaps) {
        if (startedAt - since < gapTimeoutMs) continue;
        // Its row never came (a write that failed after taking its number, or a pruned log).
        apply(['catalog']);
        gaps.delete(v);
        appliedAbove.add(v);
      }
      while (appliedAbove.has(applied + 1)) {
        applied += 1;
        appliedAbove.delete(applied);
      }
    }
    checkedAt = startedAt;
  }

  // One read at a time; a read asked for while one runs starts after it (it must see changes
  // recorded before it was asked for, which the running one may have missed).
  let running: Promise<void> | undefined;
  let queued: Promise<void> | undefined;
  function startRead(): Promise<void> {
    running = readChanges().finally(() => {
      running = undefined;
    });
    return running;
  }
  function freshRead(): Promise<void> {
    if (!running) return startRead();
    queued ??= running
      .catch(() => undefined)
      .then(() => {
        queued = undefined;
        return startRead();
      });
    return queued;
  }
  const isCurrent = () => now() - checkedAt < ttlMs;
  function current(): Promise<void> | undefined {
    if (isCurrent()) return undefined;
    return running ?? startRead();
  }

  /** Answers being computed, by key: requests for the same missing answer share one computation. */
  const inflight = new Map<string, Promise<Entry>>();

  async function cached(key: string, compute: () => Promise<{ text: string; tags: string[] }>): Promise<Entry> {
    await current();
    const hit = entries.get(key);
    onLookup(hit !== undefined);
    if (hit) return hit;
    const running = inflight.get(key);
    if (running) return running;
    const startedIn = generation;
    const computing = compute().then(({ text, tags }) => {
      const entry: Entry = { body: Buffer.from(text), tags };
      // Kept only if no change was applied meanwhile, and the changes are still known current.
      if (startedIn === generation) keep(key, entry);
      return entry;
    });
    inflight.set(key, computing);
    try {
      return await computing;
    } finally {
      if (inflight.get(key) === computing) inflight.delete(key);
    }
  }

  /** Sends the entry's body, compressed when the client accepts it and it is worth it. */
  function send(key: string, request: FastifyRequest, reply: FastifyReply, entry: Entry): FastifyReply {
    reply.header('vary', 'accept-encoding');
    const encoding = entry.body.length >= MIN_COMPRESSED_BYTES ? acceptedEncoding(request) : null;
    if (!encoding) return reply.send(entry.body);
    let compressed = entry[encoding];
    if (!compressed) {
      compressed = compress(entry.body, encoding);
      entry[encoding] = compressed;
      // Still the kept entry (not dropped meanwhile): its size grows by the copy.
      if (entries.get(key) === entry) bytes += compressed.length;
    }
    return reply.header('content-encoding', encoding).send(compressed);
  }

  /** Keeps an entry and indexes it by its tags; the oldest entries go past MAX_BYTES. */
  function keep(key: string, entry: Entry): void {
    drop(key);
    entries.set(key, entry);
    bytes += sizeOf(entry);
    for (const tag of entry.tags) {
      let keys = byTag.get(tag);
      if (!keys) byTag.set(tag, (keys = new Set()));
      keys.add(key);
    }
    for (const url of entries.keys()) {
      if (bytes <= MAX_BYTES) break;
      drop(url);
    }
  }

  return {
    async serve(request, reply, compute, shows) {
      const entry = await cached(request.url, async () => {
        const data = await compute();
        // Unless the route says what its answer shows: the products found in it, and the order of
        // lists (a rating changes it).
        const products = shows ? [...(shows.products?.(data) ?? [])] : productIds(data);
        const tags = shows ? (shows.tags ?? []) : ['lists'];
        return {
          text: serialized(reply, envelope(data)),
          tags: [...products.map((id) => `product:${id}`), ...tags],
        };
      });
      return send(request.url, request, reply.type(JSON_TYPE), entry);
    },
    async serveText(key, request, reply, contentType, compute, shows) {
      const entry = await cached(key, async () => ({ text: await compute(), tags: [...(shows?.tags ?? [])] }));
      return send(key, request, reply.type(contentType), entry);
    },
    answerFromCache(request, reply, done) {
      // Only while the changes are known current; otherwise the route's own path reads them.
      const entry = isCurrent() ? entries.get(request.url) : undefined;
      if (!entry) {
        done();
        return;
      }
      onLookup(true);
      send(request.url, request, reply.type(JSON_TYPE), entry);
    },
    catchUp: freshRead,
    size: () => entries.size,
  };
}

/**
 * Decorates the app with its cache. After a write of this process succeeds, the changes it
 * recorded are applied before its answer leaves. A refused or failed request changed nothing and
 * reads nothing (floods of invalid POSTs emptied the cache), nor do the non-GET routes that write
 * nothing shown (`config.keepsCache`). The hook is attached only to writing routes (onRoute), so
 * reads pay nothing for it. Change rows older than an hour are pruned now and then.
 */
export function registerResponseCache(app: App): void {
  const cache = createResponseCache(
    {
      latest: () => readCatalogVersion(app.db.kysely),
      since: (version) => readCatalogChanges(app.db.kysely, version),
    },
    { onLookup: (hit) => app.metrics.cacheLookups.inc({ result: hit ? 'hit' : 'miss' }) },
  );
  app.decorate('responseCache', cache);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (methods.every((m) => m === 'GET' || m === 'HEAD')) return;
    if (route.config?.keepsCache) return;
    const catchUp = async (_request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      if (reply.statusCode < 300) await cache.catchUp();
      return payload;
    };
    const existing = route.onSend;
    route.onSend = existing ? [...(Array.isArray(existing) ? existing : [existing]), catchUp] : [catchUp];
  });
  const prune = () =>
    pruneCatalogChanges(app.db.kysely, new Date(Date.now() - CHANGES_KEPT_MS).toISOString()).catch((error: unknown) =>
      app.log.warn({ err: error }, 'catalogue cache: pruning old changes failed'),
    );
  const timer = setInterval(() => void prune(), 10 * 60_000);
  timer.unref();
  app.addHook('onClose', () => clearInterval(timer));
}
