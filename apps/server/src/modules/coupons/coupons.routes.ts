import { couponCodeParamsSchema, couponCreateSchema } from '@shop/domain/coupon-schemas';
import { idParamsSchema } from '@shop/domain/common-schemas';
import type { App } from '../../http/types.ts';
import { envelope } from '../../http/envelope.ts';
import { say } from '../../http/language.ts';
import { requireAdmin } from '../../http/admin-guard.ts';
import { COUPON_MESSAGES, createCoupon, listCoupons, toggleCoupon, validateCoupon } from './coupons.service.ts';

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
        },
        // Guessing codes by the thousand is stopped per client address.
        config: { rateLimit: app.config.rateLimits.couponChecks },
      },
      async (request) =>
        envelope(await validateCoupon(app.db.kysely, request.params.code), say(request, COUPON_MESSAGES.valid)),
    );
  }

  const admin = { tags: ['coupons'], security: [{ bearer: [] }] };

  app.get('/coupon/', { schema: { ...admin, summary: 'Every coupon' }, onRequest: requireAdmin }, async () =>
    envelope(await listCoupons(app.db.kysely)),
  );

  app.post(
    '/coupon/',
    { schema: { ...admin, summary: 'Creates a coupon', body: couponCreateSchema }, onRequest: requireAdmin },
    async (request, reply) => {
      const coupon = await createCoupon(app.db.kysely, request.body);
      return reply.status(201).send(envelope(coupon, 'Coupon created successfully', 201));
    },
  );

  app.put(
    '/coupon/toggle/:id',
    {
      schema: { ...admin, summary: 'Activates or deactivates a coupon', params: idParamsSchema },
      onRequest: requireAdmin,
    },
    async (request) => envelope(await toggleCoupon(app.db.kysely, request.params.id), 'Coupon status updated'),
  );
}
