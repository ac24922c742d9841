import {
  shippingPriceCreateSchema,
  shippingPriceDeleteSchema,
  shippingPriceUpdateSchema,
} from '@shop/domain/shipping-schemas';
import { shippingPriceSchema } from '@shop/domain/shipping-responses';
import { emptyEnvelopeSchema, envelopeSchema } from '@shop/domain/responses';
import { z } from 'zod';
import type { App } from '../../http/types.ts';
import { envelope } from '../../http/envelope.ts';
import { errorResponses } from '../../http/contracts.ts';
import {
  createShippingPrice,
  deleteShippingPrice,
  listShippingPrices,
  updateShippingPrice,
} from './shipping.service.ts';

export function shippingRoutes(app: App): void {
  app.get(
    '/ShippingPrice/read',
    {
      schema: {
        tags: ['shipping'],
        summary: 'Every wilaya with its shipping price (Da), by code',
        response: { 200: envelopeSchema(z.array(shippingPriceSchema)) },
      },
    },
    async () => envelope(await listShippingPrices(app.db.kysely)),
  );
}

/** The shipping table's edits: admin scope (http/admin-guard.ts). */
export function shippingAdminRoutes(app: App): void {
  const admin = { tags: ['shipping'] };
  const priceAnswer = envelopeSchema(shippingPriceSchema);

  app.post(
    '/ShippingPrice/create',
    {
      schema: {
        ...admin,
        summary: 'Adds a wilaya and its price',
        body: shippingPriceCreateSchema,
        response: { 201: priceAnswer, ...errorResponses(409) },
      },
    },
    async (request, reply) => {
      const created = await createShippingPrice(app.db.kysely, request.body);
      return reply.status(201).send(envelope(created, 'Shipping price added successfully', 201));
    },
  );

  app.post(
    '/ShippingPrice/update',
    {
      schema: {
        ...admin,
        summary: 'Changes a wilaya name or price',
        body: shippingPriceUpdateSchema,
        response: { 200: priceAnswer, ...errorResponses(404, 409) },
      },
    },
    async (request) => {
      const { id, ...input } = request.body;
      return envelope(await updateShippingPrice(app.db.kysely, id, input), 'Shipping price updated successfully');
    },
  );

  app.post(
    '/ShippingPrice/delete',
    {
      schema: {
        ...admin,
        summary: 'Removes a wilaya',
        body: shippingPriceDeleteSchema,
        response: { 200: emptyEnvelopeSchema, ...errorResponses(404) },
      },
    },
    async (request) => {
      await deleteShippingPrice(app.db.kysely, request.body.id);
      return envelope(null, 'Shipping price deleted successfully');
    },
  );
}
