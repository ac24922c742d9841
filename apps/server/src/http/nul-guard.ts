// Two checks on what a client sends, before any route reads it:
// - PostgreSQL text cannot hold U+0000: a NUL byte reaching a query fails it with a 500. No field
//   of the API has a use for one, so a request carrying one in its URL or body is refused.
// - No payload of the API nests deeper than a few levels; a body of thousands of nested arrays is
//   refused instead of being walked. The walk is a loop with its own stack, not a recursion, so
//   no depth of input can exhaust the call stack (it did: a 10 KB body answered 500).
import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors.ts';

export const NUL_MESSAGE = 'Invalid characters in request';
export const TOO_DEEP_MESSAGE = 'Request body nested too deeply';
/** Deeper than any payload of the API (an order is 3 levels: body, items, line). */
export const MAX_BODY_DEPTH = 16;

/** What is wrong with a parsed body, or null. */
export function inspectBody(body: unknown): typeof NUL_MESSAGE | typeof TOO_DEEP_MESSAGE | null {
  const pending: { value: unknown; depth: number }[] = [{ value: body, depth: 0 }];
  while (pending.length > 0) {
    const { value, depth } = pending.pop()!;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return NUL_MESSAGE;
      continue;
    }
    if (!value || typeof value !== 'object') continue;
    if (depth >= MAX_BODY_DEPTH) return TOO_DEEP_MESSAGE;
    if (Array.isArray(value)) {
      for (const item of value) pending.push({ value: item, depth: depth + 1 });
      continue;
    }
    for (const [key, item] of Object.entries(value)) {
      if (key.includes('\u0000')) return NUL_MESSAGE;
      pending.push({ value: item, depth: depth + 1 });
    }
  }
  return null;
}

export function registerNulGuard(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    done(/%00/i.test(request.url) || request.url.includes('\u0000') ? badRequest(NUL_MESSAGE) : undefined);
  });
  app.addHook('preValidation', (request, _reply, done) => {
    const problem = inspectBody(request.body);
    done(problem ? badRequest(problem) : undefined);
  });
}
