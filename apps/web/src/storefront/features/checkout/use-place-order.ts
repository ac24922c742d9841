// Sending an order, for both checkouts. The server never trusts the figures a browser sends: when
// they disagree with its own it answers 409 with its figures (DESIGN §3.2). The customer sees the
// new total and confirms; the order is then sent again with the server's figures.
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { CreatedOrder, RepricedOrder } from '@shop/domain/order-responses';
import { ApiError } from '../../../lib/api.ts';
import { forgetOrderKey } from './order-key.ts';
import { forgetDraftKey } from './draft-save.ts';

/**
 * What the pages read of a 409 "Les prix ont changé" (RepricedOrder in packages/domain, which also
 * carries the discount percentage): the figures to charge and, for a cart, each line's unit price.
 */
export type ServerPrices = Pick<RepricedOrder, 'subtotal' | 'shipping_fee' | 'total' | 'items'>;

/** Refused: the server answered with an error (its message may be empty). Exception: no answer. */
export type OrderFailure = { kind: 'refused'; status: number; message: string } | { kind: 'exception'; error: unknown };

export type PlaceOrderOutcome<R> =
  | { status: 'placed'; result: R }
  | { status: 'repriced'; prices: ServerPrices }
  | { status: 'failed'; failure: OrderFailure };

export interface PlaceOrderOptions<O, R> {
  /**
   * Sends the order: with the server's figures once the customer accepted them, else null. The
   * request carries the order's Idempotency-Key (order-key.ts), forgotten once it went through.
   */
  send: (order: O, prices: ServerPrices | null) => Promise<R>;
  /** Called with the server's figures on a 409 (the cart reprices its lines). */
  onRepriced?: (prices: ServerPrices) => void;
}

function isLinePrice(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.product_id === 'number' && typeof v.size === 'string' && typeof v.unit_price === 'number';
}

/**
 * Whether a 409's data is the server's prices; a 409 for short stock carries other data and is an
 * ordinary refusal. Checked by hand: the browser bundle carries no response schemas.
 */
export function isServerPrices(data: unknown): data is ServerPrices {
  if (typeof data !== 'object' || data === null) return false;
  const d = data as Record<string, unknown>;
  const figures = [d.subtotal, d.shipping_fee, d.total];
  if (!figures.every((n) => typeof n === 'number')) return false;
  return d.items === undefined || (Array.isArray(d.items) && d.items.every(isLinePrice));
}

/** The figures of a placed order, as its answer gave them (an older server gives only the total). */
export function serverFigures(created: Partial<CreatedOrder>) {
  const figure = (n: unknown) => (typeof n === 'number' ? n : undefined);
  const subtotal = figure(created.subtotal);
  const discount = figure(created.discount_amount);
  const discountPercentage = figure(created.discount_percentage);
  const shippingFee = figure(created.shipping_fee);
  return {
    ...(subtotal !== undefined ? { subtotal } : {}),
    ...(discount !== undefined ? { discount } : {}),
    ...(discountPercentage !== undefined ? { discountPercentage } : {}),
    ...(shippingFee !== undefined ? { shippingFee } : {}),
  };
}

export function usePlaceOrder<O, R>({ send, onRepriced }: PlaceOrderOptions<O, R>) {
  const queryClient = useQueryClient();
  const [sending, setSending] = useState(false);
  const [repriced, setRepriced] = useState<ServerPrices | null>(null);
  const [failure, setFailure] = useState<OrderFailure | null>(null);

  async function sendWith(order: O, prices: ServerPrices | null): Promise<PlaceOrderOutcome<R>> {
    setSending(true);
    setFailure(null);
    try {
      const result = await send(order, prices);
      forgetOrderKey();
      forgetDraftKey();
      setRepriced(null);
      return { status: 'placed', result };
    } catch (error) {
      if (error instanceof ApiError && error.status === 409 && isServerPrices(error.data)) {
        setRepriced(error.data);
        onRepriced?.(error.data);
        return { status: 'repriced', prices: error.data };
      }
      const found: OrderFailure =
        error instanceof ApiError
          ? { kind: 'refused', status: error.status, message: error.message }
          : { kind: 'exception', error };
      setRepriced(null);
      setFailure(found);
      // A wilaya or commune refused may be one the page read before the wilayas changed (the 69 in
      // force at midnight): the lists are read again, so the customer can choose what the refusal names.
      if (found.kind === 'refused' && found.status === 400) {
        void queryClient.invalidateQueries({ queryKey: ['shipping-prices'] });
        void queryClient.invalidateQueries({ queryKey: ['communes'] });
      }
      return { status: 'failed', failure: found };
    } finally {
      setSending(false);
    }
  }

  return {
    sending,
    /** The server's figures to show until the customer confirms or cancels. */
    repriced,
    failure,
    /** Sends the order with the figures the page computed. */
    place: (order: O) => sendWith(order, null),
    /** Sends it again with the server's figures, once the customer accepted the new total. */
    confirm: (order: O) => sendWith(order, repriced),
    /** Cancels the new total (or forgets a failure): the next send uses the page's figures. */
    dismiss: () => {
      setRepriced(null);
      setFailure(null);
    },
  };
}
