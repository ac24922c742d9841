// The shop's public details (DESIGN §3.10): what the footer, the nav and the thank-you pages
// show. Read by GET /api/settings and written into every storefront page (modules/web), so the
// shop's name is in the first paint. Contact details come from the configuration; the payment
// accounts of custom orders from the back office (the shop_settings table).
import type { Config } from '../../config.ts';
import type { Database, Executor } from '../../db/database.ts';
import type { PaymentSettings } from '@shop/domain/settings-schemas';
import { DEFAULT_DESK_SETTINGS, deskSettingsSchema, type DeskSettings } from '@shop/domain/order-desk-schemas';
import type { ShopSettings } from '@shop/domain/settings-responses';
import type { StorefrontPixels } from '@shop/domain/marketing';
import { readMarketingSettings, storefrontPixels } from '../marketing/marketing-settings.ts';
import * as repo from '../../db/shop-settings.ts';

/** What other modules read of this one (they reach a module through its service, never its repository). */
export { findSettings, saveSettings } from '../../db/shop-settings.ts';

declare module 'fastify' {
  interface FastifyInstance {
    shopSettings: ReturnType<typeof shopSettingsReader>;
    deskSettings: DeskSettingsReader;
  }
}

const DESK_KEYS = [
  'desk.blacklist_policy',
  'desk.low_stock_threshold',
  'desk.review_moderation',
  'desk.no_answer_limit',
] as const;

/** The order desk's settings (blacklist policy, low-stock threshold, review moderation). */
export async function deskSettings(db: Executor): Promise<DeskSettings> {
  const rows = await repo.findSettings(db, DESK_KEYS);
  const value = (key: (typeof DESK_KEYS)[number]) => rows.find((r) => r.key === key)?.value;
  const parsed = deskSettingsSchema.safeParse({
    blacklist_policy: value('desk.blacklist_policy') ?? DEFAULT_DESK_SETTINGS.blacklist_policy,
    low_stock_threshold: value('desk.low_stock_threshold') ?? DEFAULT_DESK_SETTINGS.low_stock_threshold,
    review_moderation: (value('desk.review_moderation') ?? String(DEFAULT_DESK_SETTINGS.review_moderation)) === 'true',
    no_answer_limit: value('desk.no_answer_limit') ?? DEFAULT_DESK_SETTINGS.no_answer_limit,
  });
  return parsed.success ? parsed.data : DEFAULT_DESK_SETTINGS;
}

export async function saveDeskSettings(db: Database, input: DeskSettings): Promise<DeskSettings> {
  await db.transaction().execute((trx) =>
    repo.saveSettings(
      trx,
      {
        'desk.blacklist_policy': input.blacklist_policy,
        'desk.low_stock_threshold': String(input.low_stock_threshold),
        'desk.review_moderation': String(input.review_moderation),
        'desk.no_answer_limit': String(input.no_answer_limit),
      },
      new Date().toISOString(),
    ),
  );
  return deskSettings(db);
}

export interface DeskSettingsReader {
  read: () => Promise<DeskSettings>;
  /** This process changed them: the next read is fresh. */
  forget: () => void;
}

/** The desk settings as orders and reviews need them: read at most every few seconds per process. */
export function deskSettingsReader(db: Database, ttlMs = 5000): DeskSettingsReader {
  let cached: { value: DeskSettings; at: number } | null = null;
  return {
    async read() {
      if (!cached || Date.now() - cached.at > ttlMs) cached = { value: await deskSettings(db), at: Date.now() };
      return cached.value;
    },
    forget() {
      cached = null;
    },
  };
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
  let payment: { value: PaymentSettings; pixels: StorefrontPixels; at: number } | null = null;
  return {
    async read(): Promise<ShopSettings> {
      if (!payment || Date.now() - payment.at > ttlMs) {
        const [value, marketing] = await Promise.all([paymentSettings(db), readMarketingSettings(db)]);
        payment = { value, pixels: storefrontPixels(marketing, config.ads.pixelScripts), at: Date.now() };
      }
      return { ...contactSettings(config), payment: payment.value, pixels: payment.pixels };
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
