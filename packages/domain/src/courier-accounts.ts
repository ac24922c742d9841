// Courier accounts: the shop may hold several at once (a Yalidine account, two Ecotrack couriers,
// ZR Express…), each with its credentials (kept by the server, never sent back: the admin only
// learns which are set), the wilayas its API speaks, and for Ecotrack the tenant's host. Routing
// sends each order to the account its wilaya and delivery type point to, unless the owner chose
// another for that order. Admin messages in English.
import { z } from 'zod';
import { idSchema, numberInput, optionalTypedText, requiredText } from './common-schemas.ts';
import { COURIERS, type CourierName } from './courier-statuses.ts';
import { DIVISION_IDS } from './geo/wilayas.ts';
import { wilayaKey } from './wilaya.ts';

/** A credential field of a courier's API: its key in the account, its label in the admin. */
export interface CredentialField {
  key: string;
  label: string;
}

export const COURIER_CREDENTIALS: Record<CourierName, readonly CredentialField[]> = {
  yalidine: [
    { key: 'api_id', label: 'API ID (X-API-ID)' },
    { key: 'api_token', label: 'API token (X-API-TOKEN)' },
  ],
  ecotrack: [{ key: 'token', label: 'API token (Bearer)' }],
  zr_express: [
    { key: 'api_key', label: 'API key (X-Api-Key)' },
    { key: 'tenant_id', label: 'Tenant ID (X-Tenant)' },
  ],
  noest: [
    { key: 'api_token', label: 'API token (Bearer)' },
    { key: 'user_guid', label: 'User GUID' },
  ],
};

/** Each courier's own API address; Ecotrack has none (each tenant its host). */
export const COURIER_API_URLS: Record<CourierName, string | null> = {
  yalidine: 'https://api.yalidine.app/v1',
  ecotrack: null,
  zr_express: 'https://api.zrexpress.app/api/v1',
  noest: 'https://app.noest-dz.com',
};

/** The wilayas each courier's API speaks today: the 58 (their wilaya numbers 1-58). */
export const DEFAULT_COURIER_DIVISION = 'wilayas-2019';

/** When a parcel is handed over (validated) at a courier that asks for it: at once, or by the owner. */
export const HAND_OVER_MODES = ['on_send', 'manual'] as const;
export type HandOverMode = (typeof HAND_OVER_MODES)[number];

/** Couriers whose parcels must be validated after creation before the courier takes them. */
export const HAND_OVER_COURIERS: readonly CourierName[] = ['ecotrack', 'noest'];

const hostSchema = z
  .string()
  .trim()
  .max(200, { error: 'The host is at most 200 characters' })
  .refine((value) => value === '' || /^https?:\/\/[^\s/]+(\/[^\s]*)?$/.test(value), {
    error: 'The host must be an address like https://dhd.ecotrack.dz',
  });

/**
 * POST /courier/accounts and PUT /courier/accounts/:id. Credentials are write-only: a field sent
 * empty or left out keeps what the account has; on a new account every field is required.
 */
export const courierAccountWriteSchema = z
  .object({
    kind: z.enum(COURIERS, { error: `The courier must be one of ${COURIERS.join(', ')}` }),
    name: requiredText('The name is required', 60),
    division: z.enum(DIVISION_IDS as [string, ...string[]], { error: 'Unknown wilaya division' }),
    /** Ecotrack: the tenant's host (required); the others: their API address, empty for the official one. */
    host: hostSchema.default(''),
    /** The wilaya parcels leave from (Yalidine asks for it; fees are read from it). */
    from_wilaya: optionalTypedText('line', 60, {
      tooLong: 'The wilaya is at most 60 characters',
      characters: 'Must not contain control or direction-override characters',
    })
      .optional()
      .default(''),
    hand_over: z.enum(HAND_OVER_MODES, { error: 'hand_over must be on_send or manual' }).default('manual'),
    active: z.boolean().default(true),
    credentials: z
      .record(z.string().max(40), z.string().max(500, { error: 'A credential is at most 500 characters' }))
      .default({}),
    /** The secret the courier signs its webhook calls with: empty keeps it, null removes it. */
    webhook_secret: z
      .string()
      .max(200)
      .refine((v) => v === '' || v.length >= 16, { error: 'The webhook secret is at least 16 characters' })
      .nullable()
      .optional(),
    /** PUT: the account's updated_at as the form was opened (409 when it changed since). */
    version: z.string().max(40).optional(),
  })
  .superRefine((account, ctx) => {
    if (account.kind === 'ecotrack' && account.host === '') {
      ctx.addIssue({ code: 'custom', path: ['host'], message: "An Ecotrack account needs its tenant's host" });
    }
    const known = new Set(COURIER_CREDENTIALS[account.kind].map((f) => f.key));
    for (const key of Object.keys(account.credentials)) {
      if (!known.has(key))
        ctx.addIssue({ code: 'custom', path: ['credentials', key], message: `Unknown credential ${key}` });
    }
  });
export type CourierAccountWrite = z.infer<typeof courierAccountWriteSchema>;

export const ACCOUNT_SOURCES = ['admin', 'env'] as const;

/** A courier account as the admin reads it: which credentials are set, never their values. */
export const courierAccountSchema = z
  .object({
    id: z.number().int(),
    kind: z.enum(COURIERS),
    name: z.string(),
    division: z.string(),
    host: z.string(),
    from_wilaya: z.string(),
    hand_over: z.enum(HAND_OVER_MODES),
    active: z.boolean(),
    /** env: configured by environment variables, read-only here. */
    source: z.enum(ACCOUNT_SOURCES),
    credentials_set: z.array(z.string()),
    webhook_secret_set: z.boolean(),
    /** Where the courier sends its webhook calls (path on this shop), null when it has none. */
    webhook_path: z.string().nullable(),
    /** When its communes and stop desks were matched, and how many. */
    places_synced_at: z.string().nullable(),
    communes_matched: z.number().int(),
    desks: z.number().int(),
    updated_at: z.string(),
  })
  .meta({ id: 'CourierAccount' });
export type CourierAccount = z.infer<typeof courierAccountSchema>;

export const ROUTE_DELIVERY_TYPES = ['home', 'stop_desk', 'any'] as const;
export type RouteDeliveryType = (typeof ROUTE_DELIVERY_TYPES)[number];

/** One line of the routing table: a wilaya (null: every other wilaya) and delivery type to an account. */
export const courierRouteSchema = z.object({
  wilaya: requiredText('The wilaya is required', 100).nullable(),
  delivery_type: z.enum(ROUTE_DELIVERY_TYPES, { error: 'delivery_type must be home, stop_desk or any' }),
  account_id: idSchema,
});
export type CourierRoute = z.infer<typeof courierRouteSchema>;

/** PUT /courier/routes: the whole table, against the version it was read with. */
export const courierRoutesWriteSchema = z.object({
  routes: z.array(courierRouteSchema).max(500),
  version: z.string().max(100),
});

export const courierRoutesSchema = z
  .object({
    routes: z.array(courierRouteSchema.extend({ wilaya: z.string().nullable(), account_id: z.number().int() })),
    version: z.string(),
  })
  .meta({ id: 'CourierRoutes' });
export type CourierRoutes = z.infer<typeof courierRoutesSchema>;

/**
 * The account an order goes to: the one the owner chose for it, else the route of its wilaya and
 * delivery type, its wilaya for any type, the default for its type, the default for any type;
 * null when nothing routes it (then the only active account, if there is one).
 */
export function routeOrder(
  order: { wilaya_name: string; delivery_type: string; courier_account_id: number | null },
  routes: readonly CourierRoute[],
  activeAccounts: readonly number[],
): number | null {
  if (order.courier_account_id !== null) return order.courier_account_id;
  const key = wilayaKey(order.wilaya_name);
  const type = order.delivery_type === 'stop_desk' ? 'stop_desk' : 'home';
  const usable = routes.filter((r) => activeAccounts.includes(r.account_id));
  const pick = (wilaya: string | null, t: RouteDeliveryType) =>
    usable.find(
      (r) =>
        (wilaya === null ? r.wilaya === null : r.wilaya !== null && wilayaKey(r.wilaya) === wilaya) &&
        r.delivery_type === t,
    );
  const found = pick(key, type) ?? pick(key, 'any') ?? pick(null, type) ?? pick(null, 'any');
  if (found) return found.account_id;
  return activeAccounts.length === 1 ? (activeAccounts[0] ?? null) : null;
}

/** PUT /courier/orders/:id/account: the account the order goes to, null for the routed one. */
export const orderCourierAccountSchema = z.object({
  account_id: idSchema.nullable(),
  /** What the order had as the form was opened. */
  previous: idSchema.nullable(),
});

/** POST /courier/handover: parcels the courier should take (validation). */
export const courierHandOverSchema = z.object({
  orderIds: z
    .array(idSchema, { error: 'orderIds must be a list of order numbers' })
    .min(1, { error: 'Choose at least one order' })
    .max(500, { error: 'At most 500 orders at once' }),
});

/** POST /courier/attach: a parcel the courier made whose answer was lost, attached by its tracking number. */
export const courierAttachSchema = z.object({
  orderId: idSchema,
  tracking: requiredText('The tracking number is required', 100),
});

/** The couriers' settings: after how many days without news a parcel is listed as stranded. */
export const courierSettingsSchema = z.object({
  stranded_days: numberInput(
    z
      .number()
      .int({ error: 'Days are a whole number' })
      .min(1, { error: 'At least 1 day' })
      .max(90, { error: 'At most 90 days' }),
    'Days are a number',
  ),
});
export type CourierSettings = z.infer<typeof courierSettingsSchema>;
export const courierSettingsReadSchema = z.object({ stranded_days: z.number().int() }).meta({ id: 'CourierSettings' });
export const DEFAULT_STRANDED_DAYS = 7;
/** A parcel made this long ago and still not picked up is stranded. */
export const NOT_PICKED_UP_HOURS = 48;

/** Each order's outcome of POST /courier/handover. */
export const courierHandOverResultSchema = z
  .object({ results: z.array(z.object({ id: z.number().int(), ok: z.boolean(), message: z.string() })) })
  .meta({ id: 'CourierHandOverResult' });
export type CourierHandOverResult = z.infer<typeof courierHandOverResultSchema>;

/** POST /courier/accounts/:id/places: how the courier's communes and desks matched ours. */
export const courierPlacesResultSchema = z
  .object({
    communes_matched: z.number().int(),
    communes_unmatched: z.number().int(),
    /** A few of ours the courier has no commune for, to check by hand. */
    unmatched_examples: z.array(z.string()),
    desks: z.number().int(),
  })
  .meta({ id: 'CourierPlacesResult' });
