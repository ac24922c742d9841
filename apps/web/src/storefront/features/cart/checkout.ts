// Checkout rules of SPEC §5/§8 and the regular order payload of SPEC §3, kept apart from the UI.
import { ADDRESS_SEPARATOR } from '@shop/domain/order-schemas';
import { cartSize } from '@shop/domain/sizes';
import type { CheckoutCustomer } from '@shop/domain/form-schemas';
import type { CartLine } from './cart-store.ts';
import type { RegularOrderPayload } from './api/create-order.ts';
import type { StockLine } from './api/check-stock.ts';
import { draftKeyField } from '../checkout/draft-save.ts';

/**
 * The size the order names: a letter size as its short code (an older cart's "Medium" is M), any
 * other scale's key as it is ("38", "2a", "TU"); '' stays '' (products without sizes, DESIGN §3.3).
 */
export function orderSize(size: string): string {
  return cartSize(size) || size.trim();
}

/** The order's (and the stock check's, and the draft's) lines: the colour's French name beside the size. */
export function orderItems(lines: readonly CartLine[]) {
  return lines.map((line) => ({
    product_id: line.id,
    quantity: line.Quantity,
    size: orderSize(line.size),
    ...(line.color ? { color: line.color } : {}),
  }));
}

export interface CheckoutProblem {
  message: string;
  unavailable?: StockLine[];
  hint?: string;
}

/** What the customer is charged, as the page computed it (or as the server answered a 409). */
export interface OrderFigures {
  subtotalDa: number;
  shippingFeeDa: number;
  couponCode: string;
}

export function buildOrderPayload(
  customer: CheckoutCustomer,
  lines: readonly CartLine[],
  figures: OrderFigures,
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
    delivery_type: customer.deliveryType,
    commune: customer.commune.trim(),
    size: items[0]?.size ?? '',
    items,
    ...draftKeyField(),
  };
}
