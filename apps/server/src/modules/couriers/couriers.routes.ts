import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  accountingExportQuerySchema,
  courierSendResultSchema,
  courierSendSchema,
  courierStatusSchema,
  courierSyncResultSchema,
  courierWebhookResultSchema,
  courierWebhookSchema,
  orderExportQuerySchema,
  slipSchema,
  slipsQuerySchema,
} from '@shop/domain/courier';
import { envelopeSchema } from '@shop/domain/responses';
import type { App } from '../../http/types.ts';
import { envelope } from '../../http/envelope.ts';
import { conflict, forbidden, HttpError, notFound } from '../../http/errors.ts';
import { errorResponses } from '../../http/contracts.ts';
import { CourierError, type Courier } from './courier.ts';
import { receiveStatuses, sendOrders, syncStatuses } from './couriers.service.ts';
import { accountingExport, slips, yalidineExport } from './exports.service.ts';

const NOT_CONFIGURED = 'No courier is configured: set YALIDINE_API_ID and YALIDINE_API_TOKEN';

/** A CSV file as the answer (documented as text/csv). */
const csvAnswer = z.string().meta({ description: 'CSV: UTF-8 with a byte-order mark, ";" between cells' });

function sendCsv(reply: FastifyReply, name: string, csv: string) {
  const day = new Date().toISOString().slice(0, 10);
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}-${day}.csv"`)
    .header('cache-control', 'no-store')
    .send(csv);
}

/** Equal strings compared in constant time (their digests, so lengths leak nothing either). */
function sameSecret(given: string, secret: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(given), digest(secret));
}

/** The webhook's token: ?token= or the X-Webhook-Token header; 403 unless it is the secret. */
function checkWebhook(app: App, request: FastifyRequest): void {
  const secret = app.config.courier.webhookSecret;
  if (!secret) throw notFound('The courier webhook is not configured (YALIDINE_WEBHOOK_SECRET)');
  const query = request.query as { token?: unknown };
  const header = request.headers['x-webhook-token'];
  const given = typeof query.token === 'string' ? query.token : typeof header === 'string' ? header : '';
  if (!sameSecret(given, secret)) throw forbidden('Invalid webhook token');
}

/** The courier's calls to the shop: outside the admin scope, verified by the webhook secret. */
export function couriersRoutes(app: App): void {
  const webhookQuery = z.object({ token: z.string().max(500).optional(), crc_token: z.string().max(500).optional() });

  app.post(
    '/courier/webhook/yalidine',
    {
      schema: {
        tags: ['couriers'],
        summary:
          "Yalidine's parcel status updates (its events, or one { tracking, status }); token in ?token= or X-Webhook-Token",
        querystring: webhookQuery,
        body: courierWebhookSchema,
        response: { 200: envelopeSchema(courierWebhookResultSchema), ...errorResponses(403, 404) },
      },
      // Checked before the body is read or validated.
      onRequest: (request, _reply, done) => {
        checkWebhook(app, request);
        done();
      },
    },
    async (request) => {
      const body = request.body;
      const parcels = 'events' in body ? body.events.map((e) => e.data) : [body];
      return envelope(await receiveStatuses(app.db.kysely, parcels));
    },
  );

  app.get(
    '/courier/webhook/yalidine',
    {
      schema: {
        tags: ['couriers'],
        summary: "Yalidine's check of the webhook address: answers its crc_token",
        querystring: webhookQuery,
        response: { 200: z.string(), ...errorResponses(403, 404) },
      },
      onRequest: (request, _reply, done) => {
        checkWebhook(app, request);
        done();
      },
    },
    async (request, reply) => reply.type('text/plain; charset=utf-8').send(request.query.crc_token ?? ''),
  );
}

/** The back office's courier calls: admin scope (http/admin-guard.ts). */
export function couriersAdminRoutes(app: App): void {
  const admin = { tags: ['couriers'] };
  const courier = (): Courier => {
    if (!app.courier) throw conflict(NOT_CONFIGURED);
    return app.courier;
  };

  app.get(
    '/courier/status',
    {
      schema: {
        ...admin,
        summary: 'Whether a courier is configured, its webhook, the sync interval and the quota left',
        response: { 200: envelopeSchema(courierStatusSchema) },
      },
    },
    () =>
      envelope({
        courier: app.courier?.name ?? null,
        configured: app.courier !== null,
        webhook: Boolean(app.config.courier.webhookSecret),
        sync_minutes: app.courier ? app.config.courier.syncMinutes : 0,
        quota: app.courier?.quota() ?? { second: null, minute: null, hour: null, day: null },
      }),
  );

  app.post(
    '/courier/send',
    {
      schema: {
        ...admin,
        summary:
          'Hands approved orders to the courier: each answered on its own (tracking number and label, or why not); a retry never makes a second parcel',
        body: courierSendSchema,
        response: { 200: envelopeSchema(courierSendResultSchema), ...errorResponses(409) },
      },
    },
    async (request) => {
      const result = await sendOrders(
        app.db.kysely,
        courier(),
        request.body.orderIds,
        request.admin?.username ?? 'admin',
      );
      const sent = result.results.filter((r) => r.ok).length;
      return envelope(result, `${sent} of ${result.results.length} order(s) sent to the courier`);
    },
  );

  app.post(
    '/courier/sync',
    {
      schema: {
        ...admin,
        summary: "Asks the courier for its parcels' statuses now and moves the orders they mean",
        response: { 200: envelopeSchema(courierSyncResultSchema), ...errorResponses(409) },
      },
    },
    async () => envelope(await syncStatuses(app.db.kysely, courier())),
  );

  app.get(
    '/courier/stopDesks',
    {
      schema: {
        ...admin,
        summary: "The courier's stop desks (its centers)",
        response: {
          200: envelopeSchema(
            z.array(z.object({ id: z.string(), name: z.string(), commune: z.string(), wilaya: z.string() })),
          ),
          ...errorResponses(409, 502),
        },
      },
    },
    async () => {
      try {
        return envelope(await courier().stopDesks());
      } catch (error) {
        if (error instanceof CourierError) throw new HttpError(502, error.message);
        throw error;
      }
    },
  );

  app.get(
    '/courier/export/yalidine',
    {
      schema: {
        ...admin,
        summary:
          "The chosen (ids=1,2) or filtered orders in Yalidine's bulk-import layout, as CSV (no courier account needed)",
        querystring: orderExportQuerySchema,
        produces: ['text/csv'],
        response: { 200: csvAnswer },
      },
    },
    async (request, reply) => sendCsv(reply, 'yalidine-parcels', await yalidineExport(app.db.kysely, request.query)),
  );

  app.get(
    '/order/export',
    {
      schema: {
        ...admin,
        summary:
          "The accountant's orders file: the chosen (ids=1,2) or filtered orders (the orders list's filters), CSV for French spreadsheets",
        querystring: accountingExportQuerySchema,
        produces: ['text/csv'],
        response: { 200: csvAnswer },
      },
    },
    async (request, reply) => {
      const { format: _csv, ...query } = request.query;
      return sendCsv(reply, 'orders', await accountingExport(app.db.kysely, query));
    },
  );

  app.get(
    '/courier/slips',
    {
      schema: {
        ...admin,
        summary: 'What the delivery slips of these orders print (ids=1,2,3), in that order',
        querystring: slipsQuerySchema,
        response: { 200: envelopeSchema(z.array(slipSchema)), ...errorResponses(404) },
      },
    },
    async (request) => envelope(await slips(app.db.kysely, request.query.ids)),
  );
}
