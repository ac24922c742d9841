import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { idParamsSchema } from '@shop/domain/common-schemas';
import { todayIso } from '@shop/domain/coupon-status';
import {
  customOrderFieldsSchema,
  orderListQuerySchema,
  orderSearchQuerySchema,
  orderStatusUpdateSchema,
  regularOrderSchema,
} from '@shop/domain/order-schemas';
import type { App } from '../../http/types.ts';
import { envelope, paginated } from '../../http/envelope.ts';
import { badRequest } from '../../http/errors.ts';
import { readMultipart } from '../../http/multipart.ts';
import { requireAdmin } from '../../http/admin-guard.ts';
import { ORDER_MESSAGES } from './order-messages.ts';
import {
  getOrder,
  listOrders,
  orderStats,
  placeCustomOrder,
  placeRegularOrder,
  updateOrderStatus,
} from './orders.service.ts';

/** Validates a payload read by hand (JSON or multipart fields) with the error shape of the API. */
function parsePayload<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  const errors = result.error.issues.map((issue) => ({ field: issue.path.join('.'), message: issue.message }));
  throw badRequest(errors[0]?.message ?? 'Requête invalide', { errors });
}

export function ordersRoutes(app: App): void {
  // The content type decides: JSON is a regular order, multipart a custom one (docs/api.md).
  async function placeOrder(request: FastifyRequest) {
    const { db, config } = app;
    if (request.isMultipart()) {
      const body = await readMultipart(request);
      const fields = parsePayload(customOrderFieldsSchema, body.fields);
      const result = await placeCustomOrder(db.kysely, config.uploadsDir, fields, body.files);
      return envelope(result, ORDER_MESSAGES.customCreated, 201);
    }
    const input = parsePayload(regularOrderSchema, request.body);
    return envelope(await placeRegularOrder(db.kysely, input), ORDER_MESSAGES.created, 201);
  }
  for (const path of ['/order', '/Order']) {
    app.post(
      path,
      {
        schema: {
          tags: ['orders'],
          summary: 'Places an order: JSON for a regular order, multipart for a custom one',
        },
      },
      async (request, reply) => reply.status(201).send(await placeOrder(request)),
    );
  }

  const admin = { tags: ['orders'], security: [{ bearer: [] }] };

  app.get(
    '/order/getAllOrders',
    {
      schema: { ...admin, summary: 'Every order, newest first', querystring: orderListQuerySchema },
      onRequest: requireAdmin,
    },
    async (request) => {
      const { page, limit } = request.query;
      const { rows, total } = await listOrders(app.db.kysely, {}, page, limit);
      return envelope(paginated(rows, page, limit, total));
    },
  );

  app.get(
    '/order/searchOrders',
    {
      schema: { ...admin, summary: 'Orders by phone and type, paginated', querystring: orderSearchQuerySchema },
      onRequest: requireAdmin,
    },
    async (request) => {
      const { page, limit, phone, type } = request.query;
      const { rows, total } = await listOrders(app.db.kysely, { phone, type }, page, limit);
      return envelope(paginated(rows, page, limit, total));
    },
  );

  app.get(
    '/order/getOrder/:id',
    {
      schema: { ...admin, summary: 'One order with its lines and history', params: idParamsSchema },
      onRequest: requireAdmin,
    },
    async (request) => envelope(await getOrder(app.db.kysely, request.params.id)),
  );

  app.put(
    '/order/updateOrderStatus/:id',
    {
      schema: { ...admin, summary: "Changes an order's status", params: idParamsSchema, body: orderStatusUpdateSchema },
      onRequest: requireAdmin,
    },
    async (request) => {
      const { order, changed } = await updateOrderStatus(
        app.db.kysely,
        app.db.kind,
        request.params.id,
        request.body.status,
      );
      return envelope(order, changed ? ORDER_MESSAGES.statusUpdated : ORDER_MESSAGES.statusUnchanged);
    },
  );

  app.get(
    '/order/stats',
    { schema: { ...admin, summary: 'Dashboard figures computed in SQL' }, onRequest: requireAdmin },
    // Computed in SQL, then kept by the catalogue cache: orders and status changes bump catalog_version.
    // Keyed by day too: the last-30-days window moves at midnight even when nothing is ordered.
    (request, reply) =>
      app.responseCache.serveText(
        `order stats ${todayIso()}`,
        request,
        reply,
        'application/json; charset=utf-8',
        async () => JSON.stringify(envelope(await orderStats(app.db.kysely))),
      ),
  );
}
