// Which status an order may move to, and what each move does to its stock, its coupon use and
// its parcel (DESIGN §7.2): one table, read by the server to decide and by the admin to offer.
// The shape follows Vendure's orderStateTransitions (from → allowed to); what a move does is not
// written per pair but follows from what each position holds, so no pair can drift from another.
import { ORDER_STATUSES, type ConfirmationState, type OrderStatus } from './order-status.ts';

/**
 * Where each status may go. SPEC lets the owner move an order freely among its five statuses;
 * `returned` is a parcel that came back: reached from shipping only, and left only for shipping
 * (the courier tries again) until the parcel is received.
 */
export const ORDER_TRANSITIONS: { readonly [S in OrderStatus]: { readonly to: readonly OrderStatus[] } } = {
  pending: { to: ['approved', 'shipping', 'successful', 'cancelled'] },
  approved: { to: ['pending', 'shipping', 'successful', 'cancelled'] },
  shipping: { to: ['pending', 'approved', 'successful', 'cancelled', 'returned'] },
  successful: { to: ['pending', 'approved', 'shipping', 'cancelled'] },
  cancelled: { to: ['pending', 'approved', 'shipping', 'successful'] },
  returned: { to: ['shipping'] },
};

/** The facts of an order that the table's moves depend on. */
export interface OrderPosition {
  status: OrderStatus;
  /**
   * Whether its lines hold their units while it is pending: false for an order held for a
   * blacklisted phone until it is released (see holdings).
   */
  reserved: boolean;
  /** A courier has a parcel for it (a tracking number). */
  hasParcel: boolean;
  /** A returned parcel is back in the shop (its stock given back). */
  returnReceived: boolean;
}

/**
 * What an order holds in its position. An order holds its units from the moment it is placed
 * until it is cancelled or its returned parcel is received, and its coupon use until it is
 * cancelled or returned (the customer never paid). An order held for a blacklisted phone holds
 * no units until it is released: a prank order cannot take the last ones.
 */
export function holdings(order: OrderPosition): { stock: boolean; coupon: boolean } {
  switch (order.status) {
    case 'cancelled':
      return { stock: false, coupon: false };
    case 'returned':
      return { stock: !order.returnReceived, coupon: false };
    case 'pending':
      return { stock: order.reserved, coupon: true };
    default:
      return { stock: true, coupon: true };
  }
}

export type TransitionRefusal = 'unchanged' | 'returnOnlyFromShipping' | 'returnedIsFinal' | 'notAllowed';

/** One move of stock or coupon use: taken again, given back, or left as it is. */
export type Move = 'take' | 'give' | null;

export interface TransitionEffects {
  stock: Move;
  coupon: Move;
  /** The parcel must be cancelled at the courier first (cancelling an order that has one). */
  cancelParcel: boolean;
  /** An order that holds no units yet (held) and moves on (not to cancelled) takes them now. */
  release: boolean;
}

function move(before: boolean, after: boolean): Move {
  if (before === after) return null;
  return after ? 'take' : 'give';
}

/** Whether `order` may move to `to`, and if so what the move does. */
export function transition(
  order: OrderPosition,
  to: OrderStatus,
): { ok: true; effects: TransitionEffects } | { ok: false; refusal: TransitionRefusal } {
  if (order.status === to) return { ok: false, refusal: 'unchanged' };
  if (order.status === 'returned' && order.returnReceived) return { ok: false, refusal: 'returnedIsFinal' };
  if (!ORDER_TRANSITIONS[order.status].to.includes(to)) {
    if (to === 'returned') return { ok: false, refusal: 'returnOnlyFromShipping' };
    if (order.status === 'returned') return { ok: false, refusal: 'returnedIsFinal' };
    return { ok: false, refusal: 'notAllowed' };
  }
  const release = !order.reserved && to !== 'cancelled' && to !== 'pending';
  const after: OrderPosition = { ...order, status: to, reserved: order.reserved || release };
  const before = holdings(order);
  const then = holdings(after);
  return {
    ok: true,
    effects: {
      stock: move(before.stock, then.stock),
      coupon: move(before.coupon, then.coupon),
      cancelParcel: to === 'cancelled' && order.hasParcel,
      release,
    },
  };
}

/** The statuses the admin may offer for an order, in their usual order: its own and every move allowed. */
export function statusChoices(order: OrderPosition): OrderStatus[] {
  return ORDER_STATUSES.filter((to) => to === order.status || transition(order, to).ok);
}

/**
 * The confirmation call's state that goes with a status, so that the two never contradict each
 * other: an order past the call (approved, on its way, delivered, returned) was confirmed; a
 * pending one is waiting for a call (keeping a no answer or a call back it already has); a
 * cancelled one keeps what the call said.
 */
export function confirmationFor(status: OrderStatus, current: ConfirmationState): ConfirmationState {
  switch (status) {
    case 'pending':
      return current === 'no_answer' || current === 'call_back' ? current : 'to_confirm';
    case 'cancelled':
      return current;
    default:
      return 'confirmed';
  }
}
