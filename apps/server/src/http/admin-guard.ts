import type { FastifyReply, FastifyRequest } from 'fastify';
import { unauthorized } from './errors.ts';
import { errorResponses, withResponses } from './contracts.ts';
import type { App } from './types.ts';
import { verifySession } from '../modules/auth/auth.service.ts';

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/**
 * onRequest hook of the admin scope: a valid, unexpired, unrevoked session or 401. It runs before
 * the body is validated, so an anonymous call never learns what a valid body looks like.
 */
export async function requireAdmin(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const token = bearerToken(request);
  if (!token) throw unauthorized('Authentication required');
  const { config } = request.server;
  request.admin = await verifySession(
    request.server.db.kysely,
    request.server.sessionReads,
    {
      ttlHours: config.sessionTtlHours,
      idleMinutes: config.sessionIdleMinutes,
    },
    token,
  );
}

/** The OpenAPI security requirement of an admin call (the scheme is declared in app.ts). */
export const ADMIN_SECURITY = [{ bearer: [] }];

/**
 * The plugin that holds every admin route: an encapsulated context whose onRequest hook checks
 * the session, so a route is admin by where it is registered, not by an option it could forget.
 * Its routes document the bearer security and their 401. Routes answered to anyone stay outside
 * (the route-table test in admin-scope.test.ts lists them).
 */
export function adminScope(register: (admin: App) => void) {
  return (admin: App): Promise<void> => {
    admin.addHook('onRequest', requireAdmin);
    admin.addHook('onRoute', (route) => withResponses(route, errorResponses(401), ADMIN_SECURITY));
    register(admin);
    return Promise.resolve();
  };
}
