import {
  shippingPriceCreateSchema,
  shippingPriceDeleteSchema,
  shippingPriceUpdateSchema,
} from '@shop/domain/shipping-schemas';
import type { App } from '../../http/types.ts';
import { envelope } from '../../http/envelope.ts';
import { requireAdmin } from '../../http/admin-guard.ts';
import {
  createShippingPrice,
  deleteShippingPrice,
  listShippingPrices,
  updateShippingPrice,
} from './shipping.service.ts';

export function shippingRoutes(app: App): void {
  app.get(
    '/ShippingPrice/read',
    { schema: { tags: ['shipping'], summary: 'Every wilaya with its shipping price (Da), by code' } },
    async () => envelope(await listShippingPrices(app.db.kysely)),
  );

  const admin = { tags: ['shipping'], security: [{ bearer: [] }] };

  app.post(
    '/ShippingPrice/create',
    {
      schema: { ...admin, summary: 'Adds a wilaya and its price', body: shippingPriceCreateSchema },
      onRequest: requireAdmin,
    },
    async (request, reply) => {
      const created = await createShippingPrice(app.db.kysely, request.body);
      return reply.status(201).send(envelope(created, 'Shipping price added successfully', 201));
    },
  );

  app.post(
    '/ShippingPrice/update',
    {
      schema: { ...admin, summary: 'Changes a wilaya name or price', body: shippingPriceUpdateSchema },
      onRequest: requireAdmin,
    },
    async (request) => {
      const { id, ...input } = request.body;
      return envelope(await updateShippingPrice(app.db.kysely, id, input), 'Shipping price updated successfully');
    },
  );

  app.post(
    '/ShippingPrice/delete',
    {
      schema: { ...admin, summary: 'Removes a wilaya', body: shippingPriceDeleteSchema },
      onRequest: requireAdmin,
    },
    async (request) => {
      await deleteShippingPrice(app.db.kysely, request.body.id);
      return envelope(null, 'Shipping price deleted successfully');
    },
  );
}
