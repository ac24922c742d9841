import { idParamsSchema } from '@shop/domain/common-schemas';
import {
  brandRatingCreateSchema,
  productRatingCreateSchema,
  productReviewsQuerySchema,
  ratingsPageParamsSchema,
  recentRatingsQuerySchema,
  removeByIdSchema,
} from '@shop/domain/rating-schemas';
import { requireAdmin } from '../../http/admin-guard.ts';
import { envelope } from '../../http/envelope.ts';
import type { App } from '../../http/types.ts';
import {
  BRAND_RATING_THANKS,
  allBrandRatings,
  createBrandRating,
  createProductRating,
  listProductRatings,
  productReviews,
  recentBrandRatings,
  removeBrandRating,
  removeProductRating,
} from './ratings.service.ts';

export function ratingsRoutes(app: App): void {
  app.post(
    '/rating/create',
    {
      schema: {
        tags: ['ratings'],
        summary: 'Rates a product of a placed order (the order id and its phone prove it)',
        body: productRatingCreateSchema,
      },
      config: { rateLimit: app.config.rateLimits.ratings },
    },
    async (request, reply) => {
      const rating = await createProductRating(app.db, request.body);
      return reply.status(201).send(envelope(rating, 'Merci pour votre note !', 201));
    },
  );

  app.post(
    '/BrandRating/create',
    {
      schema: {
        tags: ['ratings'],
        summary: 'Posts a brand review (rate-limited per client)',
        body: brandRatingCreateSchema,
      },
      config: { rateLimit: { max: 5, timeWindow: '1 hour', groupId: 'brandReviews' } },
    },
    async (request, reply) => {
      const rating = await createBrandRating(app.db, request.body);
      return reply.status(201).send(envelope(rating, BRAND_RATING_THANKS, 201));
    },
  );

  app.get(
    '/BrandRating/getRecentRatings',
    {
      onRequest: app.responseCache.answerFromCache,
      schema: {
        tags: ['ratings'],
        summary: 'Latest brand reviews (public shape, never a phone)',
        querystring: recentRatingsQuerySchema,
      },
    },
    (request, reply) =>
      app.responseCache.serve(request, reply, () => recentBrandRatings(app.db, request.query.limit), {
        tags: ['reviews'],
      }),
  );

  app.get(
    '/rating/getProductRatings/:id',
    {
      onRequest: app.responseCache.answerFromCache,
      schema: {
        tags: ['ratings'],
        summary: "A product's reviews, newest first (public shape: first name and initial, never a phone)",
        params: idParamsSchema,
        querystring: productReviewsQuerySchema,
      },
    },
    (request, reply) =>
      app.responseCache.serve(
        request,
        reply,
        () => productReviews(app.db, request.params.id, request.query.page, request.query.limit),
        { products: () => [request.params.id] },
      ),
  );

  app.get(
    '/rating/getAllRatings/:page/:limit',
    {
      schema: {
        tags: ['ratings'],
        summary: 'Product ratings grouped by product, most recently rated first (admin)',
        params: ratingsPageParamsSchema,
        security: [{ bearer: [] }],
      },
      onRequest: requireAdmin,
    },
    async (request) => envelope(await listProductRatings(app.db, request.params.page, request.params.limit)),
  );

  app.post(
    '/rating/remove',
    {
      schema: {
        tags: ['ratings'],
        summary: "Deletes a product rating and updates the product's average (admin)",
        body: removeByIdSchema,
        security: [{ bearer: [] }],
      },
      onRequest: requireAdmin,
    },
    async (request) => {
      await removeProductRating(app.db, request.body.id);
      return envelope(null, 'Rating deleted');
    },
  );

  app.get(
    '/BrandRating/getBrandRatings',
    {
      schema: {
        tags: ['ratings'],
        summary: 'Every brand review with phones, average and total (admin)',
        security: [{ bearer: [] }],
      },
      onRequest: requireAdmin,
    },
    async () => envelope(await allBrandRatings(app.db)),
  );

  app.post(
    '/BrandRating/remove',
    {
      schema: {
        tags: ['ratings'],
        summary: 'Deletes a brand review (admin)',
        body: removeByIdSchema,
        security: [{ bearer: [] }],
      },
      onRequest: requireAdmin,
    },
    async (request) => {
      await removeBrandRating(app.db, request.body.id);
      return envelope(null, 'Brand rating deleted');
    },
  );
}
