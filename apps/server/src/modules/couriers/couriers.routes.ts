import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyReply } from 'fastify';
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
import { conflict, HttpError, notFound, unauthorized } from '../../http/errors.ts';
import { errorResponses } from '../../http/contracts.ts';
import { CourierError, type Courier } from './courier.ts';
import { receiveEvents, sendOrders } from './couriers.service.ts';
import { runCourierSync } from './courier-sync.ts';
import { accountingExport, slips, yalidineExport } from './exports.service.ts';

const NOT_CONFIGURED = 'No courier is configured: set YALIDINE_API_ID and YALIDINE_API_TOKEN';

/** The wilayas the courier speaks: the configured courier's, else Yalidine's (whose file the back office exports). */
const courierDivision = (app: App) => app.courier?.division ?? app.config.courier.yalidineDivision;

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

/**
 * Whether `given` (the X-YALIDINE-SIGNATURE header: hex HMAC-SHA256 of the raw body with the
 * webhook's secret key, as Yalidine documents it) signs `body`. Compared in constant time.
 */
export function validSignature(body: Buffer, given: string, secret: string): boolean {
  const hex = given.trim();
  if (!/^[0-9a-f]{64}$/i.test(hex)) return false;
  return timingSafeEqual(Buffer.from(hex, 'hex'), createHmac('sha256', secret).update(body).digest());
}

/** 404 when the webhook is off (no YALIDINE_WEBHOOK_SECRET); the secret otherwise. */
function webhookSecret(app: App): string {
  const secret = app.config.courier.webhookSecret;
  if (!secret) throw notFound('The courier webhook is not configured (YALIDINE_WEBHOOK_SECRET)');
  return secret;
}

/**
 * The courier's calls to the shop, outside the admin scope, as Yalidine's webhooks work: a GET
 * with `subscribe` and `crc_token` checks the address (answered with the crc_token, at creation and
 * from time to time after), and each POST carries events signed with the webhook's secret key in
 * X-YALIDINE-SIGNATURE. The JSON parser of these routes keeps the body's bytes and checks the
 * signature before parsing them: an unsigned or wrongly signed call is refused (401) and writes
 * nothing.
 */
export function couriersRoutes(app: App): void {
  void app.register((hooks: App, _options, registered) => {
    const parseJson = hooks.getDefaultJsonParser('error', 'error');
    hooks.removeContentTypeParser('application/json');
    hooks.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
      const raw = body as Buffer;
      const given = request.headers['x-yalidine-signature'];
      const secret = webhookSecret(app);
      if (typeof given !== 'string' || given.trim() === '') {
        done(unauthorized('Missing X-YALIDINE-SIGNATURE header'), undefined);
        return;
      }
      if (!validSignature(raw, given, secret)) {
        done(unauthorized('Invalid X-YALIDINE-SIGNATURE: not signed with the webhook secret key'), undefined);
        return;
      }
      void parseJson(request, raw.toString('utf8'), done);
    });

    hooks.post(
      '/courier/webhook/yalidine',
      {
        schema: {
          tags: ['couriers'],
          summary:
            "Yalidine's webhook events ({ type, events }); parcel_status_updated moves the orders. Signed: X-YALIDINE-SIGNATURE = hex HMAC-SHA256 of the raw body with the webhook secret key",
          headers: z.object({ 'x-yalidine-signature': z.string().max(200).optional() }),
          body: courierWebhookSchema,
          response: { 200: envelopeSchema(courierWebhookResultSchema), ...errorResponses(401, 404) },
        },
        // Before the body is read: a webhook that is off is 404 whatever is sent.
        onRequest: (_request, _reply, done) => {
          webhookSecret(app);
          done();
        },
      },
      async (request) => envelope(await receiveEvents(app.db.kysely, request.body)),
    );

    hooks.get(
      '/courier/webhook/yalidine',
      {
        schema: {
          tags: ['couriers'],
          summary: "Yalidine's check of the webhook address (?subscribe&crc_token=…): answers the crc_token as it came",
          querystring: z.object({
            subscribe: z.string().max(100).optional(),
            crc_token: z.string({ error: 'crc_token is required' }).min(1).max(500),
          }),
          produces: ['text/plain'],
          response: { 200: z.string(), ...errorResponses(404) },
        },
        onRequest: (_request, _reply, done) => {
          webhookSecret(app);
          done();
        },
      },
      async (request, reply) =>
        reply.type('text/plain; charset=utf-8').header('cache-control', 'no-store').send(request.query.crc_token),
    );
    registered();
  });
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
        summary:
          "Asks the courier for its parcels' statuses now and moves the orders they mean; 409 while a sync runs (one at a time across processes)",
        response: { 200: envelopeSchema(courierSyncResultSchema), ...errorResponses(409) },
      },
    },
    async () => {
      const result = await runCourierSync(app.db.kysely, courier());
      if (!result)
        throw conflict('A courier sync is already running (this or another server process): try again in a minute');
      return envelope(result);
    },
  );

  app.get(
    '/courier/stopDesks',
    {
      schema: {
        ...admin,
        summary: "The courier's stop desks (its centers)",
        response: {
          200: envelopeSchema(
            z.array(
              z.object({
                id: z.string(),
                name: z.string(),
                address: z.string(),
                commune: z.string(),
                wilaya: z.string(),
              }),
            ),
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
    async (request, reply) =>
      sendCsv(
        reply,
        'yalidine-parcels',
        await yalidineExport(app.db.kysely, request.query, app.config.courier.yalidineDivision),
      ),
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
      return sendCsv(reply, 'orders', await accountingExport(app.db.kysely, query, courierDivision(app)));
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
    async (request) =>
      envelope(
        await slips(app.db.kysely, request.query.ids, courierDivision(app), {
          name: app.config.shop.name,
          phone: app.config.shop.phone,
        }),
      ),
  );
}
