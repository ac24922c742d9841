// Couriers: what a courier's parcel status means for the order, what the back office
// sends (orders to hand to the courier, the orders to export or print) and what it is answered.
// Admin messages in English.
import { z } from 'zod';
import { idSchema } from './common-schemas.ts';
import { orderFiltersSchema } from './order-desk-schemas.ts';
import { COURIERS, type CourierName } from './courier-statuses.ts';

/** How the back office names each courier. */
const COURIER_LABELS: Record<CourierName, string> = {
  yalidine: 'Yalidine',
  ecotrack: 'Ecotrack',
  zr_express: 'ZR Express',
  noest: 'NOEST',
};

/** A courier's name as the owner reads it ("the courier" when the order has none). */
export function courierLabel(courier: string | null): string {
  if (courier === null) return 'the courier';
  return (COURIER_LABELS as Record<string, string>)[courier] ?? courier;
}

/** Orders picked by their numbers (1 to 500 of them). */
const orderIdsSchema = z
  .array(idSchema, { error: 'orderIds must be a list of order numbers' })
  .min(1, { error: 'Choose at least one order' })
  .max(500, { error: 'At most 500 orders at once' });

/** POST /courier/send. */
export const courierSendSchema = z.object({ orderIds: orderIdsSchema });
export type CourierSend = z.infer<typeof courierSendSchema>;

/** "1,2,3" from a query string: the orders to export or print. */
export const idListSchema = z
  .string()
  .trim()
  .max(5000)
  .transform((text, ctx) => {
    const parts = [...new Set(text.split(',').map((part) => part.trim()))].filter(Boolean);
    // Decimal digits only: Number() would also read "0x1f", "1e3" and " " as numbers.
    const ids = parts.map((part) => (/^\d{1,10}$/.test(part) ? Number(part) : Number.NaN));
    if (ids.length === 0 || ids.some((id) => !Number.isInteger(id) || id < 1 || id > 2_147_483_647)) {
      ctx.addIssue({ code: 'custom', message: 'ids must be order numbers separated by commas' });
      return z.NEVER;
    }
    if (ids.length > 500) {
      ctx.addIssue({ code: 'custom', message: 'At most 500 orders at once' });
      return z.NEVER;
    }
    return ids;
  });

/**
 * The orders an export holds: the ones chosen (ids), else those the orders list's filters match
 * (the same filters as GET /order/searchOrders).
 */
export const orderExportQuerySchema = orderFiltersSchema.extend({
  ids: idListSchema.optional(),
  q: z.string().trim().max(100).optional(),
  phone: z.string().trim().max(20).optional(),
});
export type OrderExportQuery = z.infer<typeof orderExportQuerySchema>;

export const EXPORT_FORMATS = ['csv'] as const;
/** GET /order/export: the accountant's file. */
export const accountingExportQuerySchema = orderExportQuerySchema.extend({
  format: z.enum(EXPORT_FORMATS, { error: 'format must be csv' }).default('csv'),
});

/** GET /courier/slips. */
export const slipsQuerySchema = z.object({ ids: idListSchema });

/** PUT /courier/sync: nothing to send; the answer counts what moved. */
export const courierSyncResultSchema = z
  .object({
    checked: z.number().int(),
    updated: z.number().int(),
    /** Orders whose status moved (delivered, returned, cancelled). */
    moved: z.number().int(),
    /** Parcels sent earlier whose answer was lost, found at the courier (or not) since. */
    recovered: z.number().int(),
    /** Why the sync stopped early (quota used up, courier unreachable), or null. */
    stopped: z.string().nullable(),
  })
  .meta({ id: 'CourierSyncResult' });
export type CourierSyncResult = z.infer<typeof courierSyncResultSchema>;

/** Each order's outcome of POST /courier/send. */
export const courierSendResultSchema = z
  .object({
    results: z.array(
      z.object({
        id: z.number().int(),
        ok: z.boolean(),
        message: z.string(),
        tracking_number: z.string().nullable(),
        label_url: z.string().nullable(),
      }),
    ),
  })
  .meta({ id: 'CourierSendResult' });
export type CourierSendResult = z.infer<typeof courierSendResultSchema>;

const quotaSchema = z.object({
  second: z.number().nullable(),
  minute: z.number().nullable(),
  hour: z.number().nullable(),
  day: z.number().nullable(),
});

/** GET /courier/status: whether parcels can be sent, and how statuses come back. */
export const courierStatusSchema = z
  .object({
    courier: z.enum(COURIERS).nullable(),
    configured: z.boolean(),
    webhook: z.boolean(),
    sync_minutes: z.number(),
    /** Calls left in each of the courier's windows, as last answered (null: not known yet). */
    quota: quotaSchema,
    /** Every courier account: whether it can send now, and its quota as last heard. */
    accounts: z.array(
      z.object({
        id: z.number().int(),
        name: z.string(),
        kind: z.enum(COURIERS),
        ready: z.boolean(),
        quota: quotaSchema,
      }),
    ),
  })
  .meta({ id: 'CourierStatus' });
export type CourierStatus = z.infer<typeof courierStatusSchema>;

/**
 * A custom order's item as a slip and the courier's label name it ("Personnalisée : Hoodie"): they
 * travel to the customer, in French.
 */
export const CUSTOM_ITEM_ON_SLIP = 'Personnalisée';

/** A delivery slip: what the courier and the customer need at the door. */
export const slipSchema = z
  .object({
    id: z.number().int(),
    created_at: z.string(),
    customer_name: z.string(),
    customer_phone: z.string(),
    wilaya_name: z.string(),
    /**
     * The wilaya as printed: its name, or for a wilaya the courier's division does not have, both
     * ("68 Bou Saâda (28 M'Sila)": the courier knows it as the second).
     */
    wilaya_label: z.string(),
    /** The commune; null on orders placed before communes were asked (the address says it). */
    commune: z.string().nullable(),
    address: z.string(),
    delivery_type: z.enum(['home', 'stop_desk']),
    /** The courier's stop desk (centre id), its name and address as they were when it was chosen; null until then. */
    stop_desk_id: z.string().nullable(),
    stop_desk_name: z.string().nullable(),
    stop_desk_address: z.string().nullable(),
    /** A custom order's one item is named in French ("Personnalisée : Hoodie") with its colour. */
    items: z.array(
      z.object({ name: z.string(), size: z.string(), quantity: z.number().int(), color: z.string().nullable() }),
    ),
    /** Da to collect: what is left to pay of the order's final total after payments received in advance. */
    amount: z.number(),
    tracking_number: z.string().nullable(),
    /** Who sends the parcel (the shop's name and phone): whom the courier and the customer call. */
    sender_name: z.string(),
    sender_phone: z.string(),
    /** The courier and account of the parcel (or the one the order goes to), null when none. */
    courier: z.string().nullable(),
    courier_account: z.string().nullable(),
    /** The courier's own label: a public address, or behind the account's token (GET /courier/label/:id, a PDF). */
    label_url: z.string().nullable(),
    label_pdf: z.boolean(),
  })
  .meta({ id: 'DeliverySlip' });
export type Slip = z.infer<typeof slipSchema>;

/** Orders printed on one A4 page. */
export const SLIPS_PER_PAGE = 4;

/**
 * The webhook's body, as Yalidine documents its events: `{ type, events: [{ event_id, occurred_at,
 * data }] }`, one type per call (parcel_created, parcel_edited, parcel_deleted,
 * parcel_status_updated, parcel_payment_updated). parcel_status_updated moves the orders (its data
 * holds tracking and status), parcel_payment_updated marks parcels paid (status "payed",
 * payment_id); `data` is read leniently, since a refused call is retried by Yalidine
 * and, after its last retry, disables the webhook.
 */
export const courierWebhookSchema = z
  .object({
    type: z.string({ error: 'type is required' }).trim().min(1).max(100),
    events: z
      .array(
        z
          .object({
            event_id: z.union([z.string().max(200), z.number()]).optional(),
            occurred_at: z.string().max(50).optional(),
            data: z.record(z.string(), z.unknown(), { error: 'Each event needs its data' }),
          })
          .loose(),
        { error: 'events must be a list' },
      )
      .max(1000),
  })
  .loose();
export type CourierWebhook = z.infer<typeof courierWebhookSchema>;

/** The event type whose data is a parcel's new status. */
export const WEBHOOK_STATUS_EVENT = 'parcel_status_updated';

/**
 * A webhook call's events: how many came, and how many changed an order (the others: another
 * event type, a tracking number no order has, a status the order already had).
 */
export const courierWebhookResultSchema = z
  .object({ received: z.number().int(), updated: z.number().int() })
  .meta({ id: 'CourierWebhookResult' });
