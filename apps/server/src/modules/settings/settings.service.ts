// The shop's public details (DESIGN §3.10): what the footer, the nav and the thank-you pages
// show. Read by GET /api/settings and written into every storefront page (modules/web), so the
// shop's name is in the first paint. Contact details come from the configuration; the payment
// accounts of custom orders from the back office (the shop_settings table).
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import type { PaymentSettings } from '@shop/domain/settings-schemas';
import type { ShopSettings } from '@shop/domain/settings-responses';
import * as repo from './settings.repository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    shopSettings: ReturnType<typeof shopSettingsReader>;
  }
}

const PAYMENT_KEYS = ['payment.ccp', 'payment.rip', 'payment.baridimob'] as const;

export async function paymentSettings(db: Database): Promise<PaymentSettings> {
  const rows = await repo.findSettings(db, PAYMENT_KEYS);
  const value = (key: (typeof PAYMENT_KEYS)[number]) => rows.find((r) => r.key === key)?.value ?? '';
  return { ccp: value('payment.ccp'), rip: value('payment.rip'), baridimob: value('payment.baridimob') };
}

export async function savePaymentSettings(db: Database, input: PaymentSettings): Promise<PaymentSettings> {
  await db
    .transaction()
    .execute((trx) =>
      repo.saveSettings(
        trx,
        { 'payment.ccp': input.ccp, 'payment.rip': input.rip, 'payment.baridimob': input.baridimob },
        new Date().toISOString(),
      ),
    );
  return paymentSettings(db);
}

/**
 * The settings for the pages. The payment accounts are read at most every few seconds per process
 * (every storefront page carries them): a change reaches every process within that time.
 */
export function shopSettingsReader(config: Config, db: Database, ttlMs = 5000) {
  let payment: { value: PaymentSettings; at: number } | null = null;
  return {
    async read(): Promise<ShopSettings> {
      if (!payment || Date.now() - payment.at > ttlMs) payment = { value: await paymentSettings(db), at: Date.now() };
      return { ...contactSettings(config), payment: payment.value };
    },
    /** This process changed them: the next read is fresh. */
    forget(): void {
      payment = null;
    },
  };
}

function contactSettings(config: Config): Omit<ShopSettings, 'payment'> {
  const { shop } = config;
  return {
    shop_name: shop.name,
    phone: shop.phone,
    email: shop.email,
    whatsapp: shop.whatsapp,
    whatsapp_url: `https://wa.me/${shop.whatsapp.replace(/\D/g, '')}`,
    social: { facebook: shop.facebook, instagram: shop.instagram, tiktok: shop.tiktok },
    order_limits: {
      max_quantity_per_line: config.orderLimits.maxQuantityPerLine,
      max_lines: config.orderLimits.maxLines,
    },
  };
}
