// A short-lived cache of the public catalogue's JSON answers, keyed by URL. An entry is valid while
// the database's catalog_version is the one it was made under. Every process re-reads that version
// at most once per VERSION_TTL_MS, so several processes sharing one PostgreSQL serve a change
// within that time (DESIGN §4); a process's own writes (any non-GET route answering) drop its
// cache at once, before the write's answer leaves, so whoever wrote reads it back immediately.
import { readCatalogVersion } from '../modules/catalog/catalog.repository.ts';
import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { App } from './types.ts';
import { envelope } from './envelope.ts';
import { acceptedEncoding, compress } from './compression.ts';

/** How long a process trusts the catalogue version it last read. */
export const VERSION_TTL_MS = 1000;
/** Filters make the key space open-ended: beyond this many bytes the oldest entries go. */
const MAX_BYTES = 64 * 1024 * 1024;

interface Entry {
  version: number;
  /** Encoded once: writing a long string to the socket re-encodes it on every answer (profile). */
  body: Buffer;
  /** The body compressed for clients that accept it, made on the first such request. */
  br?: Buffer;
  gzip?: Buffer;
}

/** Bodies smaller than this go as they are: compressing them saves less than it costs. */
const MIN_COMPRESSED_BYTES = 1024;

export interface ResponseCache {
  /**
   * Answers from the cache, or computes the data, sends it in the envelope and keeps the body. The
   * body is written by the route's serializer (its response schema), once per cache entry.
   */
  serve: (request: FastifyRequest, reply: FastifyReply, compute: () => Promise<unknown>) => Promise<FastifyReply>;
  /** The same for any answer (sitemap, dashboard figures): key and content type given, the text kept as is. */
  serveText: (
    key: string,
    request: FastifyRequest,
    reply: FastifyReply,
    contentType: string,
    compute: () => Promise<string>,
  ) => Promise<FastifyReply>;
  /**
   * onRequest hook of the routes answered with `serve`: a fresh entry for the URL is sent at once,
   * before the query string is parsed and validated again (it was, when the entry was made).
   */
  answerFromCache: onRequestHookHandler;
  /** Forgets everything: this process changed the catalogue. */
  invalidate: () => void;
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

export function createResponseCache(readVersion: () => Promise<number>, ttlMs = VERSION_TTL_MS): ResponseCache {
  const entries = new Map<string, Entry>();
  let bytes = 0;
  let version: number | undefined;
  let checkedAt = 0;
  /** Bumped on every invalidation, so a version read or a body computed before it is not kept. */
  let generation = 0;
  let pending: Promise<number> | undefined;

  function refresh(): Promise<number> {
    if (pending) return pending;
    const startedIn = generation;
    const startedAt = Date.now();
    pending = readVersion()
      .then((v) => {
        if (startedIn === generation) {
          version = v;
          checkedAt = startedAt;
        }
        return v;
      })
      .finally(() => {
        pending = undefined;
      });
    return pending;
  }

  function currentVersion(): number | Promise<number> {
    if (version !== undefined && Date.now() - checkedAt < ttlMs) return version;
    return refresh();
  }

  /** Answers being computed, by key: requests for the same missing answer share one computation. */
  const inflight = new Map<string, Promise<Entry>>();

  async function cached(key: string, compute: () => Promise<string>): Promise<Entry> {
    const v = await currentVersion();
    const hit = entries.get(key);
    if (hit?.version === v) return hit;
    const running = inflight.get(key);
    if (running) return running;
    const startedIn = generation;
    const computing = compute().then((text) => {
      const entry: Entry = { version: v, body: Buffer.from(text) };
      keep(key, entry, startedIn);
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

  /** Keeps an entry unless the cache was invalidated while it was computed; oldest entries go first. */
  function keep(key: string, entry: Entry, startedIn: number): void {
    if (startedIn !== generation) return;
    const old = entries.get(key);
    if (old) {
      bytes -= sizeOf(old);
      entries.delete(key);
    }
    entries.set(key, entry);
    bytes += sizeOf(entry);
    for (const [url, kept] of entries) {
      if (bytes <= MAX_BYTES) break;
      entries.delete(url);
      bytes -= sizeOf(kept);
    }
  }

  return {
    async serve(request, reply, compute) {
      const entry = await cached(request.url, async () => serialized(reply, envelope(await compute())));
      return send(request.url, request, reply.type(JSON_TYPE), entry);
    },
    async serveText(key, request, reply, contentType, compute) {
      return send(key, request, reply.type(contentType), await cached(key, compute));
    },
    answerFromCache(request, reply, done) {
      // Only while the version is known to be current; otherwise the route's own path refreshes it.
      const entry = version !== undefined && Date.now() - checkedAt < ttlMs ? entries.get(request.url) : undefined;
      if (!entry || entry.version !== version) {
        done();
        return;
      }
      send(request.url, request, reply.type(JSON_TYPE), entry);
    },
    invalidate() {
      generation++;
      // A computation started before this write may miss it: later requests do not join it.
      inflight.clear();
      version = undefined;
      entries.clear();
      bytes = 0;
    },
  };
}

/**
 * Decorates the app with its cache and drops it whenever a write of this process succeeds. A
 * refused or failed request changed nothing and keeps it (floods of invalid POSTs emptied it), as
 * do the non-GET routes that write nothing shown (`config.keepsCache`). The hook is attached only
 * to writing routes (onRoute), so reads pay nothing for it.
 */
export function registerResponseCache(app: App): void {
  const cache = createResponseCache(() => readCatalogVersion(app.db.kysely));
  app.decorate('responseCache', cache);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (methods.every((m) => m === 'GET' || m === 'HEAD')) return;
    if (route.config?.keepsCache) return;
    const invalidate = (_request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      if (reply.statusCode < 300) cache.invalidate();
      return Promise.resolve(payload);
    };
    const existing = route.onSend;
    route.onSend = existing ? [...(Array.isArray(existing) ? existing : [existing]), invalidate] : [invalidate];
  });
}
