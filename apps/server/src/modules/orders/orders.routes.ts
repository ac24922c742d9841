import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  blacklistEntryReadSchema,
  bulkStatusResultSchema,
  createdOrderSchema,
  orderConflictSchema,
  orderNoteSchema,
  orderSchema,
  orderStatsSchema,
  trackingSchema,
} from '@shop/domain/order-responses';
import {
  blacklistEntrySchema,
  blacklistPhoneParamsSchema,
  bulkStatusSchema,
  confirmationUpdateSchema,
  confirmQueueQuerySchema,
  orderEditSchema,
  orderFiltersSchema,
  orderNoteCreateSchema,
  trackQuerySchema,
  statsQuerySchema,
} from '@shop/domain/order-desk-schemas';
import { envelopeSchema, paginatedSchema } from '@shop/domain/responses';
import { idParamsSchema, idSchema } from '@shop/domain/common-schemas';
import { orderPaymentCreateSchema } from '@shop/domain/order-payments';
import { todayIso } from '@shop/domain/coupon-status';
import { toShortSize } from '@shop/domain/sizes';
import {
  customOrderFieldsSchema,
  orderListQuerySchema,
  orderSearchQuerySchema,
  orderStatusUpdateSchema,
  REFERENCE_IMAGE_FIELDS,
  regularOrderSchema,
} from '@shop/domain/order-schemas';
import type { App } from '../../http/types.ts';
import { envelope, paginated } from '../../http/envelope.ts';
import { badRequest } from '../../http/errors.ts';
import { limitPerKey } from '../../http/rate-limits.ts';
import { errorResponses } from '../../http/contracts.ts';
import { serialized } from '../../http/cache.ts';
import { signedIn } from '../../http/admin-guard.ts';
import { workOn } from '../staff/desk-claims.service.ts';
import { IDEMPOTENCY_HEADER, orderKeyOf } from './order-keys.ts';
import { withMultipart, type FileRules } from '../../http/multipart.ts';
import { ORDER_MESSAGES } from './order-messages.ts';
import { placeCustomOrder, placeRegularOrder } from './orders.service.ts';
import {
  addNote,
  addPayment,
  blacklistPhone,
  bulkStatus,
  clearCourierAttention,
  deletePayment,
  confirmationQueue,
  editOrder,
  getOrder,
  listBlacklist,
  listOrders,
  markReturnReceived,
  orderStats,
  trackOrder,
  unblacklistPhone,
  undoCall,
  updateOrderStatus,
} from './order-desk.service.ts';
import { recordCallWithRule } from './call-attempts.ts';

const paymentParamsSchema = z.object({ id: idSchema, paymentId: idSchema });

/** A custom order carries its reference pictures (front, back, side), nothing else. */
const REFERENCE_IMAGE_FILES: FileRules = {
  accepts: (field) => Object.hasOwn(REFERENCE_IMAGE_FIELDS, field),
  maxFiles: Object.keys(REFERENCE_IMAGE_FIELDS).length,
};

/** Validates a payload read by hand (JSON or multipart fields) with the error shape of the API. */
function parsePayload<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  const errors = result.error.issues.map((issue) => ({ field: issue.path.join('.'), message: issue.message }));
  throw badRequest(errors[0]?.message ?? 'Requête invalide', { errors });
}

/**
 * One order may not hold more lines, or more units of a product and size, than a shop sells to one
 * customer (MAX_LINES_PER_ORDER, MAX_QUANTITY_PER_LINE): one anonymous order of 100 lines reserved
 * a whole shop's stock. Lines of the same product and size count as one, as the order merges them
 * (ten lines of 5 are 50 units of one line).
 */
export function assertOrderSize(
  items: readonly { product_id: number; size: string; quantity: number }[],
  limits: { maxQuantityPerLine: number; maxLines: number },
): void {
  const units = new Map<string, number>();
  for (const item of items) {
    const key = `${item.product_id}:${item.size.trim() === '' ? '' : toShortSize(item.size)}`;
    units.set(key, (units.get(key) ?? 0) + item.quantity);
  }
  if (units.size > limits.maxLines) throw badRequest(ORDER_MESSAGES.tooManyLines(limits.maxLines));
  if ([...units.values()].some((quantity) => quantity > limits.maxQuantityPerLine)) {
    throw badRequest(ORDER_MESSAGES.tooManyUnits(limits.maxQuantityPerLine));
  }
}

export function ordersRoutes(app: App): void {
  // The content type decides: JSON is a regular order, multipart a custom one (docs/api.md).
  async function placeOrder(request: FastifyRequest, reply: FastifyReply) {
    const { config, imageStorage, orderPlacing } = app;
    const keyHeader = request.headers[IDEMPOTENCY_HEADER];
    if (request.isMultipart()) {
      const result = await withMultipart(request, reply, REFERENCE_IMAGE_FILES, async (body) => {
        const fields = parsePayload(customOrderFieldsSchema, body.fields);
        await limitPerKey(app, reply, config.rateLimits.ordersPerPhone, fields.customer_phone);
        // The pictures are part of what was ordered: their sizes, in their fields' order.
        const pictures = body.files.map((f) => [f.fieldname, f.size]);
        return placeCustomOrder(
          orderPlacing,
          imageStorage,
          fields,
          body.files,
          orderKeyOf(keyHeader, { fields, pictures }),
        );
      });
      return envelope(result, ORDER_MESSAGES.customCreated, 201);
    }
    const input = parsePayload(regularOrderSchema, request.body);
    assertOrderSize(input.items, config.orderLimits);
    await limitPerKey(app, reply, config.rateLimits.ordersPerPhone, input.customer_phone);
    const key = orderKeyOf(keyHeader, input);
    return envelope(await placeRegularOrder(orderPlacing, input, key), ORDER_MESSAGES.created, 201);
  }
  for (const path of ['/order', '/Order']) {
    app.post(
      path,
      {
        schema: {
          tags: ['orders'],
          summary:
            'Places an order: JSON for a regular order, multipart for a custom one. With an Idempotency-Key header, the same order sent again is answered with the order placed the first time',
          headers: z.looseObject({
            'idempotency-key': z
              .string()
              .optional()
              .meta({ description: 'A UUID per order; the same one when the same order is sent again' }),
          }),
          response: {
            201: envelopeSchema(createdOrderSchema),
            // The prices changed (the server's figures) or the stock is short (each line's stock).
            409: envelopeSchema(orderConflictSchema),
            // A reference picture too large or not an image; an Idempotency-Key used for another order.
            ...errorResponses(413, 422),
          },
        },
        // Checked before the body is read: a flood of orders (or of uploads) stops at the door.
        config: { rateLimit: app.config.rateLimits.orders },
      },
      async (request, reply) => reply.status(201).send(await placeOrder(request, reply)),
    );
  }

  app.get(
    '/order/track',
    {
      schema: {
        tags: ['orders'],
        summary:
          "An order's path for its customer: the number and the phone it was placed with, together (404 otherwise, whichever is wrong)",
        querystring: trackQuerySchema,
        response: { 200: envelopeSchema(trackingSchema), ...errorResponses(404) },
      },
      // Guessing numbers and phones is stopped per client address.
      config: { keepsCache: true, rateLimit: app.config.rateLimits.tracking },
    },
    async (request) => envelope(await trackOrder(app.db.kysely, request.query.order_id, request.query.phone)),
  );
}

/** Who did it, for an order's notes and history. */
function adminName(request: FastifyRequest): string {
  return signedIn(request).username;
}

/** The back office's orders: admin scope (http/admin-guard.ts). */
export function ordersAdminRoutes(app: App): void {
  const admin = { tags: ['orders'] };
  const ordersPage = envelopeSchema(paginatedSchema(orderSchema));
  const orderAnswer = envelopeSchema(orderSchema);

  app.get(
    '/order/getAllOrders',
    {
      schema: {
        ...admin,
        summary: 'Every order, newest first',
        querystring: orderListQuerySchema,
        response: { 200: ordersPage },
      },
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
      schema: {
        ...admin,
        summary:
          'Orders by phone, by number, phone, tracking number or name (q), type, status, confirmation, wilaya and date range, paginated',
        querystring: orderSearchQuerySchema.extend(orderFiltersSchema.shape),
        response: { 200: ordersPage },
      },
    },
    async (request) => {
      const { page, limit, ...filter } = request.query;
      const { rows, total } = await listOrders(app.db.kysely, filter, page, limit);
      return envelope(paginated(rows, page, limit, total));
    },
  );

  app.get(
    '/order/confirmQueue',
    {
      schema: {
        ...admin,
        summary: 'Pending orders waiting for their confirmation call: call-backs due first, then the oldest',
        querystring: confirmQueueQuerySchema,
        response: { 200: envelopeSchema(z.array(orderSchema)) },
      },
    },
    async (request) => envelope(await confirmationQueue(app.db.kysely, request.query.limit)),
  );

  app.put(
    '/order/confirmation/:id',
    {
      schema: {
        ...admin,
        summary:
          "A confirmation call's outcome: confirmed (approves), no answer, call back at a time, or refused (cancels: stock and coupon use back); the no-answer that reaches the owner's limit (desk settings) cancels a pending order as unreachable",
        params: idParamsSchema,
        body: confirmationUpdateSchema,
        response: { 200: orderAnswer, ...errorResponses(404, 409) },
      },
    },
    async (request) => {
      const user = signedIn(request);
      await workOn(app.db.kysely, request.params.id, user);
      return envelope(
        await recordCallWithRule(app.db.kysely, request.params.id, request.body, user.username, user.userId),
        ORDER_MESSAGES.confirmationSaved,
      );
    },
  );

  app.post(
    '/order/confirmation/undo/:id',
    {
      schema: {
        ...admin,
        summary:
          "Undoes the order's last call outcome (status, call state, stock and coupon use back as they were), while the order has not moved on since",
        params: idParamsSchema,
        response: { 200: orderAnswer, ...errorResponses(404, 409) },
      },
    },
    async (request) =>
      envelope(await undoCall(app.db.kysely, request.params.id, adminName(request)), ORDER_MESSAGES.callUndone),
  );

  app.post(
    '/order/payments/:id',
    {
      schema: {
        ...admin,
        summary:
          'Records a payment received before delivery (CCP, BaridiMob, RIP, cash): the courier collects only what is left',
        params: idParamsSchema,
        body: orderPaymentCreateSchema,
        response: { 201: orderAnswer, ...errorResponses(404, 409) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          envelope(
            await addPayment(app.db.kysely, request.params.id, request.body, adminName(request)),
            ORDER_MESSAGES.paymentRecorded,
            201,
          ),
        ),
  );

  app.delete(
    '/order/payments/:id/:paymentId',
    {
      schema: {
        ...admin,
        summary: 'Removes a payment recorded by mistake (before the order is with its courier)',
        params: paymentParamsSchema,
        response: { 200: orderAnswer, ...errorResponses(404, 409) },
      },
    },
    async (request) =>
      envelope(
        await deletePayment(app.db.kysely, request.params.id, request.params.paymentId, adminName(request)),
        ORDER_MESSAGES.paymentRemoved,
      ),
  );

  app.post(
    '/order/courierChecked/:id',
    {
      schema: {
        ...admin,
        summary: 'The owner checked what a courier said against the order: its warning is cleared',
        params: idParamsSchema,
        response: { 200: orderAnswer, ...errorResponses(404) },
      },
    },
    async (request) =>
      envelope(
        await clearCourierAttention(app.db.kysely, request.params.id, adminName(request)),
        ORDER_MESSAGES.orderChanged,
      ),
  );

  app.post(
    '/order/notes/:id',
    {
      schema: {
        ...admin,
        summary: 'Adds an internal note to an order',
        params: idParamsSchema,
        body: orderNoteCreateSchema,
        response: { 201: envelopeSchema(orderNoteSchema), ...errorResponses(404) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          envelope(
            await addNote(
              app.db.kysely,
              request.params.id,
              request.body.text,
              signedIn(request).username,
              signedIn(request).userId,
            ),
            ORDER_MESSAGES.noteAdded,
            201,
          ),
        ),
  );

  app.put(
    '/order/edit/:id',
    {
      schema: {
        ...admin,
        summary:
          'Corrects an order before it ships (contact, wilaya, lines): stock moved and figures recomputed in one transaction',
        params: idParamsSchema,
        body: orderEditSchema,
        response: { 200: orderAnswer, ...errorResponses(404, 409) },
      },
    },
    async (request) => {
      await workOn(app.db.kysely, request.params.id, signedIn(request));
      return envelope(
        await editOrder(app.db.kysely, app.geography.current(), request.params.id, request.body, adminName(request)),
        ORDER_MESSAGES.orderChanged,
      );
    },
  );

  app.post(
    '/order/returnReceived/:id',
    {
      schema: {
        ...admin,
        summary: 'A returned parcel is back: its stock is given back',
        params: idParamsSchema,
        response: { 200: orderAnswer, ...errorResponses(404, 409) },
      },
    },
    async (request) =>
      envelope(
        await markReturnReceived(app.db.kysely, request.params.id, adminName(request)),
        ORDER_MESSAGES.returnReceived,
      ),
  );

  app.put(
    '/order/bulkStatus',
    {
      schema: {
        ...admin,
        summary: "Changes several orders' status, each on its own; answers each one's outcome",
        body: bulkStatusSchema,
        response: { 200: envelopeSchema(bulkStatusResultSchema) },
      },
    },
    async (request) =>
      envelope(
        await bulkStatus(
          app.db.kysely,
          app.couriers.parcelCourier,
          request.body.ids,
          request.body.status,
          adminName(request),
        ),
      ),
  );

  app.get(
    '/order/blacklist',
    {
      schema: {
        ...admin,
        summary: 'Blacklisted phones, newest first',
        response: { 200: envelopeSchema(z.array(blacklistEntryReadSchema)) },
      },
    },
    async () => envelope(await listBlacklist(app.db.kysely)),
  );

  app.post(
    '/order/blacklist',
    {
      schema: {
        ...admin,
        summary: 'Blacklists a phone (its next orders are held or refused, as the settings say)',
        body: blacklistEntrySchema,
        response: { 201: envelopeSchema(blacklistEntryReadSchema) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          envelope(
            await blacklistPhone(app.db.kysely, request.body.phone, request.body.reason),
            ORDER_MESSAGES.blacklisted,
            201,
          ),
        ),
  );

  app.delete(
    '/order/blacklist/:phone',
    {
      schema: {
        ...admin,
        summary: 'Takes a phone off the blacklist',
        params: blacklistPhoneParamsSchema,
        response: { 200: envelopeSchema(z.null()), ...errorResponses(404) },
      },
    },
    async (request) => {
      await unblacklistPhone(app.db.kysely, request.params.phone);
      return envelope(null, ORDER_MESSAGES.unblacklisted);
    },
  );

  app.get(
    '/order/getOrder/:id',
    {
      schema: {
        ...admin,
        summary: 'One order with its lines and history',
        params: idParamsSchema,
        response: { 200: orderAnswer, ...errorResponses(404) },
      },
    },
    async (request) => envelope(await getOrder(app.db.kysely, request.params.id)),
  );

  app.put(
    '/order/updateOrderStatus/:id',
    {
      schema: {
        ...admin,
        summary:
          "Changes an order's status as the transition table allows (409 otherwise, or when reopening finds its stock gone); cancelling an order whose parcel exists cancels the parcel at the courier first (409 when it is already picked up, 503 when the courier cannot be reached)",
        params: idParamsSchema,
        body: orderStatusUpdateSchema,
        response: { 200: orderAnswer, ...errorResponses(404, 409, 503) },
      },
    },
    async (request) => {
      const { order, changed } = await updateOrderStatus(
        app.db.kysely,
        app.couriers.parcelCourier,
        request.params.id,
        request.body.status,
        adminName(request),
      );
      return envelope(order, changed ? ORDER_MESSAGES.statusUpdated : ORDER_MESSAGES.statusUnchanged);
    },
  );

  app.get(
    '/order/stats',
    {
      schema: {
        ...admin,
        summary:
          'Dashboard figures computed in SQL: orders and revenue (with and without delivery fees) of a period (all, today, 7d, 30d, month), pending orders now',
        querystring: statsQuerySchema,
        response: { 200: envelopeSchema(orderStatsSchema) },
      },
    },
    // Computed in SQL, then kept by the catalogue cache until an order or a status change ('orders').
    // Keyed by day too: the last-30-days window moves at midnight even when nothing is ordered.
    async (request, reply) =>
      app.responseCache.serveText(
        `order stats ${todayIso()} ${request.query.period}`,
        request,
        reply,
        'application/json; charset=utf-8',
        async () => serialized(reply, envelope(await orderStats(app.db.kysely, new Date(), request.query.period))),
        { tags: ['orders'] },
      ),
  );
}
