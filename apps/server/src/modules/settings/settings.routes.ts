import { paymentSettingsSchema } from '@shop/domain/settings-schemas';
import { envelopeSchema } from '@shop/domain/responses';
import { paymentAccountsSchema, shopSettingsSchema } from '@shop/domain/settings-responses';
import type { App } from '../../http/types.ts';
import { envelope } from '../../http/envelope.ts';
import { deskSettingsSchema } from '@shop/domain/order-desk-schemas';
import { deskSettingsReadSchema } from '@shop/domain/order-responses';
import { recordCatalogChange } from '../../db/catalog-changes.ts';
import { deskSettings, paymentSettings, saveDeskSettings, savePaymentSettings } from './settings.service.ts';

/** Shop contact details for the footer and thank-you pages (DESIGN §3.10). */
export function settingsRoutes(app: App): void {
  app.get(
    '/settings',
    {
      schema: {
        tags: ['settings'],
        summary: 'Shop contact details and payment accounts',
        response: { 200: envelopeSchema(shopSettingsSchema) },
      },
    },
    async () => envelope(await app.shopSettings.read()),
  );
}

/** The owner's payment accounts; admin scope (http/admin-guard.ts). */
export function settingsAdminRoutes(admin: App): void {
  const tags = ['settings'];
  admin.get(
    '/settings/payment',
    {
      schema: {
        tags,
        summary: "The accounts custom orders' advance payments go to",
        response: { 200: envelopeSchema(paymentAccountsSchema) },
      },
    },
    async () => envelope(await paymentSettings(admin.db.kysely)),
  );

  admin.put(
    '/settings/payment',
    {
      schema: {
        tags,
        summary: 'Sets the CCP, RIP and BaridiMob accounts',
        body: paymentSettingsSchema,
        response: { 200: envelopeSchema(paymentAccountsSchema) },
      },
    },
    async (request) => {
      const saved = await savePaymentSettings(admin.db.kysely, request.body);
      admin.shopSettings.forget();
      return envelope(saved, 'Payment details saved');
    },
  );

  admin.get(
    '/settings/desk',
    {
      schema: {
        tags,
        summary: "The order desk's settings: blacklist policy, low-stock threshold, review moderation",
        response: { 200: envelopeSchema(deskSettingsReadSchema) },
      },
    },
    async () => envelope(await deskSettings(admin.db.kysely)),
  );

  admin.put(
    '/settings/desk',
    {
      schema: {
        tags,
        summary: "Sets the order desk's settings",
        body: deskSettingsSchema,
        response: { 200: envelopeSchema(deskSettingsReadSchema) },
      },
    },
    async (request) => {
      const saved = await saveDeskSettings(admin.db.kysely, request.body);
      admin.deskSettings.forget();
      // The dashboard's low-stock list follows the threshold.
      await recordCatalogChange(admin.db.kysely, ['orders']);
      return envelope(saved, 'Settings saved');
    },
  );
}
