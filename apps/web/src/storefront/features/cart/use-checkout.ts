// The checkout sequence of SPEC §4: stock check → dialog → re-check → order → ratings → thank you.
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { DEFAULT_PRODUCT_REVIEW } from '@shop/domain/constants';
import { normalizeAlgerianPhone } from '@shop/domain/phone-number';
import type { CheckoutCustomer } from '@shop/domain/form-schemas';
import { t } from '../../i18n/i18n.ts';
import { ApiError } from '../../../lib/api.ts';
import { serverFigures, usePlaceOrder, type ServerPrices } from '../checkout/use-place-order.ts';
import { productQuery } from '../products/api/get-product.ts';
import { checkStock } from './api/check-stock.ts';
import { createOrder } from './api/create-order.ts';
import { createRating } from './api/create-rating.ts';
import { clearCart, repriceCart, sameColor, type CartLine } from './cart-store.ts';
import { buildOrderPayload, orderItems, type CheckoutProblem, type OrderFigures } from './checkout.ts';
import { rememberOrder, type PlacedOrder } from '../order-confirmation/confirmation-store.ts';
import { shippingPricesQuery } from '../shipping/api/get-shipping-prices.ts';
import { trackAdEvent } from '../marketing/pixels.ts';

interface CartOrder {
  customer: CheckoutCustomer;
  figures: OrderFigures;
}

export function useCheckout(lines: readonly CartLine[], onCompleted: (order: PlacedOrder) => void) {
  const queryClient = useQueryClient();
  const [checking, setChecking] = useState(false);
  const [verifying, setVerifying] = useState(false);
  const [problem, setProblem] = useState<CheckoutProblem | null>(null);

  async function send({ customer, figures }: CartOrder, prices: ServerPrices | null): Promise<PlacedOrder> {
    const created = await createOrder(
      buildOrderPayload(
        customer,
        lines,
        prices ? { ...figures, subtotalDa: prices.subtotal, shippingFeeDa: prices.shipping_fee } : figures,
      ),
    );
    if (customer.rating && customer.rating > 0) {
      const review = customer.comment?.trim() || DEFAULT_PRODUCT_REVIEW;
      const productIds = [...new Set(lines.map((l) => l.id))];
      await Promise.allSettled(
        productIds.map((product_id) =>
          createRating({
            product_id,
            order_id: created.order_id,
            customer_name: customer.fullName.trim(),
            customer_phone: customer.phoneNumber.trim(),
            rating: customer.rating ?? 0,
            review,
          }),
        ),
      );
    }
    return {
      orderNumber: created.order_id,
      address: customer.address.trim(),
      wilaya: customer.wilaya,
      deliveryType: customer.deliveryType,
      commune: customer.commune.trim(),
      zipCode: customer.zipCode.trim(),
      total: Number(created.total),
      // For the tracking link of the thank-you screen (the number and the phone together).
      phone: normalizeAlgerianPhone(customer.phoneNumber) ?? undefined,
      placedAt: Date.now(),
      // What the thank-you screen recalls: the lines as ordered and the figures the server charged.
      lines: lines.map((line) => ({
        name: line.name,
        name_ar: line.name_ar ?? null,
        size: line.size,
        ...(line.color ? { color: line.color, color_ar: line.color_ar ?? null } : {}),
        ...(line.size_scale ? { size_scale: line.size_scale } : {}),
        quantity: line.Quantity,
        unitPrice:
          prices?.items?.find(
            (p) =>
              p.product_id === line.id &&
              p.size === line.size &&
              sameColor((p as { color?: string }).color, line.color),
          )?.unit_price ?? line.cost,
      })),
      ...serverFigures(created),
    };
  }

  const order = usePlaceOrder({
    send,
    // The cart and its summary show what the server will charge, not only the dialog.
    onRepriced: (prices) => {
      repriceCart(prices.items ?? []);
      void queryClient.invalidateQueries({ queryKey: shippingPricesQuery.queryKey });
    },
  });

  /** Lines without a size whose product has sizes (SPEC §5). */
  async function hasMissingSizes(): Promise<boolean> {
    const unsized = [...new Set(lines.filter((l) => l.size.trim() === '').map((l) => l.id))];
    const products = await Promise.all(unsized.map((id) => queryClient.fetchQuery(productQuery(id)).catch(() => null)));
    return products.some((p) => p?.has_sizes === true);
  }

  /** Returns the problem that blocks the checkout, or null when it may go on. */
  async function verify(): Promise<CheckoutProblem | null> {
    if (lines.length === 0) return { message: t('cart.empty') };
    try {
      if (await hasMissingSizes()) return { message: t('cart.missingSize') };
      const answer = await checkStock(orderItems(lines));
      if (!answer.ok) {
        return {
          message: t('cart.unavailable'),
          unavailable: answer.items.filter((i) => !i.ok),
          hint: t('cart.adjust'),
        };
      }
      return null;
    } catch (error) {
      // A line the server refuses (a colour no longer chosen for a product now sold in colours, a
      // size it no longer has): its own words, in the page's language, with the way out.
      if (error instanceof ApiError && error.status === 400 && error.message) {
        return { message: error.message, hint: t('cart.adjust') };
      }
      return { message: t('cart.stockCheckFailed') };
    }
  }

  async function start(): Promise<boolean> {
    setChecking(true);
    setProblem(null);
    trackAdEvent('InitiateCheckout', {
      value: lines.reduce((sum, l) => sum + l.cost * l.Quantity, 0),
      contents: lines.map((l) => ({ id: String(l.id), quantity: l.Quantity })),
    });
    const found = await verify();
    setChecking(false);
    setProblem(found);
    return found === null;
  }

  /** Re-checks the stock, then sends the order: with the page's figures, or the server's once accepted. */
  async function placeOrder(cartOrder: CartOrder, { acceptNewPrices = false } = {}): Promise<void> {
    setVerifying(true);
    setProblem(null);
    const found = await verify();
    setVerifying(false);
    if (found) {
      setProblem(found);
      order.dismiss();
      return;
    }
    const outcome = await (acceptNewPrices ? order.confirm(cartOrder) : order.place(cartOrder));
    if (outcome.status !== 'placed') return;
    rememberOrder('cart', outcome.result);
    clearCart();
    onCompleted(outcome.result);
  }

  const failure = order.failure;
  const orderError =
    failure === null
      ? null
      : failure.kind === 'refused'
        ? failure.message || t('checkout.orderFailed')
        : t('checkout.orderException');

  function reset() {
    setProblem(null);
    order.dismiss();
  }

  return {
    checking,
    sending: verifying || order.sending,
    problem,
    orderError,
    priceChange: order.repriced,
    start,
    placeOrder,
    reset,
  };
}
