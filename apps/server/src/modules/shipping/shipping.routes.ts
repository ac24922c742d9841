import { communeQuerySchema, communeSchema } from '@shop/domain/geo/communes';
import {
  shippingAdjustSchema,
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
import { communesOf } from './communes.ts';
import {
  adjustShippingPrices,
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
        summary: 'Every wilaya with its home delivery and stop desk fees (Da), by code',
        response: { 200: envelopeSchema(z.array(shippingPriceSchema)) },
      },
    },
    async () => envelope(await listShippingPrices(app.db.kysely)),
  );

  app.get(
    '/commune',
    {
      schema: {
        tags: ['shipping'],
        summary:
          "A wilaya's communes (wilaya by number or name, accents and case ignored), by French name; 404 for an unknown wilaya",
        querystring: communeQuerySchema,
        response: { 200: envelopeSchema(z.array(communeSchema)), ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const communes = communesOf(request.query.wilaya);
      // Static data shipped with the release: browsers and proxies may keep it for a day.
      void reply.header('cache-control', 'public, max-age=86400');
      return envelope(communes);
    },
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
        summary: 'Changes a wilaya name or fees (stop_desk_price omitted: kept; null or empty: no stop desk)',
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
    '/ShippingPrice/adjust',
    {
      schema: {
        ...admin,
        summary:
          "Changes every wilaya's home and/or stop desk fee at once, by an amount (Da) or a percentage; whole dinars, never below 0, one transaction",
        body: shippingAdjustSchema,
        response: { 200: envelopeSchema(z.array(shippingPriceSchema)), ...errorResponses() },
      },
    },
    async (request) => envelope(await adjustShippingPrices(app.db.kysely, request.body), 'Shipping prices adjusted'),
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
