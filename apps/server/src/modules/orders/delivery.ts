// How an order is delivered: at home or at a stop desk, in a commune of the wilaya,
// priced at the commune's own fee for that delivery type when it has one, else the wilaya's.
// Shared by a new order (place/place.service.ts) and a correction (desk/order-edits.ts).
import { communeFeeOf } from '@shop/domain/geo/communes';
import { DELIVERY_TYPES, type DeliveryType } from '@shop/domain/shipping-schemas';
import { wilayaKey } from '@shop/domain/wilaya';
import { deliveryFee } from '@shop/domain/pricing';
import type { Executor } from '../../db/database.ts';
import { badRequest } from '../../http/errors.ts';
import { communeListOf, matchCommune, movedFrom, type Division } from '../shipping/geography.ts';
import { listCommuneFees } from '../shipping/shipping.service.ts';
import { ORDER_MESSAGES } from './order-messages.ts';
import { findShippingRows } from './orders.repository.ts';
import type { CommuneFee, ShippingRow, WilayaFeeRow } from './place/pricing-reads.ts';

/**
 * The shipping table by wilayaKey, each wilaya with its communes priced apart. The 58 rows are
 * read whole and matched in code: the comparison folds accents and invisible characters, which
 * SQL's lower() does not. The communes priced apart are few (the couriers price most communes as
 * their wilaya) and read whole with them.
 */
export async function shippingRowsOf(db: Executor): Promise<Map<string, ShippingRow>> {
  const [rows, fees] = await Promise.all([findShippingRows(db), listCommuneFees(db)]);
  const communesOf = new Map<number, CommuneFee[]>();
  for (const fee of fees) {
    const list = communesOf.get(fee.shipping_price_id) ?? [];
    list.push({
      name: fee.commune_name,
      price_cents: fee.price_cents,
      stop_desk_price_cents: fee.stop_desk_price_cents,
    });
    communesOf.set(fee.shipping_price_id, list);
  }
  return new Map(rows.map((row) => [wilayaKey(row.wilaya_name), { ...row, communes: communesOf.get(row.id) ?? [] }]));
}

/**
 * The fee for that delivery type: the commune's own when it has one, else the wilaya's; 400 for
 * a stop desk where there is none.
 */
export function feeOf(shipping: WilayaFeeRow, deliveryType: DeliveryType, commune?: CommuneFee): number {
  const fee = deliveryFee(
    { price: shipping.price_cents, stop_desk_price: shipping.stop_desk_price_cents },
    commune && { price: commune.price_cents, stop_desk_price: commune.stop_desk_price_cents },
    deliveryType,
  );
  if (fee === null) throw badRequest(ORDER_MESSAGES.noStopDesk(shipping.wilaya_name));
  return fee;
}

/** A stored delivery type; anything else (never written) reads as home. */
export function deliveryTypeOf(value: string): DeliveryType {
  return (DELIVERY_TYPES as readonly string[]).includes(value) ? (value as DeliveryType) : 'home';
}

/**
 * The fee for the delivery type: the commune's own fee when the commune has one, else
 * the wilaya's; and the commune as the data spells it. A client that sends no delivery type (the
 * spec's API) is delivered at home and may omit the commune (the wilaya's fee); one that sends it
 * (the storefront) must name a commune of the wilaya in the division in force. A commune that left
 * the wilaya for a newer one is refused with the wilaya it is in now. A commune is checked only in
 * a wilaya the commune data has (not in a name the owner added).
 */
export function deliveryOf(
  division: Division,
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
    if (input.delivery_type) throw badRequest(ORDER_MESSAGES.communeRequired);
    return { deliveryType, shippingCents: feeOf(shipping, deliveryType), communeName: null };
  }
  const wilaya = communeListOf(division, shipping.wilaya_code, shipping.wilaya_name);
  const commune = wilaya ? matchCommune(wilaya.communes, typed) : undefined;
  if (wilaya && !commune) {
    const moved = movedFrom(division, wilaya.code, typed);
    if (moved)
      throw badRequest(ORDER_MESSAGES.communeMovedTo(moved.commune.name, moved.wilaya.code, moved.wilaya.name));
    throw badRequest(ORDER_MESSAGES.communeNotInWilaya(shipping.wilaya_name));
  }
  const communeName = commune?.name ?? typed;
  const shippingCents = feeOf(shipping, deliveryType, communeFeeOf(shipping.communes, communeName));
  return { deliveryType, shippingCents, communeName };
}

/**
 * The delivery of a corrected order: the wilaya (its `shipping` row), delivery type and commune the
 * correction gives, the order's own for the others, priced as a new order is. A commune does not
 * follow its order to another wilaya; without one the order pays its wilaya's fee, except that a
 * new delivery type needs its commune (the stop desk's, or where the courier rings).
 */
export function correctedDelivery(
  division: Division,
  shipping: ShippingRow,
  order: { wilaya_name: string; delivery_type: string; commune_name: string | null },
  edit: { delivery_type?: DeliveryType | undefined; commune?: string | undefined },
): { deliveryType: DeliveryType; shippingCents: number; communeName: string | null } {
  const deliveryType = edit.delivery_type ?? deliveryTypeOf(order.delivery_type);
  const ownCommune = shipping.wilaya_name === order.wilaya_name ? (order.commune_name ?? undefined) : undefined;
  const commune = edit.commune ?? ownCommune;
  if (commune === undefined) {
    if (edit.delivery_type !== undefined) throw badRequest(ORDER_MESSAGES.communeRequired);
    return { deliveryType, shippingCents: feeOf(shipping, deliveryType), communeName: null };
  }
  return deliveryOf(division, shipping, { delivery_type: deliveryType, commune });
}
