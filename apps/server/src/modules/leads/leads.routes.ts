import { z } from 'zod';
import {
  checkoutDraftSchema,
  draftKeySchema,
  leadCallSchema,
  leadCustomOrderSchema,
  leadFiguresSchema,
  leadOrderSchema,
  leadSchema,
  leadSettingsSchema,
} from '@shop/domain/checkout-drafts';
import { createdOrderSchema, orderConflictSchema } from '@shop/domain/order-responses';
import { envelopeSchema } from '@shop/domain/responses';
import { REFERENCE_IMAGE_FIELDS } from '@shop/domain/order-schemas';
import { idParamsSchema } from '@shop/domain/common-schemas';
import { DESK_CLAIM_MINUTES } from '@shop/domain/staff';
import type { App } from '../../http/types.ts';
import { envelope } from '../../http/envelope.ts';
import { errorResponses } from '../../http/contracts.ts';
import { signedIn } from '../../http/admin-guard.ts';
import { badRequest } from '../../http/errors.ts';
import { withMultipart, type FileRules } from '../../http/multipart.ts';
import { assertOrderSize } from '../orders/orders-public.service.ts';
import {
  callLead,
  claimLead,
  createCustomOrderFromLead,
  createOrderFromLead,
  LEAD_MESSAGES,
  leadFigures,
  leadSettings,
  listLeads,
  releaseLead,
  saveDraft,
  saveLeadSettings,
} from './leads.service.ts';

/** The custom order's reference pictures, under the customer's field names (front, back, side). */
const REFERENCE_IMAGE_FILES: FileRules = {
  accepts: (field) => Object.hasOwn(REFERENCE_IMAGE_FIELDS, field),
  maxFiles: Object.keys(REFERENCE_IMAGE_FIELDS).length,
};

/** The multipart fields of a custom lead's order, checked with the API's error shape. */
function customOrderFields(fields: Record<string, string>) {
  const result = leadCustomOrderSchema.safeParse(fields);
  if (result.success) return result.data;
  const errors = result.error.issues.map((issue) => ({ field: issue.path.join('.'), message: issue.message }));
  throw badRequest(errors[0]?.message ?? 'Invalid request', { errors });
}

const savedSchema = z.object({ saved: z.literal(true) });
const settingsAnswer = envelopeSchema(z.object({ delay_minutes: z.number() }));

/** The storefront's drafts: public, limited per client address. */
export function leadsRoutes(app: App): void {
  app.put(
    '/checkout-drafts/:key',
    {
      schema: {
        tags: ['leads'],
        summary:
          'Saves what a customer typed in a checkout (once a name and a valid phone are there) and its ad attribution (the order’s fields but event_id), under the browser’s draft key; the order placed with checkout_draft_key converts it',
        params: z.object({ key: draftKeySchema }),
        body: checkoutDraftSchema,
        response: { 200: envelopeSchema(savedSchema) },
      },
      config: { rateLimit: app.config.rateLimits.checkoutDrafts },
    },
    async (request) => {
      await saveDraft(app.db.kysely, request.params.key, request.body, request);
      return envelope({ saved: true as const }, 'Brouillon enregistré');
    },
  );
}

/** The desk's leads, their calls, the order made from one, the figures and the delay. */
export function leadsAdminRoutes(app: App): void {
  const admin = { tags: ['leads'] };
  const leadAnswer = envelopeSchema(leadSchema);

  app.get(
    '/leads',
    {
      schema: {
        ...admin,
        summary:
          'Abandoned checkouts to call: drafts unchanged for the delay, not ordered, whose phone placed no order from 24 h before them; with those recovered in the last day',
        response: { 200: envelopeSchema(z.array(leadSchema)) },
      },
    },
    async () => envelope(await listLeads(app.db.kysely)),
  );

  app.put(
    '/leads/:id/call',
    {
      schema: {
        ...admin,
        summary:
          "A lead's call: no answer, call back at a time, or not interested (leaves the list); ends the hold. 409 while another agent holds the lead (the owner and managers may step in)",
        params: idParamsSchema,
        body: leadCallSchema,
        response: { 200: leadAnswer, ...errorResponses(404, 409) },
      },
    },
    async (request) =>
      envelope(
        await callLead(app.db.kysely, request.params.id, request.body, signedIn(request)),
        LEAD_MESSAGES.callSaved,
      ),
  );

  app.post(
    '/leads/:id/claim',
    {
      schema: {
        ...admin,
        summary: `Holds a lead for the signed-in user while they call (${DESK_CLAIM_MINUTES} minutes from their last tap, as an order of the desk); 409 while another holds it`,
        params: idParamsSchema,
        response: { 200: leadAnswer, ...errorResponses(404, 409) },
      },
      config: { keepsCache: true },
    },
    async (request) =>
      envelope(await claimLead(app.db.kysely, request.params.id, signedIn(request)), LEAD_MESSAGES.claimed),
  );

  app.post(
    '/leads/:id/release',
    {
      schema: {
        ...admin,
        summary: "Gives a lead back (its holder, or the owner or a manager for anyone's)",
        params: idParamsSchema,
        response: { 200: leadAnswer, ...errorResponses(404, 409) },
      },
      config: { keepsCache: true },
    },
    async (request) =>
      envelope(await releaseLead(app.db.kysely, request.params.id, signedIn(request)), LEAD_MESSAGES.released),
  );

  app.post(
    '/leads/:id/order',
    {
      schema: {
        ...admin,
        summary:
          "Places the lead's cart as an order, priced and checked by the server as a customer's order; the lead shows as recovered. Optional address, wilaya, commune and delivery_type (home or stop_desk: the commune is then the stop desk's) as the customer said them on the phone win over the draft's, checked as a customer's order (a wilaya the shop delivers to, a commune of it, a stop desk only where there is one; 400 in English, nothing written) and charged the server's fee. Sent twice, answers the same order. 409 while another agent holds the lead",
        params: idParamsSchema,
        body: leadOrderSchema,
        response: {
          201: envelopeSchema(z.object({ order: createdOrderSchema, lead: leadSchema })),
          // Ordered already (no data), or the stock is short (each line's stock) as for any order.
          409: envelopeSchema(z.union([orderConflictSchema, z.null()])),
          ...errorResponses(404),
        },
      },
    },
    async (request, reply) => {
      const result = await createOrderFromLead(app.orderPlacing, request.params.id, request.body, signedIn(request), {
        check: (items) => assertOrderSize(items, app.config.orderLimits),
      });
      return reply.status(201).send(envelope(result, LEAD_MESSAGES.recovered(result.order.order_id), 201));
    },
  );

  app.post(
    '/leads/:id/custom-order',
    {
      schema: {
        ...admin,
        summary:
          "Places a custom order page's lead as its order (multipart: clothing_type — the custom item's id or cup —, color, size, address?, wilaya?, commune?, delivery_type? — home or stop_desk, the commune then the stop desk's; files reference_image_front, reference_image_back, reference_image_side, as POST /Order; a cup takes the front only), priced and checked by the server as a customer's custom order, with the draft's customer and attribution, and the agent's wilaya, commune and delivery type else the draft's (a wilaya the shop delivers to, a commune of it, a stop desk only where there is one; 400 in English, nothing written; the server's fee); the lead shows as recovered. Sent twice, answers the same order. 409 while another agent holds the lead",
        params: idParamsSchema,
        response: {
          201: envelopeSchema(z.object({ order: createdOrderSchema, lead: leadSchema })),
          ...errorResponses(404, 409, 413, 422),
        },
      },
    },
    async (request, reply) => {
      const result = await withMultipart(request, reply, REFERENCE_IMAGE_FILES, (body) =>
        createCustomOrderFromLead(
          app.orderPlacing,
          app.imageStorage,
          request.params.id,
          customOrderFields(body.fields),
          body.files,
          signedIn(request),
        ),
      );
      return reply.status(201).send(envelope(result, LEAD_MESSAGES.recovered(result.order.order_id), 201));
    },
  );

  app.get(
    '/leads/figures',
    {
      schema: {
        ...admin,
        summary: 'Leads of the last 30 days, the orders the desk made from them, the recovery rate',
        response: { 200: envelopeSchema(leadFiguresSchema) },
      },
    },
    async () => envelope(await leadFigures(app.db.kysely)),
  );

  app.get(
    '/leads/settings',
    {
      schema: {
        ...admin,
        summary: 'Minutes after its last change before a checkout nobody ordered becomes a lead',
        response: { 200: settingsAnswer },
      },
    },
    async () => envelope(await leadSettings(app.db.kysely)),
  );

  app.put(
    '/leads/settings',
    {
      schema: {
        ...admin,
        summary: 'Sets the delay before a checkout becomes a lead (minutes, 0 to 1440; 20 by default)',
        body: leadSettingsSchema,
        response: { 200: settingsAnswer },
      },
    },
    async (request) => envelope(await saveLeadSettings(app.db.kysely, request.body), LEAD_MESSAGES.saved),
  );
}
