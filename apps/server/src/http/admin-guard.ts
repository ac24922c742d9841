import type { FastifyReply, FastifyRequest } from 'fastify';
import { unauthorized } from './errors.ts';
import { verifySession } from '../modules/auth/auth.service.ts';

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/**
 * onRequest hook of every admin route: a valid, unexpired, unrevoked session or 401. It runs
 * before the body is validated, so an anonymous call never learns what a valid body looks like.
 */
export async function requireAdmin(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const token = bearerToken(request);
  if (!token) throw unauthorized('Authentication required');
  const { config } = request.server;
  request.admin = await verifySession(
    request.server.db.kysely,
    {
      ttlHours: config.sessionTtlHours,
      idleMinutes: config.sessionIdleMinutes,
    },
    token,
  );
}
