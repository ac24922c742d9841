// Ad attribution (docs/marketing.md): what a checkout sends about where the customer came from,
// the owner's ad platforms, and the server events sent to them. No zod-free rule here is used by
// one side only: the storefront builds the same fbc and event ids the server keeps.
import { z } from 'zod';
import { MAX_ID, optionalTypedText, queryInteger } from './common-schemas.ts';
import { LANDING_URL_MAX } from './ad-attribution.ts';

export { fbcOf, LANDING_URL_MAX, phoneForAds } from './ad-attribution.ts';

export const AD_PLATFORMS = ['meta', 'tiktok'] as const;
export type AdPlatform = (typeof AD_PLATFORMS)[number];

export const AD_PLATFORM_LABELS: Record<AdPlatform, string> = { meta: 'Meta (Facebook, Instagram)', tiktok: 'TikTok' };

/**
 * When an order counts as a purchase for the ad platform: when it is placed, when the call
 * confirms it, or when the courier delivers it (a cash-on-delivery order may be refused at the door).
 */
export const PURCHASE_STAGES = ['placed', 'confirmed', 'delivered'] as const;
export type PurchaseStage = (typeof PURCHASE_STAGES)[number];

/** The order status that reaches each stage (placed is the order's first row). */
export const STAGE_OF_STATUS: Readonly<Record<string, PurchaseStage>> = {
  pending: 'placed',
  approved: 'confirmed',
  successful: 'delivered',
};

/** The purchase's event name on each platform. */
export const PURCHASE_EVENT: Record<AdPlatform, string> = { meta: 'Purchase', tiktok: 'CompletePayment' };
/** The browser's event when an order is placed. */
export const ORDER_PLACED_BROWSER_EVENT: Record<AdPlatform, string> = { meta: 'Lead', tiktok: 'SubmitForm' };

/**
 * How old an event may be when it is sent: Meta refuses website events older than 7 days; TikTok
 * documents the same window for web events.
 */
export const AD_EVENT_WINDOW_DAYS: Record<AdPlatform, number> = { meta: 7, tiktok: 7 };

/** An event that failed this many times is given up (recorded failed with the platform's last word). */
export const AD_EVENT_MAX_ATTEMPTS = 6;

export const AD_EVENT_STATES = ['pending', 'sent', 'failed', 'skipped'] as const;
export type AdEventState = (typeof AD_EVENT_STATES)[number];

// ---------------------------------------------------------------- what a checkout sends

const ATTRIBUTION_TEXT_MAX = 500;

/** An optional attribution field: printable ASCII, bounded; empty means absent. */
function attributionText(max: number, pattern = /^[\x21-\x7e]*$/) {
  return z
    .string()
    .trim()
    .max(max, { error: 'Paramètre de suivi trop long' })
    .regex(pattern, { error: 'Paramètre de suivi invalide' })
    .optional()
    .transform((v) => (v ? v : undefined));
}

/** Free text of a UTM tag (campaign names have spaces, accents): any visible text without controls. */
function utmText() {
  return optionalTypedText('line', 200, {
    tooLong: 'Paramètre de suivi trop long',
    characters: 'Paramètre de suivi invalide',
  })
    .optional()
    .transform((v) => (v ? v : undefined));
}

/** The browser's event id of the order placed, reused by the server's purchase event. */
export const EVENT_ID_PATTERN = /^[\w-]{8,64}$/;

/** Flat optional fields, so that the JSON order and the multipart custom order carry the same. */
export const attributionFields = {
  fbp: attributionText(ATTRIBUTION_TEXT_MAX, /^fb\.\d\.\d+\.[\w.-]+$|^$/),
  fbc: attributionText(ATTRIBUTION_TEXT_MAX, /^fb\.\d\.\d+\.[\w.-]+$|^$/),
  ttp: attributionText(ATTRIBUTION_TEXT_MAX),
  ttclid: attributionText(ATTRIBUTION_TEXT_MAX),
  utm_source: utmText(),
  utm_medium: utmText(),
  utm_campaign: utmText(),
  utm_content: utmText(),
  utm_term: utmText(),
  landing_url: z
    .string()
    .trim()
    .max(LANDING_URL_MAX, { error: 'Paramètre de suivi trop long' })
    .regex(/^https?:\/\/\S+$|^$/, { error: 'Paramètre de suivi invalide' })
    .optional()
    .transform((v) => (v ? v : undefined)),
  event_id: attributionText(64, /^[\w-]{8,64}$|^$/),
};
export const attributionSchema = z.object(attributionFields);
/** Each field optional: a checkout sends what it has. */
export type Attribution = { [K in keyof z.infer<typeof attributionSchema>]?: string | undefined };
export const ATTRIBUTION_KEYS = Object.keys(attributionFields) as (keyof Attribution)[];

// ---------------------------------------------------------------- settings

const stageSchema = z.enum(PURCHASE_STAGES, { error: `Stage must be one of ${PURCHASE_STAGES.join(', ')}` });
const secretInput = z
  .string()
  .trim()
  .max(1000, { error: 'Token is too long' })
  .regex(/^[\x21-\x7e]*$/, { error: 'Token holds characters a token never has' });

/**
 * What the owner saves for each platform. A token left out keeps the saved one; an empty string
 * removes it (tokens are never sent back).
 */
export const adPlatformSettingsSchema = z.object({
  pixel_id: z
    .string()
    .trim()
    .max(64, { error: 'Pixel id is too long' })
    .regex(/^[A-Za-z0-9]*$/, { error: 'Pixel id is letters and digits only' }),
  access_token: secretInput.optional(),
  test_event_code: z
    .string()
    .trim()
    .max(64, { error: 'Test event code is too long' })
    .regex(/^[A-Za-z0-9_-]*$/, { error: 'Test event code is letters and digits only' }),
  purchase_stage: stageSchema,
});
export type AdPlatformSettingsInput = z.infer<typeof adPlatformSettingsSchema>;

export const marketingSettingsSchema = z.object({ meta: adPlatformSettingsSchema, tiktok: adPlatformSettingsSchema });
export type MarketingSettingsInput = z.infer<typeof marketingSettingsSchema>;

export const adPlatformSettingsReadSchema = z.object({
  pixel_id: z.string(),
  /** Whether a token is saved; the token itself never leaves the server. */
  access_token_set: z.boolean(),
  test_event_code: z.string(),
  purchase_stage: stageSchema,
  /** Pixel id and token both set: server events are sent. */
  server_events: z.boolean(),
});
export type AdPlatformSettingsRead = z.infer<typeof adPlatformSettingsReadSchema>;
export const marketingSettingsReadSchema = z
  .object({ meta: adPlatformSettingsReadSchema, tiktok: adPlatformSettingsReadSchema })
  .meta({ id: 'MarketingSettings' });
export type MarketingSettingsRead = z.infer<typeof marketingSettingsReadSchema>;

/**
 * The pixels the storefront loads (public: pixel ids are in every page's source anyway), and
 * where their scripts come from (the platforms' hosts; a local fake in the e2e journey).
 */
export const storefrontPixelsSchema = z.object({
  meta: z.string().nullable(),
  tiktok: z.string().nullable(),
  scripts: z.object({ meta: z.string(), tiktok: z.string() }),
});
export type StorefrontPixels = z.infer<typeof storefrontPixelsSchema>;

// ---------------------------------------------------------------- the events log

export const adEventSchema = z
  .object({
    id: z.number().int(),
    order_id: z.number().int(),
    platform: z.enum(AD_PLATFORMS),
    stage: z.enum(PURCHASE_STAGES),
    event_name: z.string(),
    event_id: z.string(),
    state: z.enum(AD_EVENT_STATES),
    attempts: z.number().int(),
    /** The platform's answer when it refused, or why the event was skipped. */
    message: z.string().nullable(),
    created_at: z.string(),
    sent_at: z.string().nullable(),
    /** The order went back (refused, returned) after this purchase was sent: the platform counts a sale that was not. */
    order_undone: z.boolean(),
  })
  .meta({ id: 'AdEvent' });
export type AdEvent = z.infer<typeof adEventSchema>;

export const adEventsQuerySchema = z.object({
  platform: z.enum(AD_PLATFORMS, { error: 'Platform must be meta or tiktok' }).optional(),
  order_id: queryInteger(1, MAX_ID, 'order_id').optional(),
});

export const adTestEventSchema = z.object({
  platform: z.enum(AD_PLATFORMS, { error: 'Platform must be meta or tiktok' }),
});
export const adTestResultSchema = z.object({ ok: z.boolean(), status: z.number().int(), message: z.string() });
