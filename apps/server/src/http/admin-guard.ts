import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { rolesAllowed } from '@shop/domain/staff';
import { forbidden, unauthorized } from './errors.ts';
import { errorResponses, withResponses } from './contracts.ts';
import type { App } from './types.ts';
import { verifySession, type AdminIdentity } from '../modules/auth/auth.service.ts';
import { allows, permissionOf, refusalFor } from './admin-roles.ts';

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/**
 * onRequest hook of the admin scope: a valid, unexpired, unrevoked session or 401, then a role the
 * route allows (admin-roles.ts) or 403. It runs before the body is validated, so an anonymous or
 * refused call never learns what a valid body looks like.
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
  const url = request.routeOptions.url ?? '';
  const { role } = request.admin;
  if (!allows(role, request.method, url)) throw forbidden(refusalFor(role, request.method, url));
}

/** The user of an admin call (the guard has checked them before any handler runs). */
export function signedIn(request: FastifyRequest): AdminIdentity {
  if (!request.admin) throw unauthorized('Authentication required');
  return request.admin;
}

/** The route's documentation says who may call it, and its 403. */
function documentRoles(route: RouteOptions): void {
  const methods = [route.method].flat();
  const permission = permissionOf(methods[0] ?? '', route.url);
  const who = permission ? rolesAllowed(permission) : 'owner';
  withResponses(route, errorResponses(401, 403), ADMIN_SECURITY);
  const description = route.schema?.description;
  route.schema = { ...route.schema, description: `${description ? `${description} ` : ''}Roles: ${who}.` };
}

/** The OpenAPI security requirement of an admin call (the scheme is declared in app.ts). */
export const ADMIN_SECURITY = [{ bearer: [] }];

/**
 * The plugin that holds every admin route: an encapsulated context whose onRequest hook checks
 * the session, so a route is admin by where it is registered, not by an option it could forget.
 * Its routes document the bearer security, their 401 and 403, and the roles they allow. Routes answered to anyone stay outside
 * (the route-table test in admin-scope.test.ts lists them).
 */
export function adminScope(register: (admin: App) => void) {
  return (admin: App): Promise<void> => {
    admin.addHook('onRequest', requireAdmin);
    admin.addHook('onRoute', documentRoles);
    register(admin);
    return Promise.resolve();
  };
}
