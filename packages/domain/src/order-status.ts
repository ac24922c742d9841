/** SPEC's five statuses, the values its API reads. */
export const SPEC_ORDER_STATUSES = ['pending', 'approved', 'shipping', 'successful', 'cancelled'] as const;
/**
 * Every status: SPEC's five, and `returned` beside them (DESIGN §6.5): a parcel refused at the
 * door or not delivered, reachable from shipping only; its stock comes back when received.
 */
export const ORDER_STATUSES = [...SPEC_ORDER_STATUSES, 'returned'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** A returned parcel is on its way back until the owner marks it received (its stock then comes back). */
export const RETURN_STATES = ['on_the_way', 'received'] as const;
export type ReturnState = (typeof RETURN_STATES)[number];

/** Statuses an order can still be changed in (address, lines) after the confirmation call. */
export const EDITABLE_STATUSES: readonly OrderStatus[] = ['pending', 'approved'];

export const ORDER_TYPES = ['regular', 'custom'] as const;
export type OrderType = (typeof ORDER_TYPES)[number];

/** Colours of the admin's status selector (SPEC §4). */
export const ORDER_STATUS_COLORS: Record<OrderStatus, 'yellow' | 'blue' | 'purple' | 'green' | 'red' | 'orange'> = {
  pending: 'yellow',
  approved: 'blue',
  shipping: 'purple',
  successful: 'green',
  cancelled: 'red',
  returned: 'orange',
};

/**
 * The confirmation call beside the status: every order starts `to_confirm`; a call
 * ends `confirmed` (the order is approved), `no_answer` (attempts counted), `call_back` (at a
 * time the customer chose) or `refused` (cancelled: stock and coupon use back).
 */
export const CONFIRMATION_STATES = ['to_confirm', 'confirmed', 'no_answer', 'call_back', 'refused'] as const;
export type ConfirmationState = (typeof CONFIRMATION_STATES)[number];

/** Why a customer refused by phone (the owner adds free text when needed). */
export const REFUSAL_REASONS = [
  'not_ordered',
  'changed_mind',
  'price',
  'delivery_time',
  'unreachable',
  'other',
] as const;
export type RefusalReason = (typeof REFUSAL_REASONS)[number];

/** Refusal reasons as the owner reads them, in the desk and in the order's history. */
export const REFUSAL_LABELS: Record<RefusalReason, string> = {
  not_ordered: 'Did not order',
  changed_mind: 'Changed their mind',
  price: 'Price too high',
  delivery_time: 'Delivery too slow',
  unreachable: 'Wrong number or unreachable',
  other: 'Other',
};

/** What an order from a blacklisted phone does: held in the queue (flagged), or refused. */
export const BLACKLIST_POLICIES = ['hold', 'refuse'] as const;
export type BlacklistPolicy = (typeof BLACKLIST_POLICIES)[number];

/**
 * The dashboard's period: every order (SPEC's figures), today, the last 7 or 30 days (today
 * included), or this month; days are UTC days, as orders' dates are kept.
 */
export const STATS_PERIODS = ['all', 'today', '7d', '30d', 'month'] as const;
export type StatsPeriod = (typeof STATS_PERIODS)[number];

/** Calls without an answer after which a pending order is cancelled as unreachable (owner's setting). */
export const DEFAULT_NO_ANSWER_LIMIT = 3;

/** A second open order from one phone within this many hours is flagged as a possible duplicate. */
export const DUPLICATE_WINDOW_HOURS = 24;
