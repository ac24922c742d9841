// Pricing rules of SPEC §9 and DESIGN §3.2/§3.5, in centimes, shared by the server (which decides)
// and the pages (which show the same figures before the server confirms them).

import { DEFAULT_SHIPPING_FEE_DA } from './constants.ts';
import { toCentimes } from './money.ts';

/** Final unit price after the product's own discount: price × (1 − discount/100). */
export function finalPriceCentimes(priceCentimes: number, discountPercentage: number): number {
  return Math.round((priceCentimes * (100 - clampPercent(discountPercentage))) / 100);
}

export function clampPercent(value: number): number {
  if (!Number.isFinite(value)) return 0;
  return Math.min(100, Math.max(0, value));
}

export interface OrderTotals {
  subtotal: number;
  discountPercentage: number;
  discount: number;
  shippingFee: number;
  total: number;
}

/**
 * Order total = subtotal − subtotal × discount% / 100 + shipping fee (SPEC §9), all in centimes.
 * The same formula serves custom orders, whose subtotal is the item's base price.
 */
export function orderTotals(
  subtotalCentimes: number,
  discountPercentage: number,
  shippingFeeCentimes: number,
): OrderTotals {
  const percent = clampPercent(discountPercentage);
  const discount = Math.round((subtotalCentimes * percent) / 100);
  return {
    subtotal: subtotalCentimes,
    discountPercentage: percent,
    discount,
    shippingFee: shippingFeeCentimes,
    total: subtotalCentimes - discount + shippingFeeCentimes,
  };
}

export interface Wilaya {
  wilaya_name: string;
  price: number;
}

/** Shipping fee in Da for a wilaya name, matched case-insensitively; 500 Da when not found. */
export function shippingFeeDa(wilayas: readonly Wilaya[], wilayaName: string): number {
  const wanted = wilayaName.trim().toLowerCase();
  const found = wilayas.find((w) => w.wilaya_name.trim().toLowerCase() === wanted);
  return found ? found.price : DEFAULT_SHIPPING_FEE_DA;
}

export function shippingFeeCentimes(wilayas: readonly Wilaya[], wilayaName: string): number {
  return toCentimes(shippingFeeDa(wilayas, wilayaName));
}

/** Sum of cost × quantity over cart lines, in centimes. */
export function cartSubtotalCentimes(lines: readonly { cost: number; Quantity: number }[]): number {
  return lines.reduce((sum, line) => sum + toCentimes(line.cost) * line.Quantity, 0);
}
