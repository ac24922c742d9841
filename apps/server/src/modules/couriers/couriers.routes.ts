import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  accountingExportQuerySchema,
  courierLabel,
  courierSendResultSchema,
  courierSendSchema,
  courierStatusSchema,
  courierSyncResultSchema,
  courierWebhookResultSchema,
  courierWebhookSchema,
  orderExportQuerySchema,
  slipSchema,
  slipsQuerySchema,
  type CourierSyncResult,
} from '@shop/domain/courier';
import {
  courierAccountSchema,
  courierAccountWriteSchema,
  courierAttachSchema,
  courierHandOverResultSchema,
  courierHandOverSchema,
  courierPlacesResultSchema,
  courierRoutesSchema,
  courierRoutesWriteSchema,
  courierSettingsReadSchema,
  courierSettingsSchema,
  orderCourierAccountSchema,
} from '@shop/domain/courier-accounts';
import { idParamsSchema, queryInteger } from '@shop/domain/common-schemas';
import { envelopeSchema } from '@shop/domain/responses';
import type { App } from '../../http/types.ts';
import { envelope } from '../../http/envelope.ts';
import { conflict, HttpError, notFound, unauthorized } from '../../http/errors.ts';
import { errorResponses } from '../../http/contracts.ts';
import type { OrderRow } from '../../db/database.ts';
import { CourierError, courierTime, type Courier } from './courier.ts';
import {
  accountRow,
  accountView,
  findAccount,
  findAccountNames,
  createAccount,
  listAccounts,
  listRoutes,
  saveRoutes,
  syncPlaces,
  updateAccount,
} from './courier-accounts.service.ts';
import {
  attachParcel,
  chooseOrderAccount,
  handOverOrders,
  receiveEvents,
  receiveStatusEvent,
  sendOrders,
} from './couriers.service.ts';
import { runCourierSync } from './courier-sync.ts';
import { accountingExport, slips, yalidineExport, type SlipCourier } from './exports.service.ts';
import { courierSettings, saveCourierSettings } from '../reconciliation/reconciliation.service.ts';
import { findOrder } from '../orders/orders-public.service.ts';

const NOT_CONFIGURED =
  'No courier account: add one in Settings → Couriers, or set YALIDINE_API_ID and YALIDINE_API_TOKEN';

/** The wilayas the exports speak: the environment's Yalidine's (whose file the back office exports). */
const courierDivision = (app: App) => app.courier?.division ?? app.config.courier.yalidineDivision;

/** A CSV file as the answer (documented as text/csv). */
const csvAnswer = z.string().meta({ description: 'CSV: UTF-8 with a byte-order mark, ";" between cells' });

export function sendCsv(reply: FastifyReply, name: string, csv: string | Readable) {
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

/** Ecotrack's X-ECOTRACK-Signature: "sha256=" and the hex HMAC-SHA256 of the raw body. */
export function validEcotrackSignature(body: Buffer, given: string, secret: string): boolean {
  const match = /^sha256=([0-9a-f]{64})$/i.exec(given.trim());
  return match ? validSignature(body, match[1] ?? '', secret) : false;
}

/** How far a Svix timestamp may be from our clock (Svix's own default tolerance). */
const SVIX_TOLERANCE_S = 5 * 60;

/**
 * A Svix signature (ZR Express's webhooks): svix-signature lists "v1,<base64>" HMAC-SHA256s of
 * "<svix-id>.<svix-timestamp>.<body>" keyed by the secret's bytes (after "whsec_"); the timestamp
 * must be within five minutes, so an old call cannot be replayed.
 */
export function validSvixSignature(
  body: Buffer,
  headers: Record<string, unknown>,
  secret: string,
  now = Date.now(),
): boolean {
  const id = headers['svix-id'];
  const timestamp = headers['svix-timestamp'];
  const signatures = headers['svix-signature'];
  if (typeof id !== 'string' || typeof timestamp !== 'string' || typeof signatures !== 'string') return false;
  if (!/^\d{1,12}$/.test(timestamp) || Math.abs(now / 1000 - Number(timestamp)) > SVIX_TOLERANCE_S) return false;
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.`).update(body).digest();
  return signatures.split(' ').some((part) => {
    const [version, value] = part.split(',');
    if (version !== 'v1' || !value) return false;
    const given = Buffer.from(value, 'base64');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}

/** 404 when the webhook is off (no YALIDINE_WEBHOOK_SECRET); the secret otherwise. */
function webhookSecret(app: App): string {
  const secret = app.config.courier.webhookSecret;
  if (!secret) throw notFound('The courier webhook is not configured (YALIDINE_WEBHOOK_SECRET)');
  return secret;
}

/** An account's webhook: the account and its secret, 404 when it has none. */
async function accountWebhook(app: App, rawId: unknown) {
  const id = Number(rawId);
  const row = Number.isInteger(id) && id > 0 ? await findAccount(app.db.kysely, id) : undefined;
  if (!row || row.source === 'env' || !row.webhook_secret || row.kind === 'noest') {
    throw notFound('This courier account has no webhook (set its secret in Settings → Couriers)');
  }
  return { ...row, webhook_secret: row.webhook_secret };
}

/** Whether an account's courier signed the raw body, as that courier signs. */
function signedByAccount(kind: string, raw: Buffer, headers: FastifyRequest['headers'], secret: string): string | null {
  const header = (name: string) => {
    const value = headers[name];
    return typeof value === 'string' ? value : '';
  };
  switch (kind) {
    case 'yalidine':
      if (!header('x-yalidine-signature')) return 'Missing X-YALIDINE-SIGNATURE header';
      return validSignature(raw, header('x-yalidine-signature'), secret) ? null : 'Invalid X-YALIDINE-SIGNATURE';
    case 'ecotrack':
      if (!header('x-ecotrack-signature')) return 'Missing X-ECOTRACK-Signature header';
      return validEcotrackSignature(raw, header('x-ecotrack-signature'), secret)
        ? null
        : 'Invalid X-ECOTRACK-Signature';
    case 'zr_express':
      if (!header('svix-signature')) return 'Missing svix-signature header';
      return validSvixSignature(raw, headers, secret) ? null : 'Invalid or expired svix-signature';
    default:
      return 'This courier has no webhook';
  }
}

const webhookBodySchema = z.record(z.string(), z.unknown());
const orderAccountAnswer = z.object({ courier_account_id: z.number().int().nullable() });

/**
 * The couriers' calls to the shop, outside the admin scope. Each JSON body's signature is checked
 * on its raw bytes before they are parsed: an unsigned or wrongly signed call is refused (401) and
 * writes nothing. The environment's Yalidine calls /courier/webhook/yalidine (a GET with
 * `subscribe` and `crc_token` checks the address); each account with a webhook secret has its own
 * address, /courier/webhook/account/:id, signed as its courier signs (Yalidine's
 * X-YALIDINE-SIGNATURE, Ecotrack's X-ECOTRACK-Signature, ZR Express's Svix headers). An event sent
 * again changes nothing (its id is kept).
 */
export function couriersRoutes(app: App): void {
  void app.register((hooks: App, _options, registered) => {
    const parseJson = hooks.getDefaultJsonParser('error', 'error');
    hooks.removeContentTypeParser('application/json');
    hooks.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
      const raw = body as Buffer;
      const params = request.params as { id?: string } | undefined;
      if (params?.id !== undefined) {
        accountWebhook(app, params.id)
          .then((account) => {
            const refused = signedByAccount(account.kind, raw, request.headers, account.webhook_secret);
            if (refused) return done(unauthorized(refused), undefined);
            void parseJson(request, raw.toString('utf8'), done);
          })
          .catch((error: unknown) => done(error as Error, undefined));
        return;
      }
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
            "The environment's Yalidine webhook events ({ type, events }): parcel_status_updated moves the orders, parcel_payment_updated marks parcels paid. Signed: X-YALIDINE-SIGNATURE = hex HMAC-SHA256 of the raw body with the webhook secret key",
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
      async (request) => envelope(await receiveEvents(app.db.kysely, request.body, await app.couriers.envAccountId())),
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

    hooks.post(
      '/courier/webhook/account/:id',
      {
        schema: {
          tags: ['couriers'],
          summary:
            "A courier account's webhook, signed as its courier signs: Yalidine (X-YALIDINE-SIGNATURE; { type, events }), Ecotrack (X-ECOTRACK-Signature: sha256=<hex HMAC of the raw body>, X-ECOTRACK-Event-Id; { event: order.state.<code>, tracking, state }), ZR Express (Svix: svix-id, svix-timestamp, svix-signature; { eventType, data: { trackingNumber, state } }). 401 unsigned, 404 without a webhook secret",
          params: idParamsSchema,
          body: webhookBodySchema,
          response: { 200: envelopeSchema(courierWebhookResultSchema), ...errorResponses(400, 401, 404) },
        },
        // Before the body is read: an account without a webhook is 404 whatever is sent.
        onRequest: async (request) => {
          await accountWebhook(app, (request.params as Record<string, unknown>).id);
        },
      },
      async (request) => {
        const account = await accountWebhook(app, request.params.id);
        const body = request.body;
        const db = app.db.kysely;
        if (account.kind === 'yalidine') {
          const parsed = courierWebhookSchema.safeParse(body);
          if (!parsed.success) throw new HttpError(400, 'A Yalidine webhook call is { type, events }');
          return envelope(await receiveEvents(db, parsed.data, account.id));
        }
        if (account.kind === 'ecotrack') {
          const event = typeof body.event === 'string' ? body.event : String(request.headers['x-ecotrack-event'] ?? '');
          const idHeader = request.headers['x-ecotrack-event-id'];
          const eventId =
            typeof idHeader === 'string'
              ? idHeader
              : typeof body.event_id === 'string' || typeof body.event_id === 'number'
                ? String(body.event_id)
                : '';
          const state = (body.state ?? {}) as Record<string, unknown>;
          const code = typeof state.code === 'string' ? state.code : event.replace(/^order\.state\./, '');
          const tracking = typeof body.tracking === 'string' ? body.tracking.trim() : '';
          if (!event.startsWith('order.state.') || !tracking || !code || !eventId)
            return envelope({ received: 1, updated: 0 });
          return envelope(
            await receiveStatusEvent(db, account.id, {
              id: eventId,
              tracking,
              status: code,
              at: courierTime(body.occurred_at),
            }),
          );
        }
        const data = (body.data ?? {}) as Record<string, unknown>;
        const state = (data.state ?? {}) as Record<string, unknown>;
        const eventId = String(request.headers['svix-id'] ?? '');
        const tracking = typeof data.trackingNumber === 'string' ? data.trackingNumber.trim() : '';
        const status = typeof state.name === 'string' ? state.name : '';
        if (body.eventType !== 'parcel.state.updated' || !tracking || !status)
          return envelope({ received: 1, updated: 0 });
        return envelope(
          await receiveStatusEvent(db, account.id, { id: eventId, tracking, status, at: courierTime(body.occurredAt) }),
        );
      },
    );

    hooks.get(
      '/courier/webhook/account/:id',
      {
        schema: {
          tags: ['couriers'],
          summary: "A Yalidine account's check of its webhook address (?crc_token=…): answers the crc_token",
          params: idParamsSchema,
          querystring: z.object({ subscribe: z.string().max(100).optional(), crc_token: z.string().min(1).max(500) }),
          produces: ['text/plain'],
          response: { 200: z.string(), ...errorResponses(404) },
        },
      },
      async (request, reply) => {
        const account = await accountWebhook(app, request.params.id);
        if (account.kind !== 'yalidine') throw notFound('Only a Yalidine webhook is checked so');
        return reply
          .type('text/plain; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(request.query.crc_token);
      },
    );
    registered();
  });
}

/** The back office's courier calls: admin scope (http/admin-guard.ts). */
export function couriersAdminRoutes(app: App): void {
  const admin = { tags: ['couriers'] };
  const author = (request: FastifyRequest) => request.admin?.username ?? 'admin';
  const accountCourier = async (id: number | undefined): Promise<{ accountId: number; courier: Courier }> => {
    const accountId = id ?? (await app.couriers.envAccountId()) ?? (await app.couriers.active())[0]?.id;
    if (accountId === undefined || accountId === null) throw conflict(NOT_CONFIGURED);
    const courier = await app.couriers.forAccount(accountId);
    if (!courier) throw conflict('This courier account is off or its credentials are incomplete');
    return { accountId, courier };
  };
  const accountQuery = z.object({ account: queryInteger(1, 2_147_483_647, 'account').optional() });

  app.get(
    '/courier/status',
    {
      schema: {
        ...admin,
        summary: "Whether a courier is configured, its webhook, the sync interval, the quota left; every account's",
        response: { 200: envelopeSchema(courierStatusSchema) },
      },
    },
    async () => {
      const accounts = await listAccounts(app.db.kysely, app.config);
      const rows = [];
      for (const a of accounts) {
        const courier = a.active ? await app.couriers.forAccount(a.id) : null;
        rows.push({
          id: a.id,
          name: a.name,
          kind: a.kind,
          ready: courier !== null,
          quota: courier?.quota() ?? { second: null, minute: null, hour: null, day: null },
        });
      }
      const anyReady = rows.some((r) => r.ready);
      return envelope({
        courier: app.courier?.name ?? rows.find((r) => r.ready)?.kind ?? null,
        configured: anyReady,
        webhook: Boolean(app.config.courier.webhookSecret),
        sync_minutes: anyReady ? app.config.courier.syncMinutes : 0,
        quota: app.courier?.quota() ?? { second: null, minute: null, hour: null, day: null },
        accounts: rows,
      });
    },
  );

  app.post(
    '/courier/send',
    {
      schema: {
        ...admin,
        summary:
          'Hands approved orders to their couriers (each to its account: the one chosen for it, else the routing table): each answered on its own (tracking number and label, or why not); a retry never makes a second parcel',
        body: courierSendSchema,
        response: { 200: envelopeSchema(courierSendResultSchema), ...errorResponses(409) },
      },
    },
    async (request) => {
      if ((await app.couriers.active()).length === 0) throw conflict(NOT_CONFIGURED);
      const result = await sendOrders(app.db.kysely, app.couriers, request.body.orderIds, author(request));
      const sent = result.results.filter((r) => r.ok).length;
      return envelope(result, `${sent} of ${result.results.length} order(s) sent to the courier`);
    },
  );

  app.post(
    '/courier/handover',
    {
      schema: {
        ...admin,
        summary:
          "Validates parcels at their couriers (Ecotrack's valid/order, NOEST's), so the courier takes them; each answered on its own",
        body: courierHandOverSchema,
        response: { 200: envelopeSchema(courierHandOverResultSchema) },
      },
    },
    async (request) => {
      const result = await handOverOrders(app.db.kysely, app.couriers, request.body.orderIds);
      return envelope(
        result,
        `${result.results.filter((r) => r.ok).length} of ${result.results.length} parcel(s) handed over`,
      );
    },
  );

  app.post(
    '/courier/attach',
    {
      schema: {
        ...admin,
        summary:
          "Attaches the parcel a courier made while its answer was lost (NOEST refuses a second one for the reference): the courier is asked for the tracking number, which must carry the order's reference",
        body: courierAttachSchema,
        response: { 200: envelopeSchema(z.null()), ...errorResponses(404, 409) },
      },
    },
    async (request) => {
      await attachParcel(app.db.kysely, app.couriers, request.body.orderId, request.body.tracking, author(request));
      return envelope(null, `Parcel ${request.body.tracking} attached to order #${request.body.orderId}`);
    },
  );

  app.post(
    '/courier/sync',
    {
      schema: {
        ...admin,
        summary:
          "Asks the couriers (every active account, or ?account=) for their parcels' statuses now and moves the orders they mean; 409 while a sync runs (one at a time across processes)",
        querystring: accountQuery,
        response: { 200: envelopeSchema(courierSyncResultSchema), ...errorResponses(409) },
      },
    },
    async (request) => {
      const accounts = request.query.account
        ? [await accountCourier(request.query.account)]
        : (await app.couriers.active()).map((a) => ({ accountId: a.id, courier: a.courier }));
      if (accounts.length === 0) throw conflict(NOT_CONFIGURED);
      const total: CourierSyncResult = { checked: 0, updated: 0, moved: 0, recovered: 0, stopped: null };
      let ran = 0;
      const stopped: string[] = [];
      for (const via of accounts) {
        const result = await runCourierSync(app.db.kysely, via);
        if (!result) continue;
        ran++;
        total.checked += result.checked;
        total.updated += result.updated;
        total.moved += result.moved;
        total.recovered += result.recovered;
        if (result.stopped) stopped.push(result.stopped);
      }
      if (ran === 0)
        throw conflict('A courier sync is already running (this or another server process): try again in a minute');
      return envelope({ ...total, stopped: stopped.length > 0 ? stopped.join('; ') : null });
    },
  );

  app.get(
    '/courier/stopDesks',
    {
      schema: {
        ...admin,
        summary: "A courier account's stop desks (the environment's Yalidine unless ?account=)",
        querystring: accountQuery,
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
    async (request) => {
      const { courier } = await accountCourier(request.query.account);
      try {
        return envelope(
          (await courier.stopDesks()).map(({ id, name, address, commune, wilaya }) => ({
            id,
            name,
            address,
            commune,
            wilaya,
          })),
        );
      } catch (error) {
        if (error instanceof CourierError) throw new HttpError(502, error.message);
        throw error;
      }
    },
  );

  app.get(
    '/courier/label/:id',
    {
      schema: {
        ...admin,
        summary:
          "An order's parcel label as its courier makes it (a PDF kept behind the account's token: Ecotrack, NOEST)",
        params: idParamsSchema,
        produces: ['application/pdf'],
        response: { 200: z.any().meta({ description: 'The PDF' }), ...errorResponses(404, 409, 502) },
      },
    },
    async (request, reply) => {
      const row = await findOrder(app.db.kysely, request.params.id);
      if (!row) throw notFound(`Order #${request.params.id} not found`);
      if (!row.tracking_number) throw notFound('This order has no parcel yet');
      const courier = await app.couriers.parcelCourier(row);
      if (!courier?.label) throw conflict(`${courierLabel(row.courier)} gives no label to download here`);
      let label: Awaited<ReturnType<NonNullable<Courier['label']>>>;
      try {
        label = await courier.label(row.tracking_number);
      } catch (error) {
        if (error instanceof CourierError) throw new HttpError(502, error.message);
        throw error;
      }
      if (!label) throw notFound(`${courierLabel(row.courier)} has no label for ${row.tracking_number}`);
      return reply
        .type(label.contentType.includes('pdf') ? 'application/pdf' : label.contentType)
        .header('content-disposition', `inline; filename="label-${row.id}.pdf"`)
        .header('cache-control', 'no-store')
        .send(label.body);
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
        summary:
          'What the delivery slips of these orders print (ids=1,2,3), in that order, each naming its courier account',
        querystring: slipsQuerySchema,
        response: { 200: envelopeSchema(z.array(slipSchema)), ...errorResponses(404) },
      },
    },
    async (request) => {
      const accounts = await findAccountNames(app.db.kysely);
      const accountFor = await app.couriers.router();
      const courierOf = async (row: OrderRow): Promise<SlipCourier> => {
        const accountId = await accountFor(row);
        const account = accounts.find((a) => a.id === accountId);
        if (!account)
          return {
            division: courierDivision(app),
            courier: row.courier ? courierLabel(row.courier) : null,
            account: null,
            labelPdf: false,
          };
        const courier = await app.couriers.forAccount(account.id);
        return {
          division: account.division,
          courier: courierLabel(account.kind),
          account: account.name,
          labelPdf: typeof courier?.label === 'function',
        };
      };
      return envelope(
        await slips(app.db.kysely, request.query.ids, courierOf, {
          name: app.config.shop.name,
          phone: app.config.shop.phone,
        }),
      );
    },
  );

  // ------------------------------------------------------------ accounts, routing, settings

  app.get(
    '/courier/accounts',
    {
      schema: {
        ...admin,
        summary:
          'The courier accounts: which credentials are set (never their values), their webhook address, their matched places',
        response: { 200: envelopeSchema(z.array(courierAccountSchema)) },
      },
    },
    async () => envelope(await listAccounts(app.db.kysely, app.config)),
  );

  app.post(
    '/courier/accounts',
    {
      schema: {
        ...admin,
        summary: 'Adds a courier account (every credential required; they are never sent back)',
        body: courierAccountWriteSchema,
        response: { 201: envelopeSchema(courierAccountSchema), ...errorResponses(400, 409) },
      },
    },
    async (request, reply) => {
      const id = await createAccount(app.db.kysely, request.body);
      return reply
        .status(201)
        .send(envelope(await accountView(app.db.kysely, app.config, id), 'Courier account added', 201));
    },
  );

  app.put(
    '/courier/accounts/:id',
    {
      schema: {
        ...admin,
        summary:
          "Changes a courier account as it was read (version: its updated_at; 409 when changed since); a credential left empty keeps its value. The environment's account is read-only (409)",
        params: idParamsSchema,
        body: courierAccountWriteSchema,
        response: { 200: envelopeSchema(courierAccountSchema), ...errorResponses(400, 404, 409) },
      },
    },
    async (request) => {
      await updateAccount(app.db.kysely, request.params.id, request.body);
      return envelope(await accountView(app.db.kysely, app.config, request.params.id), 'Courier account saved');
    },
  );

  app.post(
    '/courier/accounts/:id/places',
    {
      schema: {
        ...admin,
        summary:
          "Matches the courier's communes and stop desks (as it spells them) to the shop's, once, and keeps them for its parcels",
        params: idParamsSchema,
        response: { 200: envelopeSchema(courierPlacesResultSchema), ...errorResponses(404, 409, 502) },
      },
    },
    async (request) => {
      await accountRow(app.db.kysely, request.params.id);
      try {
        return envelope(
          await syncPlaces(app.db.kysely, app.couriers, request.params.id, app.geography.current()),
          'Places matched',
        );
      } catch (error) {
        if (error instanceof CourierError) throw new HttpError(502, error.message);
        throw error;
      }
    },
  );

  app.get(
    '/courier/routes',
    {
      schema: {
        ...admin,
        summary:
          'The routing table: the courier account of a wilaya and delivery type (null wilaya: every other), with its version',
        response: { 200: envelopeSchema(courierRoutesSchema) },
      },
    },
    async () => envelope(await listRoutes(app.db.kysely)),
  );

  app.put(
    '/courier/routes',
    {
      schema: {
        ...admin,
        summary:
          'Replaces the routing table, against the version it was read with (409 with the current table otherwise)',
        body: courierRoutesWriteSchema,
        response: {
          200: envelopeSchema(courierRoutesSchema),
          409: envelopeSchema(courierRoutesSchema),
          ...errorResponses(400),
        },
      },
    },
    async (request) =>
      envelope(await saveRoutes(app.db.kysely, request.body.routes, request.body.version), 'Routing saved'),
  );

  app.put(
    '/courier/orders/:id/account',
    {
      schema: {
        ...admin,
        summary:
          "Chooses the courier account of one order (null: the routing table's), against the one it had (previous); 409 once the order is being sent or sent",
        params: idParamsSchema,
        body: orderCourierAccountSchema,
        response: {
          200: envelopeSchema(orderAccountAnswer),
          // Changed meanwhile: the account it has now; with its courier already: no data.
          409: envelopeSchema(orderAccountAnswer.nullable()),
          ...errorResponses(400, 404),
        },
      },
    },
    async (request) => {
      const { account_id: accountId, previous } = request.body;
      const done = await chooseOrderAccount(app.db.kysely, request.params.id, accountId, previous, author(request));
      return envelope({ courier_account_id: done }, 'Courier chosen');
    },
  );

  app.get(
    '/courier/settings',
    {
      schema: {
        ...admin,
        summary: "The couriers' settings: after how many days without news a parcel is listed as stranded",
        response: { 200: envelopeSchema(courierSettingsReadSchema) },
      },
    },
    async () => envelope(await courierSettings(app.db.kysely)),
  );

  app.put(
    '/courier/settings',
    {
      schema: {
        ...admin,
        summary: "Sets the couriers' settings",
        body: courierSettingsSchema,
        response: { 200: envelopeSchema(courierSettingsReadSchema) },
      },
    },
    async (request) => envelope(await saveCourierSettings(app.db.kysely, request.body), 'Courier settings saved'),
  );
}
