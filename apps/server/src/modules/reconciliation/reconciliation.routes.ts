import { z } from 'zod';
import {
  cashQuerySchema,
  cashSchema,
  reconciliationQuerySchema,
  reconciliationSchema,
  statementErrorSchema,
  statementImportSchema,
  statementResultSchema,
  strandedParcelSchema,
} from '@shop/domain/reconciliation';
import { envelopeSchema } from '@shop/domain/responses';
import type { App } from '../../http/types.ts';
import { envelope } from '../../http/envelope.ts';
import { errorResponses } from '../../http/contracts.ts';
import { sendCsv } from '../couriers/couriers.routes.ts';
import { cash, importStatement, reconciliation, reconciliationCsv, strandedParcels } from './reconciliation.service.ts';

/** The cash the couriers owe (admin scope). */
export function reconciliationAdminRoutes(app: App): void {
  const admin = { tags: ['reconciliation'] };

  app.get(
    '/courier/reconciliation',
    {
      schema: {
        ...admin,
        summary:
          "A month's parcels (delivered or returned in it) per courier account: delivered and not paid yet, paid, returned with their return fees, and the payments that differ from what was collected less the courier's fees",
        querystring: reconciliationQuerySchema,
        response: { 200: envelopeSchema(reconciliationSchema) },
      },
    },
    async (request) => envelope(await reconciliation(app.db.kysely, request.query)),
  );

  app.get(
    '/courier/reconciliation/export',
    {
      schema: {
        ...admin,
        summary: "The month's reconciliation as CSV for French spreadsheets, one parcel a line",
        querystring: reconciliationQuerySchema,
        produces: ['text/csv'],
        response: { 200: z.string().meta({ description: 'CSV: UTF-8 with a byte-order mark, ";" between cells' }) },
      },
    },
    async (request, reply) =>
      sendCsv(
        reply,
        `reconciliation-${request.query.month ?? 'month'}`,
        await reconciliationCsv(app.db.kysely, request.query),
      ),
  );

  app.post(
    '/courier/statements',
    {
      schema: {
        ...admin,
        summary:
          "Imports a courier's statement (CSV: tracking; amount paid; optional delivery_fee and return_fee, see docs/couriers.md) for one account: its parcels are marked paid with the amount; lines naming no parcel of the account are listed; 400 naming every bad line, nothing imported",
        body: statementImportSchema,
        response: { 200: envelopeSchema(statementResultSchema), 400: statementErrorSchema, ...errorResponses(404) },
      },
    },
    async (request) => {
      const { account_id: accountId, csv, file_name: fileName = '' } = request.body;
      const result = await importStatement(app.db.kysely, accountId, csv, fileName, request.admin?.username ?? 'admin');
      return envelope(result, `${result.matched} of ${result.lines} line(s) matched a parcel`);
    },
  );

  app.get(
    '/courier/stranded',
    {
      schema: {
        ...admin,
        summary:
          'Parcels stuck at a courier: made more than 48 hours ago and not picked up, or no change of status for the days set (Settings → Couriers); the oldest first',
        response: { 200: envelopeSchema(z.array(strandedParcelSchema)) },
      },
    },
    async () => envelope(await strandedParcels(app.db.kysely)),
  );

  app.get(
    '/courier/cash',
    {
      schema: {
        ...admin,
        summary:
          "The cash left after the couriers' fees, per courier account and per wilaya, over parcels delivered or returned between two days (the last 30 by default)",
        querystring: cashQuerySchema,
        response: { 200: envelopeSchema(cashSchema), ...errorResponses(400) },
      },
    },
    async (request) => envelope(await cash(app.db.kysely, request.query)),
  );
}
