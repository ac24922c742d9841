// What the order calls answer (docs/api.md): the placed order's figures, the 409 refusals with
// the server's figures (DESIGN §3.2, §3.3), the back office's order and its dashboard figures.
import { z } from 'zod';
import { stockLineSchema } from './catalog-responses.ts';
import { DELIVERY_TYPES } from './shipping-schemas.ts';
import { orderPaymentSchema } from './order-payments.ts';
import { orderClaimSchema } from './staff.ts';
import {
  BLACKLIST_POLICIES,
  CONFIRMATION_STATES,
  ORDER_STATUSES,
  ORDER_TYPES,
  REFUSAL_REASONS,
  type OrderStatus,
  STATS_PERIODS,
} from './order-status.ts';

const id = z.number().int();

/** 201 of POST /order and POST /Order: the figures the server charged, in Da. */
export const createdOrderSchema = z
  .object({
    order_id: id,
    subtotal: z.number(),
    discount_percentage: z.number(),
    discount_amount: z.number(),
    shipping_fee: z.number(),
    total: z.number(),
  })
  .meta({ id: 'CreatedOrder' });
export type CreatedOrder = z.infer<typeof createdOrderSchema>;

/** 409 "Les prix ont changé": the server's figures; for a cart, each line's unit price too. */
export const repricedOrderSchema = z
  .object({
    subtotal: z.number(),
    shipping_fee: z.number(),
    discount_percentage: z.number(),
    /** The discount in Da (a coupon's percentage of the subtotal, or its fixed amount). */
    discount_amount: z.number(),
    total: z.number(),
    items: z
      .array(
        z.object({
          product_id: id,
          size: z.string(),
          /** The variant's colour (French name), only on a line of a product sold in colours. */
          color: z.string().optional(),
          unit_price: z.number(),
        }),
      )
      .optional(),
  })
  .meta({ id: 'RepricedOrder' });
export type RepricedOrder = z.infer<typeof repricedOrderSchema>;

/** 409 "Stock insuffisant": what is available for each line, the short ones not ok. */
export const stockShortSchema = z.object({ items: z.array(stockLineSchema) }).meta({ id: 'StockShort' });
export type StockShort = z.infer<typeof stockShortSchema>;

/** The data of a 409 to a new order: the prices changed, or the stock is short. */
export const orderConflictSchema = z.union([repricedOrderSchema, stockShortSchema]);

export const orderItemSchema = z
  .object({
    id,
    /** Null once the product is deleted; the line keeps its snapshot. */
    product_id: id.nullable(),
    product_name: z.string(),
    product_description: z.string(),
    quantity: z.number().int(),
    /** List unit price when ordered. */
    price_at_time: z.number(),
    /** Unit price charged. */
    unit_price: z.number(),
    product_type: z.string().nullable(),
    /** Short code, '' for a product without sizes (a size key of the product's scale, ADR 036). */
    size: z.string(),
    /**
     * The variant's colour, its French name when ordered; '' for a product without colours. The
     * server always sends it and color_id; both are optional in the type so that readers written
     * before colours (and their fixtures) stay valid.
     */
    color: z.string().optional(),
    /** The colour's id (product_colors), 0 for none: the stock row the line took from. */
    color_id: z.number().int().optional(),
    product_discount_percentage: z.number(),
    product_images: z.array(z.object({ image_url: z.string() })),
  })
  .meta({ id: 'OrderItem' });
export type OrderItem = z.infer<typeof orderItemSchema>;

export const statusChangeSchema = z.object({
  from_status: z.enum(ORDER_STATUSES).nullable(),
  to_status: z.enum(ORDER_STATUSES),
  changed_at: z.string(),
});

/** A phone's past orders, at a glance ("3 delivered, 1 returned"). */
export const phoneReputationSchema = z
  .object({
    orders: z.number().int(),
    delivered: z.number().int(),
    returned: z.number().int(),
    refused: z.number().int(),
    cancelled: z.number().int(),
  })
  .meta({ id: 'PhoneReputation' });
export type PhoneReputation = z.infer<typeof phoneReputationSchema>;

export const orderNoteSchema = z
  .object({ id, author: z.string(), text: z.string(), created_at: z.string() })
  .meta({ id: 'OrderNote' });
export type OrderNote = z.infer<typeof orderNoteSchema>;

/** A line of an order's history beside its status changes: a call, a correction, a return. */
export const orderEventSchema = z
  .object({
    kind: z.enum(['confirmation', 'edit', 'return_received', 'courier', 'payment', 'undo', 'stock']),
    detail: z.string(),
    author: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'OrderEvent' });
export type OrderEvent = z.infer<typeof orderEventSchema>;

/** The back office's order: regular orders have order_items, custom ones their clothing and images. */
export const orderSchema = z
  .object({
    id,
    type: z.enum(ORDER_TYPES),
    status: z.enum(ORDER_STATUSES),
    customer_name: z.string(),
    customer_phone: z.string(),
    customer_address: z.string(),
    customer_postal_code: z.string(),
    wilaya_name: z.string(),
    /** At home or at a stop desk, in which commune (null for older orders). */
    delivery_type: z.enum(DELIVERY_TYPES),
    commune_name: z.string().nullable(),
    subtotal: z.number(),
    discount_percentage: z.number(),
    discount_amount: z.number(),
    shipping_fee: z.number(),
    final_total: z.number(),
    coupon_code: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
    order_items: z.array(orderItemSchema),
    clothing_type: z.string().nullable(),
    color: z.string().nullable(),
    size: z.string().nullable(),
    reference_images: z.array(z.object({ position: z.string(), image_url: z.string() })),
    /** The confirmation call. */
    confirmation: z.enum(CONFIRMATION_STATES),
    call_attempts: z.number().int(),
    /** When the last call's outcome was recorded (the confirmation queue's answer only). */
    last_call_at: z.string().nullable().optional(),
    call_back_at: z.string().nullable(),
    confirmed_at: z.string().nullable(),
    refusal_reason: z.enum(REFUSAL_REASONS).nullable(),
    refusal_note: z.string().nullable(),
    /** Placed from a blacklisted phone and held for the owner's decision. */
    held: z.boolean(),
    /** Another open order from the same phone within 24 hours. */
    possible_duplicate: z.boolean(),
    /** The orders of the same phone this one may duplicate, or that may duplicate it (named on both). */
    duplicates: z.array(id),
    tracking_number: z.string().nullable(),
    /** The courier's parcel: courier, label, its last status, a refusal's reason. */
    courier: z.string().nullable(),
    label_url: z.string().nullable(),
    courier_status: z.string().nullable(),
    courier_sent_at: z.string().nullable(),
    courier_error: z.string().nullable(),
    /** The courier account the order is being or was sent to, or the one the owner chose for it (chosen). */
    courier_account_id: z.number().int().nullable(),
    courier_account_chosen: z.boolean(),
    /** A returned parcel received back (its stock is back). */
    return_received_at: z.string().nullable(),
    /** Whether its lines hold their units: false while held for a blacklisted phone (released on confirmation). */
    stock_reserved: z.boolean(),
    /** What a courier said that the order's status contradicts, until the owner marks it checked. */
    courier_attention: z.string().nullable(),
    /** Payments received before delivery, what they add up to, and what the courier collects. */
    payments: z.array(orderPaymentSchema),
    amount_paid: z.number(),
    amount_due: z.number(),
    /** The desk's last outcome, while it can still be undone (GET /order/getOrder and one order's changes). */
    undoable_call: z.object({ event_id: id, detail: z.string() }).nullable().optional(),
    /** "2× T-shirt (M), 1× Savon": the lines at a glance. */
    item_summary: z.string(),
    reputation: phoneReputationSchema,
    /** Who holds it on the shared desk now ("next order" or assigned), or null. */
    claim: orderClaimSchema.nullable(),
    /** GET /order/getOrder and the changes of one order only. */
    status_history: z.array(statusChangeSchema).optional(),
    notes: z.array(orderNoteSchema).optional(),
    events: z.array(orderEventSchema).optional(),
  })
  .meta({ id: 'Order' });
export type Order = z.infer<typeof orderSchema>;

const count = z.number().int();
/** Orders per status, every status present (an object rather than a record: OpenAPI lists its keys). */
const ordersByStatus = z.object({
  pending: count,
  approved: count,
  shipping: count,
  successful: count,
  cancelled: count,
  returned: count,
} satisfies Record<OrderStatus, typeof count>);

/** A rate between 0 and 1, or null when nothing was decided yet. */
const rate = z.number().min(0).max(1).nullable();
/** Confirmation: confirmed / (confirmed + refused by phone); delivery and return: of the parcels that ended delivered or returned. */
const rates = { confirmation_rate: rate, delivery_rate: rate, return_rate: rate };

export const orderStatsSchema = z
  .object({
    /** The period the orders and revenue are of (placed since `since`, a UTC day; null: all). */
    period: z.enum(STATS_PERIODS),
    since: z.string().nullable(),
    /** Orders placed in the period. */
    total_orders: z.number().int(),
    /** Orders waiting now, whenever placed. */
    pending_orders: z.number().int(),
    total_products: z.number().int(),
    /** Da, successful orders of the period only. */
    total_revenue: z.number(),
    /** The same less their delivery fees, which go to the couriers: what the shop keeps. */
    total_revenue_without_delivery: z.number(),
    /** Orders of the period by status. */
    by_status: ordersByStatus,
    /** The last 30 days, oldest first. */
    per_day: z.array(z.object({ date: z.string(), orders: z.number().int(), revenue: z.number() })),
    /** Orders placed in the last 30 days: overall, and per wilaya (most orders first). */
    last_30_days: z.object({
      orders: count,
      ...rates,
      per_wilaya: z.array(z.object({ wilaya: z.string(), orders: count, ...rates })),
    }),
    /**
     * Variants (a colour, or none, in a size) and products without sizes at or under the owner's
     * threshold, fewest first: `color` '' and `color_id` 0 without colours, `size` the key ('' without
     * sizes), `size_label` as shown ("2 ans", "Taille unique").
     */
    low_stock: z.array(
      z.object({
        product_id: id,
        name: z.string(),
        color_id: z.number().int(),
        color: z.string(),
        size: z.string(),
        size_label: z.string(),
        stock: count,
      }),
    ),
    low_stock_threshold: count,
  })
  .meta({ id: 'OrderStats' });
export type OrderStats = z.infer<typeof orderStatsSchema>;

/** GET /order/track: an order's path in French steps (the page words them), never its address. */
export const TRACKING_STEPS = ['received', 'confirmed', 'shipping', 'successful', 'returned', 'cancelled'] as const;
export type TrackingStep = (typeof TRACKING_STEPS)[number];
export const trackingSchema = z
  .object({
    order_id: id,
    status: z.enum(ORDER_STATUSES),
    timeline: z.array(z.object({ step: z.enum(TRACKING_STEPS), at: z.string() })),
    tracking_number: z.string().nullable(),
    /** `color`: the variant's colour (French name), only on a line that has one (ADR 036). */
    items: z.array(
      z.object({ name: z.string(), size: z.string(), color: z.string().optional(), quantity: z.number().int() }),
    ),
    total: z.number(),
    /** What is left to pay at the door (the total less what was paid in advance). */
    amount_due: z.number(),
    wilaya: z.string(),
    delivery_type: z.enum(DELIVERY_TYPES),
    commune: z.string().nullable(),
  })
  .meta({ id: 'OrderTracking' });
export type OrderTracking = z.infer<typeof trackingSchema>;

export const blacklistEntryReadSchema = z
  .object({ phone: z.string(), reason: z.string(), created_at: z.string() })
  .meta({ id: 'BlacklistEntry' });
export type BlacklistEntry = z.infer<typeof blacklistEntryReadSchema>;

/** PUT /order/bulkStatus: each order's outcome, changed or refused with the reason. */
export const bulkStatusResultSchema = z
  .object({ results: z.array(z.object({ id, ok: z.boolean(), message: z.string() })) })
  .meta({ id: 'BulkStatusResult' });
export type BulkStatusResult = z.infer<typeof bulkStatusResultSchema>;

export const deskSettingsReadSchema = z
  .object({
    blacklist_policy: z.enum(BLACKLIST_POLICIES),
    low_stock_threshold: count,
    review_moderation: z.boolean(),
    no_answer_limit: count,
  })
  .meta({ id: 'DeskSettings' });
