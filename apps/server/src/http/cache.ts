// A short-lived cache of the public catalogue's JSON answers, keyed by URL. An entry is valid while
// the database's catalog_version is the one it was made under. Every process re-reads that version
// at most once per VERSION_TTL_MS, so several processes sharing one PostgreSQL serve a change
// within that time (DESIGN §4); a process's own writes (any non-GET route answering) drop its
// cache at once, before the write's answer leaves, so whoever wrote reads it back immediately.
import { readCatalogVersion } from '../modules/catalog/catalog.repository.ts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from './types.ts';
import { envelope } from './envelope.ts';

/** How long a process trusts the catalogue version it last read. */
export const VERSION_TTL_MS = 1000;
/** Filters make the key space open-ended: beyond this many bytes the oldest entries go. */
const MAX_BYTES = 64 * 1024 * 1024;

interface Entry {
  version: number;
  /** Encoded once: writing a long string to the socket re-encodes it on every answer (profile). */
  body: Buffer;
}

export interface ResponseCache {
  /** Answers from the cache, or computes the data, sends it in the envelope and keeps the body. */
  serve: (request: FastifyRequest, reply: FastifyReply, compute: () => Promise<unknown>) => Promise<FastifyReply>;
  /** The same for a non-JSON answer (sitemap): key and content type given, the text kept as is. */
  serveText: (
    key: string,
    reply: FastifyReply,
    contentType: string,
    compute: () => Promise<string>,
  ) => Promise<FastifyReply>;
  /** Forgets everything: this process changed the catalogue. */
  invalidate: () => void;
}

declare module 'fastify' {
  interface FastifyInstance {
    responseCache: ResponseCache;
  }
}

const JSON_TYPE = 'application/json; charset=utf-8';

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

  async function cached(key: string, compute: () => Promise<string>): Promise<Buffer> {
    const v = await currentVersion();
    const hit = entries.get(key);
    if (hit?.version === v) return hit.body;
    const startedIn = generation;
    const body = Buffer.from(await compute());
    keep(key, v, body, startedIn);
    return body;
  }

  /** Keeps a body unless the cache was invalidated while it was computed; oldest entries go first. */
  function keep(key: string, v: number, body: Buffer, startedIn: number): void {
    if (startedIn !== generation) return;
    const old = entries.get(key);
    if (old) {
      bytes -= old.body.length;
      entries.delete(key);
    }
    entries.set(key, { version: v, body });
    bytes += body.length;
    for (const [url, entry] of entries) {
      if (bytes <= MAX_BYTES) break;
      entries.delete(url);
      bytes -= entry.body.length;
    }
  }

  return {
    async serve(request, reply, compute) {
      const body = await cached(request.url, async () => JSON.stringify(envelope(await compute())));
      return reply.type(JSON_TYPE).send(body);
    },
    async serveText(key, reply, contentType, compute) {
      return reply.type(contentType).send(await cached(key, compute));
    },
    invalidate() {
      generation++;
      version = undefined;
      entries.clear();
      bytes = 0;
    },
  };
}

/**
 * Decorates the app with its cache and drops it whenever a non-GET route of this process answers.
 * The hook is attached only to those routes (onRoute), so reads pay nothing for it.
 */
export function registerResponseCache(app: App): void {
  const cache = createResponseCache(() => readCatalogVersion(app.db.kysely));
  app.decorate('responseCache', cache);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (methods.every((m) => m === 'GET' || m === 'HEAD')) return;
    const invalidate = (_request: FastifyRequest, _reply: FastifyReply, payload: unknown) => {
      cache.invalidate();
      return Promise.resolve(payload);
    };
    const existing = route.onSend;
    route.onSend = existing ? [...(Array.isArray(existing) ? existing : [existing]), invalidate] : [invalidate];
  });
}
