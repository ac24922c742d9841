// The storefront's order route: one path, JSON for a regular order, multipart for a custom one.
// The request is checked here (its shape, its size, its sender's rate), then priced and written by
// place.service.ts. docs/how-an-order-is-placed.md follows it from here to the commit.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { createdOrderSchema, orderConflictSchema } from '@shop/domain/order-responses';
import { envelopeSchema } from '@shop/domain/responses';
import { customOrderFieldsSchema, REFERENCE_IMAGE_FIELDS, regularOrderSchema } from '@shop/domain/order-schemas';
import type { App } from '../../../http/types.ts';
import { envelope } from '../../../http/envelope.ts';
import { badRequest } from '../../../http/errors.ts';
import { limitPerKey } from '../../../http/rate-limits.ts';
import { errorResponses } from '../../../http/contracts.ts';
import { withMultipart, type FileRules } from '../../../http/multipart.ts';
import { attributionOfRequest, withoutAttribution } from '../../marketing/ad-events.service.ts';
import { ORDER_MESSAGES } from '../order-messages.ts';
import { IDEMPOTENCY_HEADER, orderKeyOf } from './order-keys.ts';
import { assertOrderSize, placeCustomOrder, placeRegularOrder } from './place.service.ts';

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

export function placeOrderRoutes(app: App): void {
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
          orderKeyOf(keyHeader, { fields: withoutAttribution(fields), pictures }),
          attributionOfRequest(fields, request),
        );
      });
      return envelope(result, ORDER_MESSAGES.customCreated, 201);
    }
    const input = parsePayload(regularOrderSchema, request.body);
    assertOrderSize(input.items, config.orderLimits);
    await limitPerKey(app, reply, config.rateLimits.ordersPerPhone, input.customer_phone);
    const key = orderKeyOf(keyHeader, withoutAttribution(input));
    return envelope(
      await placeRegularOrder(orderPlacing, input, key, attributionOfRequest(input, request)),
      ORDER_MESSAGES.created,
      201,
    );
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
}
