// Products, product types, sizes and images. Public reads are French-facing; admin writes
// (registered in the admin scope, http/admin-guard.ts) answer in English. Shapes: docs/api.md.
import { z } from 'zod';
import {
  discountUpdateSchema,
  imageIdParamsSchema,
  latestProductsQuerySchema,
  productFacetsQuerySchema,
  productListQuerySchema,
  productPhotosSchema,
  productSuggestQuerySchema,
  productTypeSchema,
  setPrimaryImageParamsSchema,
} from '@shop/domain/catalog-schemas';
import { idParamsSchema } from '@shop/domain/common-schemas';
import { checkStockSchema } from '@shop/domain/order-schemas';
import {
  photosChangedSchema,
  productFacetsSchema,
  productSchema,
  productSuggestionSchema,
  productTypeReadSchema,
  sizeStockSchema,
  stockCheckSchema,
  stockMovedSchema,
  typeInUseSchema,
} from '@shop/domain/catalog-responses';
import { emptyEnvelopeSchema, envelopeSchema, paginatedSchema } from '@shop/domain/responses';
import type { App } from '../../http/types.ts';
import { envelope } from '../../http/envelope.ts';
import { errorResponses } from '../../http/contracts.ts';
import { withMultipart } from '../../http/multipart.ts';
import { productIds, type ResponseCache } from '../../http/cache.ts';
import * as catalog from './catalog.service.ts';
import { suggestProducts } from './product-search.ts';

const PRODUCTS = ['products'];
const TYPES = ['product types'];

const productAnswer = envelopeSchema(productSchema);
const productsAnswer = envelopeSchema(z.array(productSchema));
/** What an upload may be refused for besides its fields: too large (413), not an image (422). */
const UPLOAD_ERRORS = errorResponses(413, 422);

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
        response: {
          200: envelopeSchema(z.union([z.array(productSchema), paginatedSchema(productSchema)])),
        },
      },
    },
    async (request, reply) =>
      cached(
        request,
        reply,
        () => catalog.listProducts(db(), request.query),
        // Filtered by colour or size, the list keeps products with that variant in stock: an order changes it.
        catalog.filtersByStock(request.query) ? { products: productIds, tags: ['lists', 'orders'] } : undefined,
      ),
  );

  app.get(
    '/product/facets',
    {
      onRequest: answerFromCache,
      schema: {
        tags: PRODUCTS,
        summary:
          "The colours and sizes of the products the shop's other filters select, each with the number of them having it in stock",
        querystring: productFacetsQuerySchema,
        response: { 200: envelopeSchema(productFacetsSchema), ...errorResponses(400) },
      },
    },
    // Counts of variants in stock: an order or an owner's edit changes them.
    async (request, reply) =>
      cached(request, reply, () => catalog.productFacets(db(), request.query), { tags: ['orders'] }),
  );

  app.get(
    '/product/suggest',
    {
      onRequest: answerFromCache,
      schema: {
        tags: PRODUCTS,
        summary: 'The products whose names are closest to a search that found nothing (at most 3)',
        querystring: productSuggestQuerySchema,
        response: { 200: envelopeSchema(z.array(productSuggestionSchema)), ...errorResponses(400) },
      },
    },
    // Names change only with an owner's catalogue edit, which drops every entry.
    async (request, reply) => cached(request, reply, () => suggestProducts(db(), request.query.q), { tags: [] }),
  );

  app.get(
    '/product/get/:id',
    {
      onRequest: answerFromCache,
      schema: {
        tags: PRODUCTS,
        summary: 'One product with its sizes and images',
        params: idParamsSchema,
        response: { 200: productAnswer, ...errorResponses(404) },
      },
    },
    async (request, reply) => cached(request, reply, () => catalog.getProduct(db(), request.params.id)),
  );

  app.get(
    '/product/getLatest',
    {
      onRequest: answerFromCache,
      schema: {
        tags: PRODUCTS,
        summary: 'Newest products (10 by default)',
        querystring: latestProductsQuerySchema,
        response: { 200: productsAnswer },
      },
    },
    async (request, reply) => cached(request, reply, () => catalog.latestProducts(db(), request.query.limit)),
  );

  app.get(
    '/product/getTopPromotions',
    {
      onRequest: answerFromCache,
      schema: {
        tags: PRODUCTS,
        summary: 'Discounted products, highest discount first (10)',
        response: { 200: productsAnswer },
      },
    },
    async (request, reply) => cached(request, reply, () => catalog.topPromotions(db())),
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
        response: { 200: productsAnswer },
      },
    },
    async (request, reply) =>
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
        response: { 200: productsAnswer, ...errorResponses(404) },
      },
    },
    async (request, reply) => cached(request, reply, () => catalog.relatedProducts(db(), request.params.id)),
  );

  app.get(
    '/product/getAvailableSizes/:id',
    {
      onRequest: answerFromCache,
      schema: {
        tags: PRODUCTS,
        summary: 'Sizes of a product with their stock',
        params: idParamsSchema,
        response: { 200: envelopeSchema(z.array(sizeStockSchema)), ...errorResponses(404) },
      },
    },
    async (request, reply) =>
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
        response: { 200: envelopeSchema(stockCheckSchema) },
      },
      // A read sent as POST: it changes nothing the catalogue cache holds.
      config: { keepsCache: true, rateLimit: app.config.rateLimits.stockChecks },
    },
    async (request) => envelope(await catalog.checkStock(app.stockReads, request.body.items)),
  );

  app.get(
    '/ProductType/getAll',
    {
      onRequest: answerFromCache,
      schema: {
        tags: TYPES,
        summary: 'Every product type',
        response: { 200: envelopeSchema(z.array(productTypeReadSchema)) },
      },
    },
    async (request, reply) => cached(request, reply, () => catalog.listTypes(db()), { tags: [] }),
  );
}

/** Product and type writes: admin scope (http/admin-guard.ts), so each needs a valid session. */
export function catalogAdminRoutes(app: App): void {
  const db = () => app.db.kysely;

  // ---- Admin: products ----

  app.post(
    '/product',
    {
      schema: {
        tags: PRODUCTS,
        summary:
          'Create a product (multipart: fields, size_s…size_xxl or sizes[S]…, or size_scale, size_list and ' +
          'variants (JSON: colours and stock rows), images[])',
        response: { 201: productAnswer, ...UPLOAD_ERRORS },
      },
    },
    async (request, reply) => {
      const product = await withMultipart(request, reply, catalog.PRODUCT_FILES, (body) =>
        catalog.createProduct(db(), app.imageStorage, body),
      );
      return reply.status(201).send(envelope(product, 'Product added successfully', 201));
    },
  );

  app.post(
    '/product/update/:id',
    {
      schema: {
        tags: PRODUCTS,
        summary:
          'Update a product (multipart, same fields); new images[] are added. Stock changes carry the ' +
          "figures the owner saw (seen_sizes[M], seen_stock, has_sizes, or each variant row's seen): 409 with " +
          'the current ones when they moved',
        params: idParamsSchema,
        response: {
          200: productAnswer,
          ...errorResponses(404),
          409: envelopeSchema(stockMovedSchema),
          ...UPLOAD_ERRORS,
        },
      },
    },
    async (request, reply) => {
      const product = await withMultipart(request, reply, catalog.PRODUCT_FILES, (body) =>
        catalog.updateProduct(db(), app.imageStorage, request.params.id, body),
      );
      return envelope(product, 'Product updated successfully');
    },
  );

  app.put(
    '/product/updateDiscount/:id',
    {
      schema: {
        tags: PRODUCTS,
        summary: 'Set the discount (0-100) of a product',
        params: idParamsSchema,
        body: discountUpdateSchema,
        response: { 200: productAnswer, ...errorResponses(404) },
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
      schema: {
        tags: PRODUCTS,
        summary: 'Make one image the primary image of its product',
        params: setPrimaryImageParamsSchema,
        response: { 200: productAnswer, ...errorResponses(404) },
      },
    },
    async (request) =>
      envelope(
        await catalog.setPrimaryImage(db(), request.params.productId, request.params.imageId),
        'Primary image updated successfully',
      ),
  );

  app.put(
    '/product/images/:id',
    {
      schema: {
        tags: PRODUCTS,
        summary:
          "Saves the product form's photos: their order, the primary one, each one's colour, the others deleted (409 with the photos as they are when they are not those the form showed)",
        params: idParamsSchema,
        body: productPhotosSchema,
        response: { 200: productAnswer, ...errorResponses(404), 409: envelopeSchema(photosChangedSchema) },
      },
    },
    async (request) =>
      envelope(await catalog.arrangePhotos(db(), app.imageStorage, request.params.id, request.body), 'Photos saved'),
  );

  app.delete(
    '/product/delete/:id',
    {
      schema: {
        tags: PRODUCTS,
        summary: 'Delete a product and its image files',
        params: idParamsSchema,
        response: { 200: emptyEnvelopeSchema, ...errorResponses(404) },
      },
    },
    async (request) => {
      await catalog.deleteProduct(db(), app.imageStorage, request.params.id);
      return envelope(null, 'Product deleted successfully');
    },
  );

  app.delete(
    '/product/deleteImage/:imageId',
    {
      schema: {
        tags: PRODUCTS,
        summary: 'Delete one product image and its file',
        params: imageIdParamsSchema,
        response: { 200: emptyEnvelopeSchema, ...errorResponses(404) },
      },
    },
    async (request) => {
      await catalog.deleteImage(db(), app.imageStorage, request.params.imageId);
      return envelope(null, 'Image deleted successfully');
    },
  );

  // ---- Admin: product types ----

  const typeAnswer = envelopeSchema(productTypeReadSchema);

  // SPEC §7 writes POST /ProductType/; the router ignores a trailing slash, so both spellings reach it.
  app.post(
    '/ProductType',
    {
      schema: {
        tags: TYPES,
        summary: 'Create a product type',
        body: productTypeSchema,
        response: { 201: typeAnswer, ...errorResponses(409) },
      },
    },
    async (request, reply) => {
      const type = await catalog.createType(db(), request.body);
      return reply.status(201).send(envelope(type, 'Product type created successfully', 201));
    },
  );

  app.put(
    '/ProductType/update/:id',
    {
      schema: {
        tags: TYPES,
        summary: 'Update a product type',
        params: idParamsSchema,
        body: productTypeSchema,
        response: { 200: typeAnswer, ...errorResponses(404, 409) },
      },
    },
    async (request) =>
      envelope(await catalog.updateType(db(), request.params.id, request.body), 'Product type updated successfully'),
  );

  app.delete(
    '/ProductType/delete/:id',
    {
      schema: {
        tags: TYPES,
        summary: 'Delete a product type; refused (409, data.products) while products have it',
        params: idParamsSchema,
        response: {
          200: emptyEnvelopeSchema,
          ...errorResponses(404),
          409: envelopeSchema(typeInUseSchema),
        },
      },
    },
    async (request) => {
      await catalog.deleteType(db(), request.params.id);
      return envelope(null, 'Product type deleted successfully');
    },
  );
}
