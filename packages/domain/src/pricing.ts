// Pricing rules of SPEC §9 and DESIGN §3.2/§3.5, in centimes, shared by the server (which decides)
// and the pages (which show the same figures before the server confirms them).

import { communeFeeOf } from './geo/communes.ts';
import { toCentimes } from './money.ts';
import { wilayaKey } from './wilaya.ts';

/** Final unit price after the product's own discount: price × (1 − discount/100). */
export function finalPriceCentimes(priceCentimes: number, discountPercentage: number): number {
  return Math.round((priceCentimes * (100 - clampPercent(discountPercentage))) / 100);
}

export function clampPercent(value: number): number {
  if (!Number.isFinite(value)) return 0;
  return Math.min(100, Math.max(0, value));
}

/**
 * A coupon's discount: a percentage of the subtotal (SPEC §9), or a fixed amount in centimes that
 * never takes more than the subtotal (the delivery fee is always paid).
 */
export type Discount = { percentage: number } | { amountCentimes: number };

/** A coupon's discount from its two columns: a fixed amount when it has one, else its percentage. */
export function couponDiscount(coupon: {
  discount_percentage: number;
  discount_amount_cents?: number | null;
}): Discount {
  return coupon.discount_amount_cents != null && coupon.discount_amount_cents > 0
    ? { amountCentimes: coupon.discount_amount_cents }
    : { percentage: coupon.discount_percentage };
}

export interface OrderTotals {
  subtotal: number;
  discountPercentage: number;
  discount: number;
  shippingFee: number;
  total: number;
}

/**
 * Order total = subtotal − discount + shipping fee (SPEC §9), all in centimes; the discount is
 * subtotal × discount% / 100 (a number is a percentage), or a coupon's fixed amount, at most the
 * subtotal (discountPercentage 0). The same formula serves custom orders, whose subtotal is the
 * item's base price.
 */
export function orderTotals(
  subtotalCentimes: number,
  discount: number | Discount,
  shippingFeeCentimes: number,
): OrderTotals {
  const given = typeof discount === 'number' ? { percentage: discount } : discount;
  const percent = 'percentage' in given ? clampPercent(given.percentage) : 0;
  const amount =
    'amountCentimes' in given
      ? Math.min(Math.max(0, Math.round(given.amountCentimes)), Math.max(0, subtotalCentimes))
      : Math.round((subtotalCentimes * percent) / 100);
  return {
    subtotal: subtotalCentimes,
    discountPercentage: percent,
    discount: amount,
    shippingFee: shippingFeeCentimes,
    total: subtotalCentimes - amount + shippingFeeCentimes,
  };
}

/**
 * An order's discount once its lines change (a correction at the desk): its percentage of the
 * new subtotal, or, for a fixed amount (percentage 0), the amount it was given, at most the new
 * subtotal.
 */
export function discountOnNewSubtotal(
  order: { discount_percentage: number; discount_cents: number },
  subtotalCentimes: number,
): number {
  return orderTotals(subtotalCentimes, orderDiscount(order), 0).discount;
}

/** The discount an order was given, as orderTotals takes it: its percentage, or its fixed amount. */
export function orderDiscount(order: { discount_percentage: number; discount_cents: number }): number | Discount {
  return order.discount_percentage > 0 ? order.discount_percentage : { amountCentimes: order.discount_cents };
}

export interface Wilaya {
  wilaya_name: string;
  price: number;
  /** The stop desk fee, null (or absent) where there is none. */
  stop_desk_price?: number | null;
  /** The communes priced apart, with their own fees (null: the wilaya's). */
  communes?: readonly { name: string; price: number | null; stop_desk_price: number | null }[];
}

/** A fee to a home and to a stop desk (null: none), in the unit of whoever asks (Da or centimes). */
export interface DeliveryFees {
  price: number | null;
  stop_desk_price?: number | null | undefined;
}

/**
 * The delivery fee rule, the one the server charges and every form shows: the commune's own fee
 * when it has one, else the wilaya's; null for a stop desk where there is none. In the unit of
 * the fees given: the server's rows are in centimes, the storefront's in Da.
 */
export function deliveryFee(
  wilaya: DeliveryFees & { price: number },
  commune: DeliveryFees | undefined,
  deliveryType: 'home' | 'stop_desk',
): number | null {
  if (deliveryType === 'stop_desk') return commune?.stop_desk_price ?? wilaya.stop_desk_price ?? null;
  return commune?.price ?? wilaya.price;
}

/** A wilaya's fee in Da for a delivery type in a commune (deliveryFee), its communes by name. */
export function communeDeliveryFeeDa(
  wilaya: Omit<Wilaya, 'wilaya_name'>,
  deliveryType: 'home' | 'stop_desk',
  commune = '',
): number | null {
  return deliveryFee(wilaya, commune ? communeFeeOf(wilaya.communes, commune) : undefined, deliveryType);
}

/**
 * Shipping fee in Da of a wilaya, found by name however it is spelled (wilayaKey, as the server
 * finds it), in the commune given (its own fee when it has one); null when it is not listed:
 * there is no default fee (DESIGN §6.4, decision 006).
 */
export function shippingFeeDa(
  wilayas: readonly Wilaya[],
  wilayaName: string,
  deliveryType: 'home' | 'stop_desk' = 'home',
  commune = '',
): number | null {
  const wanted = wilayaKey(wilayaName);
  if (wanted === '') return null;
  const wilaya = wilayas.find((w) => wilayaKey(w.wilaya_name) === wanted);
  if (!wilaya) return null;
  return communeDeliveryFeeDa(wilaya, deliveryType, commune);
}

export function shippingFeeCentimes(
  wilayas: readonly Wilaya[],
  wilayaName: string,
  deliveryType: 'home' | 'stop_desk' = 'home',
  commune = '',
): number | null {
  const fee = shippingFeeDa(wilayas, wilayaName, deliveryType, commune);
  return fee === null ? null : toCentimes(fee);
}

/** Sum of cost × quantity over cart lines, in centimes. */
export function cartSubtotalCentimes(lines: readonly { cost: number; Quantity: number }[]): number {
  return lines.reduce((sum, line) => sum + toCentimes(line.cost) * line.Quantity, 0);
}
