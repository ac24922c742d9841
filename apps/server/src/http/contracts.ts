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
