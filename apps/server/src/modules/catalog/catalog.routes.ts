// Products, product types, sizes and images. Public reads are French-facing; admin writes
// (onRequest requireAdmin) answer in English. Shapes: docs/api.md.
import {
  discountUpdateSchema,
  imageIdParamsSchema,
  latestProductsQuerySchema,
  productListQuerySchema,
  productTypeSchema,
  setPrimaryImageParamsSchema,
} from '@shop/domain/catalog-schemas';
import { idParamsSchema } from '@shop/domain/common-schemas';
import { checkStockSchema } from '@shop/domain/order-schemas';
import type { App } from '../../http/types.ts';
import { envelope } from '../../http/envelope.ts';
import { requireAdmin } from '../../http/admin-guard.ts';
import { withMultipart } from '../../http/multipart.ts';
import { productIds, type ResponseCache } from '../../http/cache.ts';
import * as catalog from './catalog.service.ts';

const PRODUCTS = ['products'];
const TYPES = ['product types'];
// onRequest, not preHandler: the token is checked before the body is validated, so an anonymous
// caller gets 401 rather than a 400 that reveals the expected payload.
const admin = { onRequest: requireAdmin };
const adminSecurity = [{ bearer: [] }];

export function catalogRoutes(app: App): void {
  const db = () => app.db.kysely;
  // Public reads answer from the catalogue cache (http/cache.ts), valid while catalog_version holds.
  const cached: ResponseCache['serve'] = (request, reply, compute, shows) =>
    app.responseCache.serve(request, reply, compute, shows);
  const { answerFromCache } = app.responseCache;

  // ---- Public ----

  app.get(
    '/product/getAll',
    {
      onRequest: answerFromCache,
      schema: {
        tags: PRODUCTS,
        summary: 'Every product, or one page of the filtered list when page is given',
        querystring: productListQuerySchema,
      },
    },
    (request, reply) => cached(request, reply, () => catalog.listProducts(db(), request.query)),
  );

  app.get(
    '/product/get/:id',
    {
      onRequest: answerFromCache,
      schema: { tags: PRODUCTS, summary: 'One product with its sizes and images', params: idParamsSchema },
    },
    (request, reply) => cached(request, reply, () => catalog.getProduct(db(), request.params.id)),
  );

  app.get(
    '/product/getLatest',
    {
      onRequest: answerFromCache,
      schema: { tags: PRODUCTS, summary: 'Newest products (10 by default)', querystring: latestProductsQuerySchema },
    },
    (request, reply) => cached(request, reply, () => catalog.latestProducts(db(), request.query.limit)),
  );

  app.get(
    '/product/getTopPromotions',
    {
      onRequest: answerFromCache,
      schema: { tags: PRODUCTS, summary: 'Discounted products, highest discount first (10)' },
    },
    (request, reply) => cached(request, reply, () => catalog.topPromotions(db())),
  );

  const bestSellers = catalog.topSellingRanking();
  app.get(
    '/product/getTopSelling',
    {
      onRequest: answerFromCache,
      schema: {
        tags: PRODUCTS,
        summary:
          'Best sellers: products ranked by units in delivered orders (10; the ranking is refreshed every minute)',
      },
    },
    (request, reply) =>
      cached(request, reply, async () => catalog.topSelling(db(), await bestSellers(db())), {
        products: productIds,
        tags: ['lists', 'orders'],
      }),
  );

  app.get(
    '/product/getRelated/:id',
    {
      onRequest: answerFromCache,
      schema: {
        tags: PRODUCTS,
        summary: 'At most 10 other products, same type first',
        params: idParamsSchema,
      },
    },
    (request, reply) => cached(request, reply, () => catalog.relatedProducts(db(), request.params.id)),
  );

  app.get(
    '/product/getAvailableSizes/:id',
    {
      onRequest: answerFromCache,
      schema: { tags: PRODUCTS, summary: 'Sizes of a product with their stock', params: idParamsSchema },
    },
    (request, reply) =>
      cached(request, reply, () => catalog.availableSizes(db(), request.params.id), {
        products: () => [request.params.id],
      }),
  );

  app.post(
    '/product/checkStock',
    {
      schema: {
        tags: PRODUCTS,
        summary: 'Available stock for each cart line (same product and size summed)',
        body: checkStockSchema,
      },
      // A read sent as POST: it changes nothing the catalogue cache holds.
      config: { keepsCache: true, rateLimit: app.config.rateLimits.stockChecks },
    },
    async (request) => envelope(await catalog.checkStock(app.stockReads, request.body.items)),
  );

  app.get(
    '/ProductType/getAll',
    { onRequest: answerFromCache, schema: { tags: TYPES, summary: 'Every product type' } },
    (request, reply) => cached(request, reply, () => catalog.listTypes(db()), { tags: [] }),
  );

  // ---- Admin: products ----

  app.post(
    '/product',
    {
      ...admin,
      schema: {
        tags: PRODUCTS,
        summary: 'Create a product (multipart: fields, size_s…size_xxl or sizes[S]…, images[])',
        security: adminSecurity,
      },
    },
    async (request, reply) => {
      const product = await withMultipart(request, reply, catalog.PRODUCT_FILES, (body) =>
        catalog.createProduct(db(), app.config.uploadsDir, body),
      );
      return reply.status(201).send(envelope(product, 'Product added successfully', 201));
    },
  );

  app.post(
    '/product/update/:id',
    {
      ...admin,
      schema: {
        tags: PRODUCTS,
        summary: 'Update a product (multipart, same fields); new images[] are added',
        params: idParamsSchema,
        security: adminSecurity,
      },
    },
    async (request, reply) => {
      const product = await withMultipart(request, reply, catalog.PRODUCT_FILES, (body) =>
        catalog.updateProduct(db(), app.config.uploadsDir, request.params.id, body),
      );
      return envelope(product, 'Product updated successfully');
    },
  );

  app.put(
    '/product/updateDiscount/:id',
    {
      ...admin,
      schema: {
        tags: PRODUCTS,
        summary: 'Set the discount (0-100) of a product',
        params: idParamsSchema,
        body: discountUpdateSchema,
        security: adminSecurity,
      },
    },
    async (request) =>
      envelope(
        await catalog.updateDiscount(db(), request.params.id, request.body.discount_percentage),
        'Discount updated successfully',
      ),
  );

  app.put(
    '/product/setPrimaryImage/:productId/:imageId',
    {
      ...admin,
      schema: {
        tags: PRODUCTS,
        summary: 'Make one image the primary image of its product',
        params: setPrimaryImageParamsSchema,
        security: adminSecurity,
      },
    },
    async (request) =>
      envelope(
        await catalog.setPrimaryImage(db(), request.params.productId, request.params.imageId),
        'Primary image updated successfully',
      ),
  );

  app.delete(
    '/product/delete/:id',
    {
      ...admin,
      schema: {
        tags: PRODUCTS,
        summary: 'Delete a product and its image files',
        params: idParamsSchema,
        security: adminSecurity,
      },
    },
    async (request) => {
      await catalog.deleteProduct(db(), app.config.uploadsDir, request.params.id);
      return envelope(null, 'Product deleted successfully');
    },
  );

  app.delete(
    '/product/deleteImage/:imageId',
    {
      ...admin,
      schema: {
        tags: PRODUCTS,
        summary: 'Delete one product image and its file',
        params: imageIdParamsSchema,
        security: adminSecurity,
      },
    },
    async (request) => {
      await catalog.deleteImage(db(), app.config.uploadsDir, request.params.imageId);
      return envelope(null, 'Image deleted successfully');
    },
  );

  // ---- Admin: product types ----

  app.post(
    '/ProductType/',
    {
      ...admin,
      schema: { tags: TYPES, summary: 'Create a product type', body: productTypeSchema, security: adminSecurity },
    },
    async (request, reply) => {
      const type = await catalog.createType(db(), request.body);
      return reply.status(201).send(envelope(type, 'Product type created successfully', 201));
    },
  );

  app.put(
    '/ProductType/update/:id',
    {
      ...admin,
      schema: {
        tags: TYPES,
        summary: 'Update a product type',
        params: idParamsSchema,
        body: productTypeSchema,
        security: adminSecurity,
      },
    },
    async (request) =>
      envelope(await catalog.updateType(db(), request.params.id, request.body), 'Product type updated successfully'),
  );

  app.delete(
    '/ProductType/delete/:id',
    {
      ...admin,
      schema: {
        tags: TYPES,
        summary: 'Delete a product type (its products keep existing without a type)',
        params: idParamsSchema,
        security: adminSecurity,
      },
    },
    async (request) => {
      await catalog.deleteType(db(), request.params.id);
      return envelope(null, 'Product type deleted successfully');
    },
  );
}
