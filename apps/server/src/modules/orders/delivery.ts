// How an order is delivered (issue 16): at home or at a stop desk, in a commune of the wilaya,
// priced at the commune's own fee for that delivery type when it has one, else the wilaya's. Shared by a new order (orders.service.ts) and a correction
// (order-desk.service.ts).
import { COMMUNE_MESSAGES, communeFeeOf } from '@shop/domain/geo/communes';
import { DELIVERY_TYPES, type DeliveryType } from '@shop/domain/shipping-schemas';
import { badRequest } from '../../http/errors.ts';
import { communeListOf, matchCommune } from '../shipping/communes.ts';
import { ORDER_MESSAGES } from './order-messages.ts';
import type { CommuneFee, ShippingRow, WilayaFeeRow } from './pricing-reads.ts';

/**
 * The fee for that delivery type: the commune's own when it has one, else the wilaya's; 400 for
 * a stop desk where there is none.
 */
export function feeOf(shipping: WilayaFeeRow, deliveryType: DeliveryType, commune?: CommuneFee): number {
  if (deliveryType === 'home') return commune?.price_cents ?? shipping.price_cents;
  const desk = commune?.stop_desk_price_cents ?? shipping.stop_desk_price_cents;
  if (desk === null) throw badRequest(ORDER_MESSAGES.noStopDesk(shipping.wilaya_name));
  return desk;
}

/** A stored delivery type; anything else (never written) reads as home. */
export function deliveryTypeOf(value: string): DeliveryType {
  return (DELIVERY_TYPES as readonly string[]).includes(value) ? (value as DeliveryType) : 'home';
}

/**
 * The fee for the delivery type (issue 16): the commune's own fee when the commune has one, else
 * the wilaya's; and the commune as the data spells it. A client that sends no delivery type (the
 * spec's API) is delivered at home and may omit the commune (the wilaya's fee); one that sends it
 * (the storefront) must name a commune of the wilaya. A commune is checked only in a wilaya the
 * commune data has (not in a name the owner added).
 */
export function deliveryOf(
  shipping: ShippingRow,
  input: { delivery_type?: DeliveryType | undefined; commune?: string | undefined },
): { deliveryType: DeliveryType; shippingCents: number; communeName: string | null } {
  const deliveryType = input.delivery_type ?? 'home';
  // A stop desk where neither the wilaya nor any of its communes has one is named first.
  const noDeskAtAll =
    shipping.stop_desk_price_cents === null && !shipping.communes.some((c) => c.stop_desk_price_cents !== null);
  if (deliveryType === 'stop_desk' && noDeskAtAll) throw badRequest(ORDER_MESSAGES.noStopDesk(shipping.wilaya_name));
  const typed = input.commune?.trim() ?? '';
  if (!typed) {
    if (input.delivery_type) throw badRequest(COMMUNE_MESSAGES.required);
    return { deliveryType, shippingCents: feeOf(shipping, deliveryType), communeName: null };
  }
  const list = communeListOf(shipping.wilaya_code, shipping.wilaya_name);
  const commune = list ? matchCommune(list, typed) : undefined;
  if (list && !commune) throw badRequest(COMMUNE_MESSAGES.notInWilaya(shipping.wilaya_name));
  const communeName = commune?.name ?? typed;
  const shippingCents = feeOf(shipping, deliveryType, communeFeeOf(shipping.communes, communeName));
  return { deliveryType, shippingCents, communeName };
}
