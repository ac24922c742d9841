// How an order is delivered (issue 16): at home or at a stop desk, priced from the wilaya's row,
// in a commune of that wilaya. Shared by a new order (orders.service.ts) and a correction
// (order-desk.service.ts).
import { COMMUNE_MESSAGES } from '@shop/domain/geo/communes';
import { DELIVERY_TYPES, type DeliveryType } from '@shop/domain/shipping-schemas';
import { badRequest } from '../../http/errors.ts';
import { communeListOf, matchCommune } from '../shipping/communes.ts';
import { ORDER_MESSAGES } from './order-messages.ts';
import type { ShippingRow } from './pricing-reads.ts';

/** The wilaya's fee for that delivery type; 400 for a stop desk where there is none. */
export function feeOf(shipping: ShippingRow, deliveryType: DeliveryType): number {
  if (deliveryType === 'home') return shipping.price_cents;
  if (shipping.stop_desk_price_cents === null) throw badRequest(ORDER_MESSAGES.noStopDesk(shipping.wilaya_name));
  return shipping.stop_desk_price_cents;
}

/** A stored delivery type; anything else (never written) reads as home. */
export function deliveryTypeOf(value: string): DeliveryType {
  return (DELIVERY_TYPES as readonly string[]).includes(value) ? (value as DeliveryType) : 'home';
}

/**
 * The fee of the wilaya's row for the delivery type (issue 16), and the commune as the data spells
 * it. A client that sends no delivery type (the spec's API) is delivered at home and may omit the
 * commune; one that sends it (the storefront) must name a commune of the wilaya. A commune is
 * checked only in a wilaya the commune data has (not in a name the owner added).
 */
export function deliveryOf(
  shipping: ShippingRow,
  input: { delivery_type?: DeliveryType | undefined; commune?: string | undefined },
): { deliveryType: DeliveryType; shippingCents: number; communeName: string | null } {
  const deliveryType = input.delivery_type ?? 'home';
  const shippingCents = feeOf(shipping, deliveryType);
  const typed = input.commune?.trim() ?? '';
  if (!typed) {
    if (input.delivery_type) throw badRequest(COMMUNE_MESSAGES.required);
    return { deliveryType, shippingCents, communeName: null };
  }
  const list = communeListOf(shipping.wilaya_code, shipping.wilaya_name);
  if (!list) return { deliveryType, shippingCents, communeName: typed };
  const commune = matchCommune(list, typed);
  if (!commune) throw badRequest(COMMUNE_MESSAGES.notInWilaya(shipping.wilaya_name));
  return { deliveryType, shippingCents, communeName: commune.name };
}
