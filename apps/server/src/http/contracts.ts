// What an API route answers besides its own results, added to its contract (schema.response) as
// it is registered under /api: every route may refuse a request (400: a NUL byte, a malformed
// payload) or fail (500), a rate-limited one answers 429. The route's own success and error
// answers are declared beside it; the admin scope adds 401 and the bearer security (admin-guard.ts).
// The OpenAPI document is generated from the result, so it lists every status a route answers.
import type { RouteOptions } from 'fastify';
import { errorEnvelopeSchema } from '@shop/domain/responses';
import type { App } from './types.ts';

type Responses = Record<string, unknown>;

/** A route's schema with `extra` answers added where the route declares none for that status. */
export function withResponses(route: RouteOptions, extra: Responses, security?: Record<string, string[]>[]): void {
  const schema = route.schema ?? {};
  const response = { ...extra, ...(schema.response as Responses | undefined) };
  // A copy: route definitions share schema fragments (tags, summaries).
  route.schema = { ...schema, response, ...(security ? { security } : {}) };
}

/** Error answers, each `{ status, message, data }`, for the given statuses. */
export function errorResponses(...statuses: number[]): Responses {
  return Object.fromEntries(statuses.map((status) => [status, errorEnvelopeSchema]));
}

/** Registers the hook on the /api scope: public unless the admin scope says otherwise. */
export function registerContracts(api: App): void {
  api.addHook('onRoute', (route) => {
    const limited = Boolean(route.config?.rateLimit);
    const security = (route.schema?.security as Record<string, string[]>[] | undefined) ?? [];
    withResponses(route, errorResponses(400, ...(limited ? [429] : []), 500), security);
  });
}

/**
 * The OpenAPI document without the component schemas no operation refers to: each named schema is
 * generated for input and output alike, and most are only ever answered.
 */
export function withoutUnusedSchemas<T extends object>(document: T): T {
  const { components } = document as { components?: { schemas?: Record<string, unknown> } };
  const schemas = components?.schemas;
  if (!schemas) return document;
  const prefix = '"#/components/schemas/';
  const refsIn = (value: unknown): string[] =>
    (JSON.stringify(value) ?? '')
      .match(/"#\/components\/schemas\/[^"]+"/g)
      ?.map((ref) => ref.slice(prefix.length, -1)) ?? [];
  const used = new Set<string>();
  const pending = refsIn({ ...document, components: { ...components, schemas: {} } });
  for (let name = pending.pop(); name !== undefined; name = pending.pop()) {
    if (used.has(name)) continue;
    used.add(name);
    pending.push(...refsIn(schemas[name]));
  }
  const kept = Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name)));
  return { ...document, components: { ...components, schemas: kept } };
}
