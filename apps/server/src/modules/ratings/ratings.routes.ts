import { idParamsSchema } from '@shop/domain/common-schemas';
import {
  brandRatingCreateSchema,
  brandRatingsQuerySchema,
  productRatingCreateSchema,
  productReviewsQuerySchema,
  ratingsPageParamsSchema,
  recentRatingsQuerySchema,
  removeByIdSchema,
} from '@shop/domain/rating-schemas';
import {
  brandRatingsPageSchema,
  brandRatingsSchema,
  productRatingCreatedSchema,
  productRatingsSchema,
  publicReviewSchema,
} from '@shop/domain/rating-responses';
import { emptyEnvelopeSchema, envelopeSchema, paginatedSchema } from '@shop/domain/responses';
import { z } from 'zod';
import { envelope } from '../../http/envelope.ts';
import { errorResponses } from '../../http/contracts.ts';
import type { App } from '../../http/types.ts';
import {
  BRAND_RATING_THANKS,
  allBrandRatings,
  brandRatingsPage,
  createBrandRating,
  createProductRating,
  listProductRatings,
  productReviews,
  recentBrandRatings,
  removeBrandRating,
  removeProductRating,
  approveBrandRating,
  approveProductRating,
} from './ratings.service.ts';

/** The thanks for a review that waits for the owner's approval (review moderation). */
const REVIEW_HELD = 'Merci pour votre avis ! Il sera publié après relecture.';

export function ratingsRoutes(app: App): void {
  app.post(
    '/rating/create',
    {
      schema: {
        tags: ['ratings'],
        summary: 'Rates a product of a placed order (the order id and its phone prove it)',
        body: productRatingCreateSchema,
        response: { 201: envelopeSchema(productRatingCreatedSchema), ...errorResponses(403) },
      },
      config: { rateLimit: app.config.rateLimits.ratings },
    },
    async (request, reply) => {
      const held = (await app.deskSettings.read()).review_moderation;
      const rating = await createProductRating(app.db, request.body, held);
      return reply.status(201).send(envelope(rating, held ? REVIEW_HELD : 'Merci pour votre note !', 201));
    },
  );

  app.post(
    '/BrandRating/create',
    {
      schema: {
        tags: ['ratings'],
        summary: 'Posts a brand review (rate-limited per client)',
        body: brandRatingCreateSchema,
        response: { 201: envelopeSchema(publicReviewSchema) },
      },
      config: { rateLimit: { max: 5, timeWindow: '1 hour', groupId: 'brandReviews' } },
    },
    async (request, reply) => {
      const held = (await app.deskSettings.read()).review_moderation;
      const rating = await createBrandRating(app.db, request.body, held);
      return reply.status(201).send(envelope(rating, held ? REVIEW_HELD : BRAND_RATING_THANKS, 201));
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
        response: { 200: envelopeSchema(z.array(publicReviewSchema)) },
      },
    },
    async (request, reply) =>
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
        response: { 200: envelopeSchema(paginatedSchema(publicReviewSchema)) },
      },
    },
    async (request, reply) =>
      app.responseCache.serve(
        request,
        reply,
        () => productReviews(app.db, request.params.id, request.query.page, request.query.limit),
        { products: () => [request.params.id] },
      ),
  );
}

/** The back office's ratings, phones included: admin scope (http/admin-guard.ts). */
export function ratingsAdminRoutes(app: App): void {
  app.get(
    '/rating/getAllRatings/:page/:limit',
    {
      schema: {
        tags: ['ratings'],
        summary: 'Product ratings grouped by product, most recently rated first (admin)',
        params: ratingsPageParamsSchema,
        response: { 200: envelopeSchema(productRatingsSchema) },
      },
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
        response: { 200: emptyEnvelopeSchema, ...errorResponses(404) },
      },
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
        summary:
          'Brand reviews with phones, average and counts (admin): one page with page (limit, state, q), every review without (older clients)',
        querystring: brandRatingsQuerySchema,
        response: { 200: envelopeSchema(z.union([brandRatingsPageSchema, brandRatingsSchema])) },
      },
    },
    async (request) => {
      const { page } = request.query;
      return envelope(
        page === undefined ? await allBrandRatings(app.db) : await brandRatingsPage(app.db, { ...request.query, page }),
      );
    },
  );

  app.post(
    '/BrandRating/remove',
    {
      schema: {
        tags: ['ratings'],
        summary: 'Deletes a brand review (admin)',
        body: removeByIdSchema,
        response: { 200: emptyEnvelopeSchema, ...errorResponses(404) },
      },
    },
    async (request) => {
      await removeBrandRating(app.db, request.body.id);
      return envelope(null, 'Brand rating deleted');
    },
  );

  for (const [path, approve] of [
    ['/rating/approve', approveProductRating],
    ['/BrandRating/approve', approveBrandRating],
  ] as const) {
    app.post(
      path,
      {
        schema: {
          tags: ['ratings'],
          summary: 'Publishes a review that waited for approval (review moderation; admin)',
          body: removeByIdSchema,
          response: { 200: emptyEnvelopeSchema, ...errorResponses(404) },
        },
      },
      async (request) => {
        await approve(app.db, request.body.id);
        return envelope(null, 'Review published');
      },
    );
  }
}
