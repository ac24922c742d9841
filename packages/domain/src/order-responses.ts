// What the order calls answer (docs/api.md): the placed order's figures, the 409 refusals with
// the server's figures (DESIGN §3.2, §3.3), the back office's order and its dashboard figures.
import { z } from 'zod';
import { stockLineSchema } from './catalog-responses.ts';
import { ORDER_STATUSES, ORDER_TYPES, type OrderStatus } from './order-status.ts';

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
    total: z.number(),
    items: z.array(z.object({ product_id: id, size: z.string(), unit_price: z.number() })).optional(),
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
    /** Short code, '' for a product without sizes. */
    size: z.string(),
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
    /** GET /order/getOrder and the status change only. */
    status_history: z.array(statusChangeSchema).optional(),
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
} satisfies Record<OrderStatus, typeof count>);

export const orderStatsSchema = z
  .object({
    total_orders: z.number().int(),
    pending_orders: z.number().int(),
    total_products: z.number().int(),
    /** Da, successful orders only. */
    total_revenue: z.number(),
    by_status: ordersByStatus,
    /** The last 30 days, oldest first. */
    per_day: z.array(z.object({ date: z.string(), orders: z.number().int(), revenue: z.number() })),
  })
  .meta({ id: 'OrderStats' });
export type OrderStats = z.infer<typeof orderStatsSchema>;
