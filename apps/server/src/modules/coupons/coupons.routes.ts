import { couponCodeParamsSchema, couponCreateSchema, couponUpdateSchema } from '@shop/domain/coupon-schemas';
import { couponSchema, validCouponSchema } from '@shop/domain/coupon-responses';
import { idParamsSchema } from '@shop/domain/common-schemas';
import { emptyEnvelopeSchema, envelopeSchema } from '@shop/domain/responses';
import { z } from 'zod';
import type { App } from '../../http/types.ts';
import { envelope } from '../../http/envelope.ts';
import { errorResponses } from '../../http/contracts.ts';
import { say } from '../../http/language.ts';
import {
  COUPON_MESSAGES,
  createCoupon,
  deleteCoupon,
  listCoupons,
  toggleCoupon,
  updateCoupon,
  validateCoupon,
} from './coupons.service.ts';

export function couponsRoutes(app: App): void {
  // Both answer the same: neither counts a use (DESIGN §3.4); the name is kept for old clients.
  for (const path of ['/coupon/validate/:code', '/coupon/validateAndIncrement/:code']) {
    app.get(
      path,
      {
        schema: {
          tags: ['coupons'],
          summary: 'Checks a promo code (active, not expired, uses left) without counting a use',
          params: couponCodeParamsSchema,
          // 404: unknown code; 400: expired, inactive or used up.
          response: { 200: envelopeSchema(validCouponSchema), ...errorResponses(404) },
        },
        // Guessing codes by the thousand is stopped per client address.
        config: { rateLimit: app.config.rateLimits.couponChecks },
      },
      async (request) =>
        envelope(await validateCoupon(app.db.kysely, request.params.code), say(request, COUPON_MESSAGES.valid)),
    );
  }
}

/** The back office's coupons: admin scope (http/admin-guard.ts). */
export function couponsAdminRoutes(app: App): void {
  const admin = { tags: ['coupons'] };
  const couponAnswer = envelopeSchema(couponSchema);

  // SPEC §7 writes GET and POST /coupon/; the router ignores a trailing slash, so both spellings reach them.
  app.get(
    '/coupon',
    { schema: { ...admin, summary: 'Every coupon', response: { 200: envelopeSchema(z.array(couponSchema)) } } },
    async () => envelope(await listCoupons(app.db.kysely)),
  );

  app.post(
    '/coupon',
    {
      schema: {
        ...admin,
        summary: 'Creates a coupon',
        body: couponCreateSchema,
        response: { 201: couponAnswer, ...errorResponses(409) },
      },
    },
    async (request, reply) => {
      const coupon = await createCoupon(app.db.kysely, request.body);
      return reply.status(201).send(envelope(coupon, 'Coupon created successfully', 201));
    },
  );

  app.put(
    '/coupon/:id',
    {
      schema: {
        ...admin,
        summary:
          'Changes a coupon (a percentage or a fixed amount), if it is still as the form saw it (409 with the coupon as it is otherwise)',
        params: idParamsSchema,
        body: couponUpdateSchema,
        response: { 200: couponAnswer, ...errorResponses(404), 409: envelopeSchema(couponSchema.nullable()) },
      },
    },
    async (request) => envelope(await updateCoupon(app.db.kysely, request.params.id, request.body), 'Coupon updated'),
  );

  app.delete(
    '/coupon/:id',
    {
      schema: {
        ...admin,
        summary: 'Deletes a coupon that no order carries (409 otherwise: deactivate it instead)',
        params: idParamsSchema,
        response: { 200: emptyEnvelopeSchema, ...errorResponses(404, 409) },
      },
    },
    async (request) => {
      await deleteCoupon(app.db.kysely, request.params.id);
      return envelope(null, 'Coupon deleted');
    },
  );

  app.put(
    '/coupon/toggle/:id',
    {
      schema: {
        ...admin,
        summary: 'Activates or deactivates a coupon',
        params: idParamsSchema,
        response: { 200: couponAnswer, ...errorResponses(404) },
      },
    },
    async (request) => envelope(await toggleCoupon(app.db.kysely, request.params.id), 'Coupon status updated'),
  );
}
