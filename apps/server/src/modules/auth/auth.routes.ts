import { loginSchema } from '@shop/domain/auth-schemas';
import type { App } from '../../http/types.ts';
import { envelope } from '../../http/envelope.ts';
import { bearerToken, requireAdmin } from '../../http/admin-guard.ts';
import { login, logout } from './auth.service.ts';

export function authRoutes(app: App): void {
  app.post(
    '/auth/login',
    {
      schema: { tags: ['auth'], summary: 'Admin sign-in; returns data.token', body: loginSchema },
      // Signing in changes nothing the catalogue cache holds.
      config: { keepsCache: true, rateLimit: { max: 20, timeWindow: '1 minute', groupId: 'login' } },
    },
    async (request) => {
      const { config } = app;
      const result = await login(
        app.db.kysely,
        { ttlHours: config.sessionTtlHours, idleMinutes: config.sessionIdleMinutes },
        { ...request.body, clientKey: request.ip },
      );
      return envelope(result, 'Login successful');
    },
  );

  app.post(
    '/auth/logout',
    {
      schema: { tags: ['auth'], summary: 'Revokes the current admin token' },
      onRequest: requireAdmin,
      config: { keepsCache: true },
    },
    async (request) => {
      const token = bearerToken(request);
      if (token) await logout(app.db.kysely, token);
      return envelope(null, 'Logged out');
    },
  );

  app.get(
    '/auth/me',
    { schema: { tags: ['auth'], summary: 'The signed-in admin' }, onRequest: requireAdmin },
    (request) => envelope({ username: request.admin?.username ?? '' }),
  );
}
