import { loginSchema } from '@shop/domain/auth-schemas';
import { sessionSchema } from '@shop/domain/auth-responses';
import { identitySchema } from '@shop/domain/staff';
import { emptyEnvelopeSchema, envelopeSchema } from '@shop/domain/responses';
import type { App } from '../../http/types.ts';
import { envelope } from '../../http/envelope.ts';
import { errorResponses } from '../../http/contracts.ts';
import { bearerToken, signedIn } from '../../http/admin-guard.ts';
import { login, logout } from './auth.service.ts';

export function authRoutes(app: App): void {
  app.post(
    '/auth/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Admin sign-in; returns data.token',
        body: loginSchema,
        response: { 200: envelopeSchema(sessionSchema), ...errorResponses(401, 429) },
      },
      // Signing in changes nothing the catalogue cache holds.
      config: { keepsCache: true, rateLimit: { max: 20, timeWindow: '1 minute', groupId: 'login' } },
    },
    async (request) => {
      const { config } = app;
      const result = await login(
        app.db.kysely,
        {
          ttlHours: config.sessionTtlHours,
          idleMinutes: config.sessionIdleMinutes,
          passwordCost: config.passwordHashCost,
        },
        { ...request.body, clientKey: request.ip },
      );
      return envelope(result, 'Login successful');
    },
  );
}

/** Admin scope (http/admin-guard.ts): a valid session or 401. */
export function authAdminRoutes(admin: App): void {
  admin.post(
    '/auth/logout',
    {
      schema: { tags: ['auth'], summary: 'Revokes the current admin token', response: { 200: emptyEnvelopeSchema } },
      config: { keepsCache: true },
    },
    async (request) => {
      const token = bearerToken(request);
      if (token) await logout(admin.db.kysely, token);
      return envelope(null, 'Logged out');
    },
  );

  admin.get(
    '/auth/me',
    {
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user: id, name and role',
        response: { 200: envelopeSchema(identitySchema) },
      },
    },
    (request) => {
      const { userId, username, role } = signedIn(request);
      return envelope({ id: userId, username, role });
    },
  );
}
