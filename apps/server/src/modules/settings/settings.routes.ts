import { paymentSettingsSchema } from '@shop/domain/settings-schemas';
import type { App } from '../../http/types.ts';
import { envelope } from '../../http/envelope.ts';
import { requireAdmin } from '../../http/admin-guard.ts';
import { paymentSettings, savePaymentSettings } from './settings.service.ts';

/** Shop contact details for the footer and thank-you pages (DESIGN §3.10); the owner's payment accounts. */
export function settingsRoutes(app: App): void {
  app.get(
    '/settings',
    { schema: { tags: ['settings'], summary: 'Shop contact details and payment accounts' } },
    async () => envelope(await app.shopSettings.read()),
  );

  const admin = { tags: ['settings'], security: [{ bearer: [] }] };

  app.get(
    '/settings/payment',
    { schema: { ...admin, summary: "The accounts custom orders' advance payments go to" }, onRequest: requireAdmin },
    async () => envelope(await paymentSettings(app.db.kysely)),
  );

  app.put(
    '/settings/payment',
    {
      schema: { ...admin, summary: 'Sets the CCP, RIP and BaridiMob accounts', body: paymentSettingsSchema },
      onRequest: requireAdmin,
    },
    async (request) => {
      const saved = await savePaymentSettings(app.db.kysely, request.body);
      app.shopSettings.forget();
      return envelope(saved, 'Payment details saved');
    },
  );
}
