import { idParamsSchema } from '@shop/domain/common-schemas';
import { customItemsQuerySchema, customOrderItemSchema } from '@shop/domain/custom-item-schemas';
import { customItemSchema } from '@shop/domain/custom-item-responses';
import { emptyEnvelopeSchema, envelopeSchema } from '@shop/domain/responses';
import { z } from 'zod';
import { envelope } from '../../http/envelope.ts';
import { errorResponses } from '../../http/contracts.ts';
import type { App } from '../../http/types.ts';
import {
  createCustomItem,
  deleteCustomItem,
  listCustomItems,
  toggleCustomItem,
  updateCustomItem,
} from './custom-items.service.ts';

const tags = ['custom-items'];
const itemAnswer = envelopeSchema(customItemSchema);

export function customItemsRoutes(app: App): void {
  app.get(
    '/CustomOrderItem/getAll',
    {
      schema: {
        tags,
        summary: 'Custom-order items; active ones only unless all=true',
        querystring: customItemsQuerySchema,
        response: { 200: envelopeSchema(z.array(customItemSchema)) },
      },
    },
    async (request) => envelope(await listCustomItems(app.db, request.query.all)),
  );
}

/** The custom-order catalogue's edits: admin scope (http/admin-guard.ts). */
export function customItemsAdminRoutes(app: App): void {
  app.post(
    '/CustomOrderItem/store',
    {
      schema: {
        tags,
        summary: 'Adds a custom-order item (admin)',
        body: customOrderItemSchema,
        response: { 201: itemAnswer },
      },
    },
    async (request, reply) => {
      const item = await createCustomItem(app.db, request.body);
      return reply.status(201).send(envelope(item, 'Custom order item created', 201));
    },
  );

  app.put(
    '/CustomOrderItem/update/:id',
    {
      schema: {
        tags,
        summary: 'Replaces a custom-order item (admin)',
        params: idParamsSchema,
        body: customOrderItemSchema,
        response: { 200: itemAnswer, ...errorResponses(404) },
      },
    },
    async (request) =>
      envelope(await updateCustomItem(app.db, request.params.id, request.body), 'Custom order item updated'),
  );

  app.put(
    '/CustomOrderItem/toggleActive/:id',
    {
      schema: {
        tags,
        summary: 'Activates or deactivates a custom-order item (admin)',
        params: idParamsSchema,
        response: { 200: itemAnswer, ...errorResponses(404) },
      },
    },
    async (request) => envelope(await toggleCustomItem(app.db, request.params.id), 'Custom order item updated'),
  );

  app.delete(
    '/CustomOrderItem/delete/:id',
    {
      schema: {
        tags,
        summary: 'Deletes a custom-order item; past orders keep their clothing type (admin)',
        params: idParamsSchema,
        response: { 200: emptyEnvelopeSchema, ...errorResponses(404) },
      },
    },
    async (request) => {
      await deleteCustomItem(app.db, request.params.id);
      return envelope(null, 'Custom order item deleted');
    },
  );
}
