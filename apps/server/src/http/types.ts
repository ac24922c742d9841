import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../config.ts';
import type { Db } from '../db/connect.ts';
import type { AdminIdentity } from '../modules/auth/auth.service.ts';
import type { ImageStorage } from '../modules/media/image-storage.ts';
import type { Courier } from '../modules/couriers/courier.ts';
import type { CourierRegistry } from '../modules/couriers/courier-accounts.service.ts';
import type { Geography } from '../modules/shipping/geography.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: Config;
    /** Where uploaded images live: UPLOADS_DIR or an S3 bucket. */
    imageStorage: ImageStorage;
    /** The courier of the environment's Yalidine keys; null when they are not set. */
    courier: Courier | null;
    /** Every courier account's adapter, and the account an order goes to. */
    couriers: CourierRegistry;
    /** The wilayas and communes in force (GEO_DIVISION, or the calendar on the app's clock). */
    geography: Geography;
  }
  interface FastifyRequest {
    admin?: AdminIdentity;
  }
}

/** The Fastify instance modules receive: routes typed by their zod schemas. */
export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;
