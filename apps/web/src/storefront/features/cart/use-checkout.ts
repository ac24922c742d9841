// The checkout sequence of SPEC §4: stock check → dialog → re-check → order → ratings → thank you.
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { DEFAULT_PRODUCT_REVIEW } from '@shop/domain/constants';
import type { CheckoutCustomer } from '@shop/domain/form-schemas';
import { ApiError } from '../../../lib/api.ts';
import { t } from '../../texts.ts';
import { productQuery } from '../products/api/get-product.ts';
import { checkStock } from './api/check-stock.ts';
import { createOrder } from './api/create-order.ts';
import { createRating } from './api/create-rating.ts';
import { clearCart, repriceCart, type CartLine } from './cart-store.ts';
import { asPriceChange, buildOrderPayload, orderItems, type CheckoutProblem, type PriceChange } from './checkout.ts';
import { rememberOrder, type PlacedOrder } from '../order-confirmation/confirmation-store.ts';
import { shippingPricesQuery } from '../shipping/api/get-shipping-prices.ts';

interface Figures {
  subtotalDa: number;
  shippingFeeDa: number;
  couponCode: string;
}

export function useCheckout(lines: readonly CartLine[], onCompleted: (order: PlacedOrder) => void) {
  const queryClient = useQueryClient();
  const [checking, setChecking] = useState(false);
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<CheckoutProblem | null>(null);
  const [orderError, setOrderError] = useState<string | null>(null);
  const [priceChange, setPriceChange] = useState<PriceChange | null>(null);

  /** Lines without a size whose product has sizes (SPEC §5). */
  async function hasMissingSizes(): Promise<boolean> {
    const unsized = [...new Set(lines.filter((l) => l.size.trim() === '').map((l) => l.id))];
    const products = await Promise.all(unsized.map((id) => queryClient.fetchQuery(productQuery(id)).catch(() => null)));
    return products.some((p) => p?.has_sizes === true);
  }

  /** Returns the problem that blocks the checkout, or null when it may go on. */
  async function verify(): Promise<CheckoutProblem | null> {
    if (lines.length === 0) return { message: t.cart.empty };
    try {
      if (await hasMissingSizes()) return { message: t.cart.missingSize };
      const answer = await checkStock(orderItems(lines));
      if (!answer.ok) {
        return {
          message: t.cart.unavailable,
          unavailable: answer.items.filter((i) => !i.ok),
          hint: t.cart.adjust,
        };
      }
      return null;
    } catch {
      return { message: t.cart.stockCheckFailed };
    }
  }

  async function start(): Promise<boolean> {
    setChecking(true);
    setProblem(null);
    const found = await verify();
    setChecking(false);
    setProblem(found);
    return found === null;
  }

  async function placeOrder(customer: CheckoutCustomer, figures: Figures): Promise<void> {
    setSending(true);
    setOrderError(null);
    setPriceChange(null);
    try {
      const found = await verify();
      if (found) {
        setProblem(found);
        return;
      }
      const created = await createOrder(buildOrderPayload(customer, lines, figures));
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
      const order: PlacedOrder = {
        orderNumber: created.order_id,
        address: customer.address.trim(),
        wilaya: customer.wilaya,
        zipCode: customer.zipCode.trim(),
        total: Number(created.total),
      };
      rememberOrder('cart', order);
      clearCart();
      onCompleted(order);
    } catch (error) {
      if (error instanceof ApiError) {
        const change = error.status === 409 ? asPriceChange(error.data) : null;
        if (change) {
          // The cart and its summary show what the server will charge, not only the dialog.
          repriceCart(change.items);
          void queryClient.invalidateQueries({ queryKey: shippingPricesQuery.queryKey });
          setPriceChange(change);
        } else setOrderError(error.message || t.checkout.orderFailed);
      } else {
        setOrderError(t.checkout.orderException);
      }
    } finally {
      setSending(false);
    }
  }

  function reset() {
    setProblem(null);
    setOrderError(null);
    setPriceChange(null);
  }

  return { checking, sending, problem, orderError, priceChange, start, placeOrder, reset };
}
