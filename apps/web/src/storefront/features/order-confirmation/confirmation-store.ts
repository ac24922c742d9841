// The thank-you screens survive a reload: the placed order is kept in the browser until the
// customer leaves the confirmation ("Continuer vos achats"). The cart's order also fills SPEC §3's
// lastOrderNumber and lastOrderDetails keys.

export interface PlacedOrder {
  orderNumber: number;
  /** Da, as the server charged it. */
  total: number;
  address: string;
  wilaya: string;
  zipCode: string;
  /** Issue 16: how and in which commune it is delivered (absent in confirmations kept from before). */
  deliveryType?: 'home' | 'stop_desk';
  commune?: string;
  /** The phone the order was placed with (0XXXXXXXXX): the tracking link fills it in. */
  phone?: string;
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
    (v.commune === undefined || typeof v.commune === 'string')
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

/** The order whose confirmation is still showing, if any. */
export function rememberedOrder(kind: OrderKind): PlacedOrder | null {
  try {
    const raw = localStorage.getItem(CONFIRMATION_KEYS[kind]);
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    return isPlacedOrder(parsed) ? parsed : null;
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
