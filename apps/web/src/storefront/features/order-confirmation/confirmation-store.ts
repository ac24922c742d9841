// The thank-you screens survive a reload: the placed order is kept in the browser until the
// customer leaves the confirmation ("Continuer vos achats", "Nouvelle commande personnalisée") or
// for a day at most (CONFIRMATION_KEPT_MS): a customer coming back next week to order again finds
// the form, not last week's thank-you. The cart's order also fills SPEC §3's lastOrderNumber and
// lastOrderDetails keys.

import type { SizeScale } from '@shop/domain/variants';

/** How long a thank-you screen keeps showing after its order: one day. */
export const CONFIRMATION_KEPT_MS = 24 * 60 * 60 * 1000;

/** A line of the order as the thank-you screen lists it. */
export interface PlacedLine {
  name: string;
  name_ar?: string | null;
  /** The size's key ("M", "38", "2a", "TU"), '' for none. */
  size: string;
  /** The colour's French name, and its Arabic one when the owner gave it (issue 30). */
  color?: string;
  color_ar?: string | null;
  /** The size's scale when not letters: how its label is said. */
  size_scale?: SizeScale;
  quantity: number;
  /** Da, each. */
  unitPrice: number;
}

export interface PlacedOrder {
  orderNumber: number;
  /** Da, as the server charged it. */
  total: number;
  address: string;
  wilaya: string;
  zipCode: string;
  /** How and in which commune it is delivered (absent in confirmations kept from before). */
  deliveryType?: 'home' | 'stop_desk';
  commune?: string;
  /** The phone the order was placed with (0XXXXXXXXX): the tracking link fills it in. */
  phone?: string;
  /** When it was placed (ms since 1970): the screen is forgotten a day later. */
  placedAt?: number;
  /** What was ordered and the server's figures, in Da (absent in confirmations kept from before). */
  lines?: PlacedLine[];
  subtotal?: number;
  discount?: number;
  discountPercentage?: number;
  shippingFee?: number;
}

export type OrderKind = 'cart' | 'custom';

const CONFIRMATION_KEYS: Record<OrderKind, string> = { cart: 'orderConfirmation', custom: 'customOrderConfirmation' };
export const LAST_ORDER_NUMBER_KEY = 'lastOrderNumber';
export const LAST_ORDER_DETAILS_KEY = 'lastOrderDetails';

function isPlacedOrder(value: unknown): value is PlacedOrder {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.orderNumber === 'number' &&
    typeof v.total === 'number' &&
    typeof v.address === 'string' &&
    typeof v.wilaya === 'string' &&
    typeof v.zipCode === 'string' &&
    (v.phone === undefined || typeof v.phone === 'string') &&
    (v.deliveryType === undefined || v.deliveryType === 'home' || v.deliveryType === 'stop_desk') &&
    (v.commune === undefined || typeof v.commune === 'string') &&
    (v.placedAt === undefined || typeof v.placedAt === 'number') &&
    (v.lines === undefined || (Array.isArray(v.lines) && v.lines.every(isPlacedLine))) &&
    [v.subtotal, v.discount, v.discountPercentage, v.shippingFee].every((n) => n === undefined || typeof n === 'number')
  );
}

function isPlacedLine(value: unknown): value is PlacedLine {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.name === 'string' &&
    typeof v.size === 'string' &&
    typeof v.quantity === 'number' &&
    typeof v.unitPrice === 'number'
  );
}

export function rememberOrder(kind: OrderKind, order: PlacedOrder): void {
  try {
    localStorage.setItem(CONFIRMATION_KEYS[kind], JSON.stringify(order));
    if (kind === 'cart') {
      const { address, wilaya, zipCode, total } = order;
      localStorage.setItem(LAST_ORDER_NUMBER_KEY, String(order.orderNumber));
      localStorage.setItem(LAST_ORDER_DETAILS_KEY, JSON.stringify({ address, wilaya, zipCode, total }));
    }
  } catch {
    // Storage unavailable: the thank-you page still shows the order from memory.
  }
}

/**
 * The order whose confirmation is still showing, if any: placed less than a day ago (one kept
 * without its time, from before the expiry existed, is as old as can be).
 */
export function rememberedOrder(kind: OrderKind, now = Date.now()): PlacedOrder | null {
  try {
    const raw = localStorage.getItem(CONFIRMATION_KEYS[kind]);
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    if (!isPlacedOrder(parsed)) return null;
    if (parsed.placedAt === undefined || now - parsed.placedAt > CONFIRMATION_KEPT_MS) {
      forgetConfirmation(kind);
      return null;
    }
    return parsed;
  } catch {
    return null;
  }
}

/** The customer left the confirmation: the page shows its form (or cart) again. */
export function forgetConfirmation(kind: OrderKind): void {
  try {
    localStorage.removeItem(CONFIRMATION_KEYS[kind]);
  } catch {
    // nothing to forget
  }
}
