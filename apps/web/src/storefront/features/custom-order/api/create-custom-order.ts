import { ADDRESS_SEPARATOR } from '@shop/domain/order-schemas';
import type { CreatedOrder } from '@shop/domain/order-responses';
import { apiRequest, type Envelope } from '../../../../lib/api.ts';
import { orderKeyFor } from '../../checkout/order-key.ts';
import { attributionFor, orderEventId } from '../../marketing/attribution.ts';
import { trackAdEvent } from '../../marketing/pixels.ts';
import { draftKeyField } from '../../checkout/draft-save.ts';

export interface CustomOrderSubmission {
  fullName: string;
  phoneNumber: string;
  wilayaName: string;
  /** Home or stop desk, and the commune's name. */
  deliveryType: 'home' | 'stop_desk';
  commune: string;
  address: string;
  zipCode: string;
  /** Da, two decimals. */
  subtotal: number;
  shippingFee: number;
  /** The item id, or the word cup (SPEC §3). */
  clothingType: string;
  color: string;
  /** Omitted for a cup. */
  size: string | null;
  couponCode: string | null;
  images: { front: File | null; back: File | null; side: File | null };
}

export function customOrderFormData(order: CustomOrderSubmission): FormData {
  const form = new FormData();
  form.append('customer_name', order.fullName.trim());
  form.append('customer_phone', order.phoneNumber.trim());
  form.append('customer_address', `${order.wilayaName}${ADDRESS_SEPARATOR}${order.address.trim()}`);
  form.append('customer_postal_code', order.zipCode.trim());
  form.append('type', 'custom');
  form.append('subtotal', order.subtotal.toFixed(2));
  form.append('shipping_fee', order.shippingFee.toFixed(2));
  form.append('clothing_type', order.clothingType);
  form.append('color', order.color);
  if (order.size) form.append('size', order.size);
  if (order.couponCode) form.append('coupon_code', order.couponCode);
  form.append('wilaya', order.wilayaName);
  form.append('delivery_type', order.deliveryType);
  form.append('commune', order.commune.trim());
  const { checkout_draft_key } = draftKeyField();
  if (checkout_draft_key) form.append('checkout_draft_key', checkout_draft_key);
  if (order.images.front) form.append('reference_image_front', order.images.front);
  if (order.images.back) form.append('reference_image_back', order.images.back);
  if (order.images.side) form.append('reference_image_side', order.images.side);
  return form;
}

/**
 * POST /Order (multipart) with the order's Idempotency-Key (the same for the same order, pictures
 * included, sent again). Throws ApiError on a non-2xx answer, e.g. 409 with the server's figures
 * (checkout/use-place-order.ts).
 */
export async function createCustomOrder(order: CustomOrderSubmission): Promise<Envelope<CreatedOrder>> {
  const pictures = Object.values(order.images).map((file) => (file ? [file.name, file.size, file.lastModified] : null));
  const key = orderKeyFor({ ...order, images: pictures });
  const eventId = orderEventId(key);
  const form = customOrderFormData(order);
  // Where the customer came from goes with the order, outside what its key stands for.
  for (const [name, value] of Object.entries(attributionFor(eventId))) if (value) form.append(name, value);
  const response = await apiRequest<CreatedOrder>('/Order', {
    method: 'POST',
    body: form,
    headers: { 'idempotency-key': key },
  });
  trackAdEvent(
    'OrderPlaced',
    { value: Number(response.data.total), contents: [{ id: `custom-${order.clothingType}`, quantity: 1 }] },
    eventId,
  );
  return response;
}
