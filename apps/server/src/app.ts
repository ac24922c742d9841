// buildApp: cross-cutting plugins first (security headers, rate limits, multipart, docs), then the
// modules under /api, then the uploaded images and the built web app.
import Fastify, { type FastifyReply, type FastifyServerOptions, type RouteOptions } from 'fastify';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { MAX_UPLOAD_BYTES } from '@shop/domain/constants';
import type { Config } from './config.ts';
import type { Db } from './db/connect.ts';
import { clientErrorHandler } from './http/client-errors.ts';
import { createUploadSlots } from './http/multipart.ts';
import { registerErrorHandling } from './http/error-handler.ts';
import { registerCustomerLanguage } from './http/language.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { registerNulGuard } from './http/nul-guard.ts';
import { registerRateLimits } from './http/rate-limits.ts';
import { registerResponseCache } from './http/cache.ts';
import { createMetrics, registerObservability, requestIdOf } from './http/observability.ts';
import { registerContracts, withoutUnusedSchemas } from './http/contracts.ts';
import { adminScope } from './http/admin-guard.ts';
import type { App } from './http/types.ts';
import { authAdminRoutes, authRoutes } from './modules/auth/auth.routes.ts';
import { settingsAdminRoutes, settingsRoutes } from './modules/settings/settings.routes.ts';
import { deskSettingsReader, shopSettingsReader } from './modules/settings/settings.service.ts';
import { createSessionReads } from './modules/auth/auth.service.ts';
import { removeOrphanUploads, removeStaleUploadTemps } from './modules/media/orphan-uploads.ts';
import { createImageStorage } from './modules/media/image-storage.ts';
import { catalogAdminRoutes, catalogRoutes } from './modules/catalog/catalog.routes.ts';
import { createStockReads } from './modules/catalog/catalog.service.ts';
import { orderTrackingRoutes, ordersAdminRoutes } from './modules/orders/desk/desk.routes.ts';
import { placeOrderRoutes } from './modules/orders/place/place.routes.ts';
import { createOrderPlacing } from './modules/orders/place/order-placing.ts';
import { couponsAdminRoutes, couponsRoutes } from './modules/coupons/coupons.routes.ts';
import { shippingAdminRoutes, shippingRoutes } from './modules/shipping/shipping.routes.ts';
import { createGeography } from './modules/shipping/geography.ts';
import { divisionSwitcher } from './modules/shipping/division-switch.ts';
import { ratingsAdminRoutes, ratingsRoutes } from './modules/ratings/ratings.routes.ts';
import { customItemsAdminRoutes, customItemsRoutes } from './modules/custom-items/custom-items.routes.ts';
import { couriersAdminRoutes, couriersRoutes } from './modules/couriers/couriers.routes.ts';
import { reconciliationAdminRoutes } from './modules/reconciliation/reconciliation.routes.ts';
import { createCourier, scheduleCourierSync } from './modules/couriers/courier-sync.ts';
import { marketingAdminRoutes } from './modules/marketing/marketing.routes.ts';
import { scheduleAdEvents } from './modules/marketing/ad-events-worker.ts';
import { staffAdminRoutes } from './modules/staff/staff.routes.ts';
import { leadsAdminRoutes, leadsRoutes } from './modules/leads/leads.routes.ts';
import { scheduleDraftCleanup } from './modules/leads/draft-cleanup.ts';
import { scheduleStatistics } from './db/statistics.ts';
import { createRegistry } from './modules/couriers/courier-accounts.service.ts';
import { webRoutes } from './modules/web/web.routes.ts';
import { seoRoutes } from './modules/seo/seo.routes.ts';
import { imageRoutes } from './modules/web/uploads.routes.ts';

export interface BuildOptions {
  config: Config;
  db: Db;
  logger?: FastifyServerOptions['logger'];
  /** Called for every route as it is registered (tests read the route table with it). */
  onRoute?: (route: RouteOptions) => void;
  /** The time (ms) the wilayas in force are decided by; tests set it. */
  clock?: () => number;
}

/** The server's logger options; tests add a stream to read what production would log. */
export function productionLogger(config: Config) {
  return {
    level: config.logLevel,
    // Phone numbers and tokens never reach the log: only method, path and status are kept.
    serializers: {
      req: (req: { method: string; url: string }) => ({ method: req.method, url: req.url.split('?')[0] }),
    },
    redact: ['req.headers.authorization'],
  };
}

export async function buildApp({ config, db, logger, onRoute, clock = Date.now }: BuildOptions): Promise<App> {
  const app = Fastify({
    logger: logger ?? productionLogger(config),
    // A number of proxies trusts that many hops from this server (Fastify's types want a function).
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (
            (hops: number) => (_address: string, hop: number) =>
              hop < hops
          )(config.trustProxy)
        : config.trustProxy,
    bodyLimit: 1024 * 1024,
    // A client has requestTimeoutMs to send its whole request, and a silent connection is closed
    // after as long: a body trickled a byte a second cannot hold the process (or its shutdown).
    requestTimeout: config.requestTimeoutMs,
    connectionTimeout: config.requestTimeoutMs,
    http: {
      headersTimeout: Math.min(config.requestTimeoutMs, 60_000),
      // How often Node looks for requests over their time (its default, 30 s, would double the limit).
      connectionsCheckingInterval: Math.min(config.requestTimeoutMs / 2, 30_000),
    },
    routerOptions: { caseSensitive: true, ignoreTrailingSlash: true },
    // A proxy's x-request-id is kept (http/observability.ts); every log line of the request has it.
    genReqId: requestIdOf,
    clientErrorHandler,
    // A malformed URL (broken percent-encoding) still gets the envelope, not Fastify's own shape.
    frameworkErrors: (error, _request, reply) => {
      const message = error.code === 'FST_ERR_BAD_URL' ? 'Malformed URL' : 'Invalid request';
      void (reply as FastifyReply).status(400).send({ status: 400, message, data: null });
    },
  }).withTypeProvider<ZodTypeProvider>();

  if (onRoute) app.addHook('onRoute', onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', db);
  if (db.onConnectionLost) {
    const stopListening = db.onConnectionLost((loss) =>
      app.log.warn(loss, 'database connection lost: the pool opens a new one for the next query'),
    );
    app.addHook('onClose', (_instance, done) => {
      stopListening();
      done();
    });
  }
  // The reads shared by requests arriving together and the order batch writer: one of each per app.
  app.decorate('stockReads', createStockReads(db.kysely));
  app.decorate('sessionReads', createSessionReads(db.kysely));
  app.decorate('deskSettings', deskSettingsReader(db.kysely));
  app.decorate('geography', createGeography(config.geoDivision, clock));
  app.decorate('orderPlacing', createOrderPlacing(db.kysely, app.stockReads, app.deskSettings, app.geography));
  app.decorate('uploadSlots', createUploadSlots());
  app.decorate('shopSettings', shopSettingsReader(config, db.kysely));
  app.decorate('config', config);
  app.decorate('imageStorage', createImageStorage(config));
  app.addHook('onClose', () => app.imageStorage.close());
  app.decorate('metrics', createMetrics());
  const envCourier = createCourier(config);
  app.decorate('courier', envCourier);
  app.decorate('couriers', createRegistry(db.kysely, config, envCourier));
  // The environment's Yalidine keys are an account like the others (read-only in the admin); a
  // database out of reach at start does not stop it: the first courier call makes it then.
  app.addHook('onReady', async () => {
    await app.couriers.envAccountId().catch((err: unknown) => {
      app.log.warn({ err }, "could not record the environment's courier account yet");
    });
  });
  scheduleCourierSync(app);
  scheduleAdEvents(app);
  scheduleDraftCleanup(app);
  scheduleStatistics(app);
  registerErrorHandling(app);
  registerCustomerLanguage(app);
  registerObservability(app);
  registerNulGuard(app);
  registerResponseCache(app);

  registerSecurityHeaders(app);
  // The division of the wilayas in force switched to at start and, once its day comes, before the
  // first request that day is answered (division-switch.ts).
  const divisions = divisionSwitcher(db.kysely, app.geography, app.log);
  app.addHook('onReady', () => divisions.ensure());
  app.addHook('onRequest', (_request, _reply, done) => {
    if (!divisions.pending()) return done();
    divisions.ensure().then(() => done(), done);
  });
  // What a crash between writing an upload and committing its row left behind (orphan-uploads.ts).
  app.addHook('onReady', async () => {
    // A bucket out of reach does not stop the start: /readyz says so until it answers.
    const orphans = await removeOrphanUploads(db.kysely, app.imageStorage).catch((err: unknown) => {
      app.log.warn({ err }, 'could not look for orphan uploads in the image storage');
      return [];
    });
    const temps = await removeStaleUploadTemps(config.uploadTempDir);
    if (orphans.length + temps > 0) {
      app.log.info(`removed ${orphans.length} upload file(s) nothing refers to and ${temps} stale upload folder(s)`);
    }
  });
  await registerRateLimits(app, config, db);
  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 12, fields: 60, fieldSize: 64 * 1024, parts: 80 },
  });
  await app.register(swagger, {
    openapi: {
      // 3.1: JSON Schema 2020-12, so a nullable field is a type list, not 3.0's `nullable`.
      openapi: '3.1.0',
      info: {
        title: 'Shop API',
        version: '1.0.0',
        description: 'Storefront and back-office API (envelope: status, message, data).',
      },
      // The API is served by the shop itself, under /api on the same host.
      servers: [{ url: '/', description: 'This shop' }],
      // Admin calls send the token of POST /api/auth/login; the admin scope marks them (admin-guard.ts).
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
    // Schemas with an id (Product, Order…) become components the operations refer to.
    transformObject: (document) => withoutUnusedSchemas(jsonSchemaTransformObject(document)),
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  // Every call under /api: the customer's (public), then the back office's in the admin scope,
  // where a route needs a valid session because of where it is registered (admin-guard.ts).
  await app.register(
    async (api: App) => {
      registerContracts(api);
      authRoutes(api);
      settingsRoutes(api);
      catalogRoutes(api);
      placeOrderRoutes(api);
      orderTrackingRoutes(api);
      couponsRoutes(api);
      shippingRoutes(api);
      ratingsRoutes(api);
      customItemsRoutes(api);
      couriersRoutes(api);
      leadsRoutes(api);
      await api.register(
        adminScope((admin) => {
          authAdminRoutes(admin);
          settingsAdminRoutes(admin);
          catalogAdminRoutes(admin);
          ordersAdminRoutes(admin);
          couponsAdminRoutes(admin);
          shippingAdminRoutes(admin);
          ratingsAdminRoutes(admin);
          customItemsAdminRoutes(admin);
          couriersAdminRoutes(admin);
          staffAdminRoutes(admin);
          reconciliationAdminRoutes(admin);
          marketingAdminRoutes(admin);
          leadsAdminRoutes(admin);
        }),
      );
    },
    { prefix: '/api' },
  );

  imageRoutes(app);
  seoRoutes(app);
  await webRoutes(app);
  return app;
}
