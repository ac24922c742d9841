// The owner's ad platforms (docs/marketing.md), as shop_settings rows: per platform the pixel id,
// the server API's access token, a test event code and the stage an order counts as a purchase.
// The tokens stay on the server: the admin reads whether one is set, never the token.
import {
  AD_PLATFORMS,
  PURCHASE_STAGES,
  type AdPlatform,
  type MarketingSettingsInput,
  type MarketingSettingsRead,
  type PurchaseStage,
  type StorefrontPixels,
} from '@shop/domain/marketing';
import type { Database, Executor } from '../../db/database.ts';
import * as settingsRepo from '../../db/shop-settings.ts';

export interface AdPlatformSettings {
  pixelId: string;
  accessToken: string;
  testEventCode: string;
  purchaseStage: PurchaseStage;
}
export type MarketingSettings = Record<AdPlatform, AdPlatformSettings>;

const FIELDS = ['pixel_id', 'access_token', 'test_event_code', 'purchase_stage'] as const;
const keyOf = (platform: AdPlatform, field: (typeof FIELDS)[number]) => `marketing.${platform}.${field}`;
const ALL_KEYS = AD_PLATFORMS.flatMap((p) => FIELDS.map((f) => keyOf(p, f)));

/** Until the owner chooses, a purchase is an order the call confirmed (a form fill is not a sale). */
export const DEFAULT_PURCHASE_STAGE: PurchaseStage = 'confirmed';

export async function readMarketingSettings(db: Executor): Promise<MarketingSettings> {
  const rows = await settingsRepo.findSettings(db, ALL_KEYS);
  const value = (platform: AdPlatform, field: (typeof FIELDS)[number]) =>
    rows.find((r) => r.key === keyOf(platform, field))?.value ?? '';
  const of = (platform: AdPlatform): AdPlatformSettings => {
    const stage = value(platform, 'purchase_stage');
    return {
      pixelId: value(platform, 'pixel_id'),
      accessToken: value(platform, 'access_token'),
      testEventCode: value(platform, 'test_event_code'),
      purchaseStage: (PURCHASE_STAGES as readonly string[]).includes(stage)
        ? (stage as PurchaseStage)
        : DEFAULT_PURCHASE_STAGE,
    };
  };
  return { meta: of('meta'), tiktok: of('tiktok') };
}

/** How long a process trusts the settings it read: another process's change reaches it within this. */
export const MARKETING_SETTINGS_TTL_MS = 5000;

/**
 * The settings last read, per database: keyed by the database's dialect adapter, one per Kysely
 * instance and shared by its transactions (db/dialect.ts reads it too), so a read inside a status
 * change's transaction finds the process's copy, and two apps (tests' "processes") keep their own.
 */
const lastRead = new WeakMap<object, { value: MarketingSettings; at: number }>();
const cacheKey = (db: Executor): object => db.getExecutor().adapter;

/**
 * The settings as every status change needs them (enqueuePurchases, in its transaction): read at
 * most every MARKETING_SETTINGS_TTL_MS per process, as the desk's settings are. This process's own
 * save forgets them at once; another process's is seen within that time.
 */
export async function cachedMarketingSettings(db: Executor, now = Date.now()): Promise<MarketingSettings> {
  const key = cacheKey(db);
  const kept = lastRead.get(key);
  if (kept && now - kept.at <= MARKETING_SETTINGS_TTL_MS && now >= kept.at) return kept.value;
  const value = await readMarketingSettings(db);
  lastRead.set(key, { value, at: now });
  return value;
}

/** This process changed the settings: the next read is fresh. */
export function forgetMarketingSettings(db: Executor): void {
  lastRead.delete(cacheKey(db));
}

/** Server events go to a platform only with both its pixel id and its token. */
export function sendsServerEvents(settings: AdPlatformSettings): boolean {
  return settings.pixelId !== '' && settings.accessToken !== '';
}

export function marketingSettingsView(settings: MarketingSettings): MarketingSettingsRead {
  const view = (s: AdPlatformSettings) => ({
    pixel_id: s.pixelId,
    access_token_set: s.accessToken !== '',
    test_event_code: s.testEventCode,
    purchase_stage: s.purchaseStage,
    server_events: sendsServerEvents(s),
  });
  return { meta: view(settings.meta), tiktok: view(settings.tiktok) };
}

export async function saveMarketingSettings(db: Database, input: MarketingSettingsInput): Promise<MarketingSettings> {
  const values: Record<string, string> = {};
  for (const platform of AD_PLATFORMS) {
    const given = input[platform];
    values[keyOf(platform, 'pixel_id')] = given.pixel_id;
    values[keyOf(platform, 'test_event_code')] = given.test_event_code;
    values[keyOf(platform, 'purchase_stage')] = given.purchase_stage;
    // Left out: the saved token stays (the form never holds it); an empty string removes it.
    if (given.access_token !== undefined) values[keyOf(platform, 'access_token')] = given.access_token;
  }
  await db.transaction().execute((trx) => settingsRepo.saveSettings(trx, values, new Date().toISOString()));
  forgetMarketingSettings(db);
  return readMarketingSettings(db);
}

/** The pixels the storefront loads: a platform's pixel id once it is set, and its script's address. */
export function storefrontPixels(settings: MarketingSettings, scripts: StorefrontPixels['scripts']): StorefrontPixels {
  return { meta: settings.meta.pixelId || null, tiktok: settings.tiktok.pixelId || null, scripts };
}
