// Checkout rules of SPEC §5/§8 and the regular order payload of SPEC §3, kept apart from the UI.
import { ADDRESS_SEPARATOR } from '@shop/domain/order-schemas';
import { toShortSize } from '@shop/domain/sizes';
import type { CheckoutCustomer } from '@shop/domain/form-schemas';
import type { CartLine } from './cart-store.ts';
import type { RegularOrderPayload } from './api/create-order.ts';
import type { StockLine } from './api/check-stock.ts';

/** Short size code for the order; '' stays '' (products without sizes, DESIGN §3.3). */
export function orderSize(size: string): string {
  return size.trim() === '' ? '' : toShortSize(size);
}

export function orderItems(lines: readonly CartLine[]) {
  return lines.map((line) => ({ product_id: line.id, quantity: line.Quantity, size: orderSize(line.size) }));
}

export interface CheckoutProblem {
  message: string;
  unavailable?: StockLine[];
  hint?: string;
}

export function buildOrderPayload(
  customer: CheckoutCustomer,
  lines: readonly CartLine[],
  figures: { subtotalDa: number; shippingFeeDa: number; couponCode: string },
): RegularOrderPayload {
  const items = orderItems(lines);
  return {
    customer_name: customer.fullName.trim(),
    customer_phone: customer.phoneNumber.trim(),
    customer_address: `${customer.wilaya}${ADDRESS_SEPARATOR}${customer.address.trim()}`,
    customer_postal_code: customer.zipCode.trim(),
    type: 'regular',
    subtotal: figures.subtotalDa.toFixed(2),
    shipping_fee: figures.shippingFeeDa.toFixed(2),
    coupon_code: figures.couponCode,
    wilaya: customer.wilaya,
    size: items[0]?.size ?? '',
    items,
  };
}

/** A 409 "prices changed" answer carries the server's figures (DESIGN §3.2), with each line's price. */
export interface PriceChange {
  subtotal: number;
  shipping_fee: number;
  total: number;
  items: { product_id: number; size: string; unit_price: number }[];
}

function isLinePrice(value: unknown): value is PriceChange['items'][number] {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return typeof v.product_id === 'number' && typeof v.size === 'string' && typeof v.unit_price === 'number';
}

export function asPriceChange(data: unknown): PriceChange | null {
  if (!data || typeof data !== 'object') return null;
  const d = data as Record<string, unknown>;
  if (d.total === undefined || d.subtotal === undefined || d.shipping_fee === undefined) return null;
  return {
    subtotal: Number(d.subtotal),
    shipping_fee: Number(d.shipping_fee),
    total: Number(d.total),
    items: Array.isArray(d.items) ? d.items.filter(isLinePrice) : [],
  };
}
