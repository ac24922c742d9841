// Table types. Money columns end in _cents (integer centimes); flags are 0/1 integers and
// timestamps ISO-8601 UTC text, so that both SQLite and PostgreSQL return the same values.
import type { ColumnType, Generated, Insertable, Kysely, Selectable, Transaction, Updateable } from 'kysely';

type Flag = number; // 0 | 1

export interface ProductTypeTable {
  id: Generated<number>;
  name: string;
  description: string;
  for_custom: Flag;
  /** Arabic name and description (migration 012), null = show the French. */
  name_ar: Generated<string | null>;
  description_ar: Generated<string | null>;
  created_at: string;
}

export interface ProductTable {
  id: Generated<number>;
  name: string;
  description: string;
  price_cents: number;
  discount_percentage: number;
  /** Denormalised final price, for filtering and sorting by it. */
  final_price_cents: number;
  /** Sum of the size stocks for a sized product; the product's own stock otherwise. */
  stock: number;
  /** 1 when the product is sold by variant (size, and colour if any: clothing), 0 for one stock (body care). */
  has_sizes: Flag;
  /** The size scale of a product sold by size (migration 030, domain sizes.ts): letters, numbers, ages, one. */
  size_scale: Generated<string>;
  /** The scale's sizes in the owner's order, a JSON list of size keys; null for letters (S-XXL). */
  size_list: Generated<string | null>;
  /** Arabic name and description (migration 012), null = show the French. */
  name_ar: Generated<string | null>;
  description_ar: Generated<string | null>;
  /**
   * The search key of both names (migration 022, packages/domain search-text.ts): required on every
   * insert so that no writer leaves a product unfindable.
   */
  search_text: string;
  type_id: number | null;
  rating_sum: number;
  rating_count: number;
  created_at: string;
  updated_at: string;
}

/**
 * A variant (migration 030): a colour of the product (0 when it has none) in a size, with its own
 * stock; the table kept its first name, from when a row was a size.
 */
export interface ProductSizeTable {
  product_id: number;
  color_id: Generated<number>;
  size: string;
  stock: number;
  sku: Generated<string | null>;
  /** Added to the product's price for this variant (may be negative); the discount applies to the sum. */
  price_diff_cents: Generated<number>;
}

/** A colour a product is sold in (migration 030). */
export interface ProductColorTable {
  id: Generated<number>;
  product_id: number;
  name: string;
  name_ar: string | null;
  /** The key of the storefront's URL (`?couleur=rouge`), unique per product, kept when the name changes. */
  slug: string;
  /** `#rrggbb`. */
  swatch: string;
  position: number;
}

export interface ProductImageTable {
  id: Generated<number>;
  product_id: number;
  image_url: string;
  is_primary: Flag;
  /** Where the owner placed it among the product's photos, from 0 (migration 020). */
  position: Generated<number>;
  /** The colour the photo shows (migration 030); null: every colour. */
  color_id: Generated<number | null>;
  width: number | null;
  height: number | null;
  created_at: string;
}

export interface ShippingPriceTable {
  id: Generated<number>;
  wilaya_code: number | null;
  wilaya_name: string;
  /** Home delivery, the price the spec's API reads. */
  price_cents: number;
  /** Pick-up at a stop desk (migration 011); null = no stop desk in this wilaya. */
  stop_desk_price_cents: Generated<number | null>;
  /** 1: fees copied from the wilaya it was made from at a division's switch, until the owner saves them (migration 016). */
  provisional: Generated<Flag>;
}

/** A division of the wilayas switched to, once (migration 016): when, and what was done (JSON list of lines). */
export interface DivisionSwitchTable {
  division: string;
  switched_at: string;
  log: string;
}

/**
 * A commune priced apart from its wilaya (migration 015): its own fee at home and/or at a stop
 * desk; null = the wilaya's. commune_name is the commune data's French name when the wilaya is
 * in the data.
 */
export interface CommuneFeeTable {
  shipping_price_id: number;
  commune_name: string;
  price_cents: number | null;
  stop_desk_price_cents: number | null;
}

export interface CouponTable {
  id: Generated<number>;
  code: string;
  /** 0 for a coupon of a fixed amount. */
  discount_percentage: number;
  /** A fixed amount off the subtotal (migration 020); null = the percentage. */
  discount_amount_cents: Generated<number | null>;
  is_active: Flag;
  max_uses: number | null;
  current_uses: number;
  expiry_date: string;
  created_at: string;
}

export interface CustomOrderItemTable {
  id: Generated<number>;
  name: string;
  description: string;
  base_price_cents: number;
  /** JSON array of strings, or null for the cup. */
  available_sizes: string | null;
  available_colors: string;
  active: Flag;
  /** Arabic name and description (migration 012), null = show the French. */
  name_ar: Generated<string | null>;
  description_ar: Generated<string | null>;
  created_at: string;
}

export interface OrderTable {
  id: Generated<number>;
  type: 'regular' | 'custom';
  status: string;
  customer_name: string;
  /** customer_name as the owner's search compares it (foldName, migration 020), kept by the repositories. */
  customer_name_folded: Generated<string>;
  customer_phone: string;
  customer_address: string;
  customer_postal_code: string;
  wilaya_name: string;
  subtotal_cents: number;
  discount_percentage: number;
  discount_cents: number;
  shipping_fee_cents: number;
  final_total_cents: number;
  coupon_id: number | null;
  coupon_code: string | null;
  custom_item_id: number | null;
  clothing_type: string | null;
  color: string | null;
  size: string | null;
  created_at: string;
  updated_at: string;
  /** The confirmation call (migration 010): to_confirm, confirmed, no_answer, call_back, refused. */
  confirmation: Generated<string>;
  call_attempts: Generated<number>;
  call_back_at: Generated<string | null>;
  confirmed_at: Generated<string | null>;
  refusal_reason: Generated<string | null>;
  refusal_note: Generated<string | null>;
  /** Placed from a blacklisted phone, held for the owner. */
  held: Generated<Flag>;
  possible_duplicate: Generated<Flag>;
  tracking_number: Generated<string | null>;
  return_received_at: Generated<string | null>;
  /** Delivery (migration 011): 'home' or 'stop_desk', the commune's French name, the stop desk. */
  delivery_type: Generated<string>;
  commune_name: Generated<string | null>;
  stop_desk_id: Generated<string | null>;
  /** The courier's parcel once sent (migration 011): courier name, label, last courier status. */
  courier: Generated<string | null>;
  label_url: Generated<string | null>;
  courier_status: Generated<string | null>;
  courier_sent_at: Generated<string | null>;
  courier_synced_at: Generated<string | null>;
  courier_error: Generated<string | null>;
  /** When the courier says its last status happened, on its clock (migration 013). */
  courier_status_at: Generated<string | null>;
  /** The stop desk's name and address when it was chosen (migration 013). */
  stop_desk_name: Generated<string | null>;
  stop_desk_address: Generated<string | null>;
  /** Whether a pending order's lines hold their units: 0 while held for a blacklisted phone (migration 017). */
  stock_reserved: Generated<Flag>;
  /** A courier's word the order's status contradicts, until the owner marks it checked (migration 017). */
  courier_attention: Generated<string | null>;
  /** The user whose call confirmed it, while it stays confirmed (migration 023). */
  confirmed_by: Generated<number | null>;
  /** The user holding it on the desk, until claim_expires_at (null: assigned, no end) (migration 023). */
  claimed_by: Generated<number | null>;
  claim_expires_at: Generated<string | null>;
  /** The courier account chosen for the order, then the one holding its parcel (migration 024). */
  courier_account_id: Generated<number | null>;
  /** 1: the owner chose that account for this order (a refusal keeps it); 0: routed. */
  courier_account_chosen: Generated<Flag>;
}

/** A courier account (migration 024): credentials as JSON, never sent to the admin. */
export interface CourierAccountTable {
  id: Generated<number>;
  kind: string;
  name: string;
  division: string;
  host: Generated<string>;
  from_wilaya: Generated<string>;
  hand_over: Generated<string>;
  active: Generated<Flag>;
  /** 'admin', or 'env' for the account of the environment variables. */
  source: Generated<string>;
  credentials: Generated<string>;
  webhook_secret: string | null;
  places_synced_at: string | null;
  created_at: string;
  updated_at: string;
}

/** Which account a wilaya ('*': any other) and delivery type go to (migration 024). */
export interface CourierRouteTable {
  id: Generated<number>;
  wilaya_key: string;
  wilaya_name: string | null;
  delivery_type: string;
  account_id: number;
}

/** A courier's commune or stop desk as it spells it, matched to ours (migration 024). */
export interface CourierPlaceTable {
  account_id: number;
  kind: string;
  wilaya_code: number;
  place_key: string;
  courier_name: string;
  courier_code: string | null;
  address: Generated<string>;
}

/** A webhook event already applied (migration 024). */
export interface CourierEventTable {
  account_id: number;
  event_id: string;
  received_at: string;
}

/** A courier statement imported (migration 024). */
export interface CourierStatementTable {
  id: Generated<number>;
  account_id: number;
  file_name: Generated<string>;
  lines: number;
  matched: number;
  total_paid_cents: number;
  author: string | null;
  imported_at: string;
}

/** A parcel's money and timeline (migration 024). */
export interface CourierParcelTable {
  order_id: number;
  account_id: number;
  tracking: string;
  amount_cents: number;
  delivery_fee_cents: number | null;
  return_fee_cents: number | null;
  phase: string | null;
  created_at: string;
  status_changed_at: string;
  outcome_at: string | null;
  handed_over_at: string | null;
  hand_over_error: string | null;
  payment_status: string | null;
  remitted_at: string | null;
  remitted_cents: number | null;
  remittance_ref: string | null;
  statement_id: number | null;
}

/** Who runs a job that any process may start, until when (migration 013; couriers/lease.ts). */
export interface JobLeaseTable {
  name: string;
  holder: string;
  expires_at: string;
  last_started_at: string | null;
}

export interface OrderNoteTable {
  id: Generated<number>;
  order_id: number;
  author: string;
  /** The user who wrote it (migration 023); author keeps their name as it was. */
  author_id: Generated<number | null>;
  text: string;
  created_at: string;
}

/** An order's history beside its status changes: calls, corrections, returns received. */
export interface OrderEventTable {
  id: Generated<number>;
  order_id: number;
  kind: string;
  detail: string;
  author: string | null;
  created_at: string;
  /** A desk outcome's undo: the order's desk fields before it, as JSON (migration 017). */
  undo: Generated<string | null>;
  undone_at: Generated<string | null>;
  /** The user who did it (migration 023), and a call's outcome (confirmed, no_answer, call_back, refused). */
  author_id: Generated<number | null>;
  outcome: Generated<string | null>;
}

/** A payment received before delivery (migration 017): the courier collects what is left. */
export interface OrderPaymentTable {
  id: Generated<number>;
  order_id: number;
  amount_cents: number;
  method: string;
  reference: Generated<string>;
  /** The day it was paid (YYYY-MM-DD). */
  paid_on: string;
  author: string | null;
  created_at: string;
}

/** The Idempotency-Key an order was placed with, and what it ordered (migration 014). */
export interface OrderKeyTable {
  key: string;
  fingerprint: string;
  order_id: number;
  created_at: string;
}

export interface PhoneBlacklistTable {
  phone: string;
  reason: string;
  created_at: string;
}

export interface OrderItemTable {
  id: Generated<number>;
  order_id: number;
  product_id: number | null;
  product_name: string;
  product_description: string;
  product_type: string | null;
  product_image: string | null;
  size: string;
  /** The variant's colour (migration 030): its id (0 for none) and its name when ordered ('' for none). */
  color_id: Generated<number>;
  color: Generated<string>;
  quantity: number;
  price_at_time_cents: number;
  product_discount_percentage: number;
  unit_final_price_cents: number;
}

export interface OrderReferenceImageTable {
  id: Generated<number>;
  order_id: number;
  position: string;
  image_url: string;
}

export interface OrderStatusHistoryTable {
  id: Generated<number>;
  order_id: number;
  from_status: string | null;
  to_status: string;
  changed_at: string;
}

export interface ProductRatingTable {
  id: Generated<number>;
  product_id: number;
  order_id: number | null;
  customer_name: string;
  customer_phone: string;
  rating: number;
  review: string;
  created_at: string;
  /** 0 while it waits for the owner's approval (review moderation, migration 010). */
  approved: Generated<Flag>;
}

export interface BrandRatingTable {
  id: Generated<number>;
  customer_name: string;
  customer_phone: string;
  rating: number;
  review: string;
  created_at: string;
  /** 1 when posted with an order number and its phone (migration 007). */
  verified: Generated<Flag>;
  approved: Generated<Flag>;
}

/** The back office's users (the admins until migration 023). */
export interface UserTable {
  id: Generated<number>;
  username: string;
  password_hash: string;
  created_at: string;
  password_changed_at: string;
  /** owner, manager, agent or packer (packages/domain/src/staff.ts). */
  role: string;
  /** Set when the owner disabled them: they cannot sign in. */
  disabled_at: Generated<string | null>;
  /** Paid per delivered order they confirmed. */
  commission_cents: Generated<number>;
}

export interface UserSessionTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
}

/** Settings the owner changes in the back office, by key (migration 008). */
export interface ShopSettingTable {
  key: string;
  value: string;
  updated_at: string;
}

/** Requests counted per key (client address, account, route) in the current window. */
export interface RateLimitTable {
  key: string;
  hits: number;
  window_started_at: string;
}

/** One row: a counter bumped whenever the public catalogue changes, read by every process's cache. */
export interface CatalogVersionTable {
  id: ColumnType<number, number, never>;
  version: number;
}

/** What one catalogue change touched (http/cache.ts), numbered by the version it took. */
export interface CatalogChangeTable {
  version: number;
  /** Space-separated: "product:12 orders", or "catalog" for everything. */
  tags: string;
  changed_at: string;
}

/**
 * Orders per day (created_at's first ten characters) and status, with their totals and delivery
 * fees, and the smallest and largest id an order of that day ever had: kept by triggers
 * (migration 034), the dashboard's figures. Sums are bigints on PostgreSQL (read as text).
 */
export interface OrderDayStatusTable {
  day: string;
  status: string;
  /** PostgreSQL: the order's id modulo FIGURE_SLOTS, one row in several, so that orders placed at once update different rows; SQLite: 0 (migration 036). */
  slot: number;
  order_count: number;
  total_cents: number | string;
  shipping_cents: number | string;
  first_id: number;
  last_id: number;
}

/** Orders per block of ORDERS_PER_BLOCK ids: kept by triggers (migration 035). */
export interface OrderBlockTable {
  block: number;
  /** PostgreSQL: the order's id modulo FIGURE_SLOTS, as the figures' rows; SQLite: 0. */
  slot: number;
  order_count: number;
}

/** Orders per day, wilaya, status and confirmation: kept by triggers (migration 034). */
export interface OrderDayWilayaTable {
  day: string;
  wilaya_name: string;
  status: string;
  confirmation: string;
  slot: number;
  order_count: number;
}

/** Units each product sold in successful orders, kept by triggers (migration 025). */
export interface ProductSalesTable {
  product_id: number;
  units: number;
}

/** Where an order's customer came from, as the checkout said it (migration 027). */
export interface OrderAttributionTable {
  order_id: number;
  /** The browser's event id of the order placed; the server's purchase event reuses it. */
  event_id: string;
  fbp: string | null;
  fbc: string | null;
  ttp: string | null;
  ttclid: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  utm_content: string | null;
  utm_term: string | null;
  landing_url: string | null;
  user_agent: string | null;
  ip: string | null;
  created_at: string;
}

/** A server event to an ad platform (migration 027): pending until sent, failed or skipped. */
export interface AdEventTable {
  id: Generated<number>;
  order_id: number;
  platform: string;
  stage: string;
  event_name: string;
  event_id: string;
  state: Generated<string>;
  attempts: Generated<number>;
  message: string | null;
  next_attempt_at: string;
  created_at: string;
  sent_at: string | null;
}

/** A checkout a customer left (modules/leads): what they typed, and what became of it. */
export interface CheckoutDraftTable {
  id: Generated<number>;
  draft_key: string;
  /** 'cart' or 'custom': which checkout it was typed in. */
  checkout: string;
  customer_name: string;
  customer_phone: string;
  wilaya: string;
  commune: string;
  address: string;
  postal_code: string;
  delivery_type: string;
  /** JSON: [{ product_id, size, quantity }]. */
  lines: string;
  page_url: string;
  /**
   * JSON (migration 029): { attribution, client } as an order's (ad-events.service.ts), the
   * attribution without event id; null for a draft saved before that migration.
   */
  attribution: string | null;
  created_at: string;
  updated_at: string;
  order_id: number | null;
  /** 'customer' (placed it with the draft's key) or 'desk' (an agent's "Create order"). */
  converted_by: string | null;
  converted_at: string | null;
  /** 'new', 'no_answer', 'call_back', 'not_interested'. */
  call_state: Generated<string>;
  call_attempts: Generated<number>;
  call_back_at: string | null;
  last_call_at: string | null;
  last_call_by: string | null;
  /** The user calling this lead now (migration 032), until claim_expires_at; null: nobody. */
  claimed_by: number | null;
  claim_expires_at: string | null;
  /**
   * What the custom order page's customer chose (migration 033): the custom item as the form sends
   * it (its id, or "cup"), the colour and the size; '' when not chosen, and for a cart's draft.
   */
  custom_item: Generated<string>;
  custom_color: Generated<string>;
  custom_size: Generated<string>;
}

export interface DB {
  product_sales: ProductSalesTable;
  order_day_status: OrderDayStatusTable;
  order_day_wilaya: OrderDayWilayaTable;
  order_blocks: OrderBlockTable;
  product_types: ProductTypeTable;
  products: ProductTable;
  product_sizes: ProductSizeTable;
  product_colors: ProductColorTable;
  product_images: ProductImageTable;
  shipping_prices: ShippingPriceTable;
  commune_fees: CommuneFeeTable;
  division_switches: DivisionSwitchTable;
  coupons: CouponTable;
  custom_order_items: CustomOrderItemTable;
  orders: OrderTable;
  order_items: OrderItemTable;
  order_reference_images: OrderReferenceImageTable;
  order_status_history: OrderStatusHistoryTable;
  product_ratings: ProductRatingTable;
  brand_ratings: BrandRatingTable;
  users: UserTable;
  user_sessions: UserSessionTable;
  rate_limits: RateLimitTable;
  shop_settings: ShopSettingTable;
  courier_accounts: CourierAccountTable;
  courier_routes: CourierRouteTable;
  courier_places: CourierPlaceTable;
  courier_events: CourierEventTable;
  courier_statements: CourierStatementTable;
  courier_parcels: CourierParcelTable;
  catalog_version: CatalogVersionTable;
  catalog_changes: CatalogChangeTable;
  order_notes: OrderNoteTable;
  order_events: OrderEventTable;
  order_payments: OrderPaymentTable;
  phone_blacklist: PhoneBlacklistTable;
  job_leases: JobLeaseTable;
  order_keys: OrderKeyTable;
  order_attributions: OrderAttributionTable;
  ad_events: AdEventTable;
  checkout_drafts: CheckoutDraftTable;
}

export type Database = Kysely<DB>;
/** A connection or a transaction: repositories take either as their first argument. */
export type Executor = Kysely<DB> | Transaction<DB>;

export type ProductRow = Selectable<ProductTable>;
export type NewProduct = Insertable<ProductTable>;
export type ProductUpdate = Updateable<ProductTable>;
export type OrderRow = Selectable<OrderTable>;
export type CouponRow = Selectable<CouponTable>;
export type CustomOrderItemRow = Selectable<CustomOrderItemTable>;
