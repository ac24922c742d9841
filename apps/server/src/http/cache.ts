// A short-lived cache of the public catalogue's JSON answers, keyed by URL. An entry is valid while
// the database's catalog_version is the one it was made under. Every process re-reads that version
// at most once per VERSION_TTL_MS, so several processes sharing one PostgreSQL serve a change
// within that time (DESIGN §4); a process's own writes (any non-GET route answering) drop its
// cache at once, before the write's answer leaves, so whoever wrote reads it back immediately.
import { sql } from 'kysely';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from './types.ts';
import { envelope } from './envelope.ts';

/** How long a process trusts the catalogue version it last read. */
export const VERSION_TTL_MS = 1000;
/** Beyond this many URLs the cache starts again empty (filters make the key space open-ended). */
const MAX_ENTRIES = 5000;

interface Entry {
  version: number;
  body: string;
}

export interface ResponseCache {
  /** Answers from the cache, or computes the data, sends it in the envelope and keeps the body. */
  serve: (request: FastifyRequest, reply: FastifyReply, compute: () => Promise<unknown>) => Promise<FastifyReply>;
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

  return {
    async serve(request, reply, compute) {
      const v = await currentVersion();
      const hit = entries.get(request.url);
      if (hit?.version === v) return reply.type(JSON_TYPE).send(hit.body);
      const startedIn = generation;
      const body = JSON.stringify(envelope(await compute()));
      if (startedIn === generation) {
        if (entries.size >= MAX_ENTRIES) entries.clear();
        entries.set(request.url, { version: v, body });
      }
      return reply.type(JSON_TYPE).send(body);
    },
    invalidate() {
      generation++;
      version = undefined;
      entries.clear();
    },
  };
}

/**
 * Decorates the app with its cache and drops it whenever a non-GET route of this process answers.
 * The hook is attached only to those routes (onRoute), so reads pay nothing for it.
 */
export function registerResponseCache(app: App): void {
  const cache = createResponseCache(async () => {
    const row = await sql<{ version: number }>`select version from catalog_version where id = 1`.execute(
      app.db.kysely,
    );
    return Number(row.rows[0]?.version ?? 0);
  });
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
