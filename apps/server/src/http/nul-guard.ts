// PostgreSQL text cannot hold U+0000: a NUL byte reaching a query fails it with a 500. No field of
// the API has a use for one, so a request carrying one in its URL or JSON body is refused up front.
import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors.ts';

export const NUL_MESSAGE = 'Invalid characters in request';

export function containsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(containsNul);
  if (value && typeof value === 'object') {
    return Object.entries(value).some(([key, v]) => key.includes('\u0000') || containsNul(v));
  }
  return false;
}

export function registerNulGuard(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    done(/%00/i.test(request.url) || request.url.includes('\u0000') ? badRequest(NUL_MESSAGE) : undefined);
  });
  app.addHook('preValidation', (request, _reply, done) => {
    done(containsNul(request.body) ? badRequest(NUL_MESSAGE) : undefined);
  });
}
