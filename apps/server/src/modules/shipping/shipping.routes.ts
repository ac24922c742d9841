import { communeQuerySchema, communeSchema } from '@shop/domain/geo/commune-schemas';
import {
  communeFeeDeleteSchema,
  feeGridApplySchema,
  feeGridCsvSchema,
  shippingAdjustSchema,
  yalidineFeesQuerySchema,
  shippingPriceCreateSchema,
  shippingPriceDeleteSchema,
  shippingPriceUpdateSchema,
} from '@shop/domain/shipping-schemas';
import {
  adminShippingPriceSchema,
  feeGridErrorSchema,
  feeGridPreviewSchema,
  shippingPriceSchema,
  wilayaDivisionsSchema,
} from '@shop/domain/shipping-responses';
import { emptyEnvelopeSchema, envelopeSchema } from '@shop/domain/responses';
import { z } from 'zod';
import type { App } from '../../http/types.ts';
import { envelope } from '../../http/envelope.ts';
import { errorResponses } from '../../http/contracts.ts';
import { conflict } from '../../http/errors.ts';
import { applyFeeGrid, previewCsvGrid, previewYalidineGrid } from './fee-grid.service.ts';
import { communesOf } from './geography.ts';
import {
  adjustShippingPrices,
  createShippingPrice,
  deleteCommuneFee,
  deleteShippingPrice,
  listAdminShippingPrices,
  listShippingPrices,
  updateShippingPrice,
  wilayaDivisions,
} from './shipping.service.ts';

/** Static data may be kept a day by browsers and proxies, but never past the next division's start. */
const COMMUNES_MAX_AGE_S = 86_400;

export function shippingRoutes(app: App): void {
  app.get(
    '/ShippingPrice/read',
    {
      schema: {
        tags: ['shipping'],
        summary:
          'Every wilaya offered (those of the division in force, and names the owner added) with its home delivery and stop desk fees (Da), by code, and its communes priced apart (communes: only those, null = the wilaya’s fee)',
        response: { 200: envelopeSchema(z.array(shippingPriceSchema)) },
      },
    },
    async () => envelope(await listShippingPrices(app.db.kysely, app.geography.current())),
  );

  app.get(
    '/commune',
    {
      schema: {
        tags: ['shipping'],
        summary:
          "A wilaya's communes in the division in force (wilaya by number or name, accents and case ignored), by French name, then those that left it for a newer wilaya (with moved_to); 404 for an unknown wilaya",
        querystring: communeQuerySchema,
        response: { 200: envelopeSchema(z.array(communeSchema)), ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const communes = communesOf(app.geography.current(), request.query.wilaya);
      // Static data shipped with the release: browsers and proxies may keep it for a day, but not
      // past the moment the next division comes into force (the wilaya's communes change then).
      const next = app.geography.nextChange();
      const untilNext = next ? Math.floor((next.at - app.geography.now()) / 1000) : Infinity;
      void reply.header('cache-control', `public, max-age=${Math.max(0, Math.min(COMMUNES_MAX_AGE_S, untilNext))}`);
      return envelope(communes);
    },
  );
}

/** The shipping table's edits: admin scope (http/admin-guard.ts). */
export function shippingAdminRoutes(app: App): void {
  const admin = { tags: ['shipping'] };
  const priceAnswer = envelopeSchema(shippingPriceSchema);

  app.get(
    '/ShippingPrice/all',
    {
      schema: {
        ...admin,
        summary:
          'Every row of the shipping table, offered to customers or not (a wilaya of a division not in force), with provisional: fees copied from the wilaya it was made from, until saved',
        response: { 200: envelopeSchema(z.array(adminShippingPriceSchema)) },
      },
    },
    async () => envelope(await listAdminShippingPrices(app.db.kysely, app.geography.current())),
  );

  app.get(
    '/ShippingPrice/divisions',
    {
      schema: {
        ...admin,
        summary:
          'The wilayas in force (GEO_DIVISION, or the calendar: the 69 from 1 January 2027, Algiers time), the next division and when, and the log of each division switched to',
        response: { 200: envelopeSchema(wilayaDivisionsSchema) },
      },
    },
    async () => envelope(await wilayaDivisions(app.db.kysely, app.geography)),
  );

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
          "Changes every wilaya's home and/or stop desk fee at once, by an amount (Da) or a percentage; whole dinars, never below 0, one transaction; the message says how many wilayas changed",
        body: shippingAdjustSchema,
        response: { 200: envelopeSchema(z.array(shippingPriceSchema)), ...errorResponses() },
      },
    },
    async (request) => {
      const { prices, changed } = await adjustShippingPrices(app.db.kysely, request.body);
      return envelope(prices, changed === 0 ? 'No wilaya had a fee to adjust' : `${changed} wilaya(s) adjusted`);
    },
  );

  app.post(
    '/ShippingPrice/import/yalidine',
    {
      schema: {
        ...admin,
        summary:
          "Preview of Yalidine's fee grid from the shop's wilaya (home and stop desk, old → new per wilaya: its communes' most common fee, the communes that cost otherwise priced apart); writes nothing. When Yalidine's quota makes it stop early, `remaining` lists the wilayas to ask for next",
        body: yalidineFeesQuerySchema,
        response: { 200: envelopeSchema(feeGridPreviewSchema), ...errorResponses(409, 502) },
      },
    },
    async (request) => {
      const courier = app.courier;
      if (!courier) throw conflict('No courier is configured: set YALIDINE_API_ID and YALIDINE_API_TOKEN');
      const preview = await previewYalidineGrid(app.db.kysely, app.geography.current(), courier, {
        fromWilaya: app.config.courier.yalidine?.fromWilaya ?? 'Alger',
        codes: request.body.wilaya_codes,
      });
      return envelope(preview, 'Preview of Yalidine’s fees');
    },
  );

  app.post(
    '/ShippingPrice/import/csv',
    {
      schema: {
        ...admin,
        summary:
          'Preview of a fee grid file (CSV: wilaya; home; stop desk, one wilaya a line, or wilaya; commune; home; stop desk, an empty commune for the whole wilaya): per wilaya old → new fees and its communes priced apart; 400 naming every bad line (data.errors: [{ line, message }]); writes nothing',
        body: feeGridCsvSchema,
        response: { 200: envelopeSchema(feeGridPreviewSchema), 400: feeGridErrorSchema },
      },
    },
    async (request) =>
      envelope(
        await previewCsvGrid(app.db.kysely, app.geography.current(), request.body.csv),
        'Preview of the file’s fees',
      ),
  );

  app.post(
    '/ShippingPrice/import',
    {
      schema: {
        ...admin,
        summary:
          "Applies a fee grid (each wilaya's home and stop desk fee, and with `communes` its communes priced apart, replacing the wilaya's) in one transaction; the wilayas left out keep theirs; 400 naming each wrong row, nothing written",
        body: feeGridApplySchema,
        response: { 200: envelopeSchema(z.array(shippingPriceSchema)), 400: feeGridErrorSchema },
      },
    },
    async (request) => {
      const { prices, changed } = await applyFeeGrid(app.db.kysely, app.geography.current(), request.body.rows);
      return envelope(prices, `${changed} wilaya(s) changed`);
    },
  );

  app.post(
    '/ShippingPrice/commune/delete',
    {
      schema: {
        ...admin,
        summary: "Removes a commune's own fees: it costs its wilaya's fees again",
        body: communeFeeDeleteSchema,
        response: { 200: priceAnswer, ...errorResponses(404) },
      },
    },
    async (request) =>
      envelope(await deleteCommuneFee(app.db.kysely, request.body.id, request.body.commune), 'Commune fee removed'),
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
