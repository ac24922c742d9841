import { createElement, type ReactNode } from 'react';
import { act, renderHook } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetOrderKey } from '../../checkout/order-key.ts';
import { usePlaceOrder } from '../../checkout/use-place-order.ts';
import { fail, mockFetch, ok } from '../../../test-utils.tsx';
import { createOrder, type RegularOrderPayload } from './create-order.ts';

const ORDER: RegularOrderPayload = {
  customer_name: 'Sara',
  customer_phone: '0555123456',
  customer_address: 'Alger | 1 rue',
  customer_postal_code: '16000',
  type: 'regular',
  subtotal: '3400.00',
  shipping_fee: '400.00',
  coupon_code: '',
  wilaya: 'Alger',
  delivery_type: 'home',
  commune: 'Alger Centre',
  size: '',
  items: [{ product_id: 1, quantity: 2, size: 'M' }],
};

/** The Idempotency-Key of each POST /api/order, in call order. */
function sentKeys(fetchMock: ReturnType<typeof mockFetch>) {
  return fetchMock.mock.calls
    .filter(([input]) => input === '/api/order')
    .map(([, init]) => new Headers(init?.headers).get('idempotency-key'));
}

describe('POST /order with its Idempotency-Key', () => {
  afterEach(() => {
    forgetOrderKey();
    sessionStorage.clear();
    vi.unstubAllGlobals();
  });

  it('is sent again with a retry after no answer, and changes after the order is placed', async () => {
    let answers = 0;
    const fetchMock = mockFetch((url) => {
      if (url.pathname !== '/api/order') return undefined;
      answers += 1;
      // The first answer is lost on the way (a 502 from the proxy); the retry is placed.
      return answers === 1 ? fail(502, 'Bad Gateway') : ok({ order_id: 7, total: 3800 }, 201);
    });
    const client = new QueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => createElement(QueryClientProvider, { client }, children);
    const { result } = renderHook(() => usePlaceOrder({ send: (order: RegularOrderPayload) => createOrder(order) }), {
      wrapper,
    });
    await act(async () => {
      expect((await result.current.place(ORDER)).status).toBe('failed');
    });
    await act(async () => {
      expect((await result.current.place(ORDER)).status).toBe('placed');
    });
    await act(async () => {
      await result.current.place(ORDER);
    });
    const [first, retry, next] = sentKeys(fetchMock);
    expect(first).toBeTruthy();
    expect(retry).toBe(first);
    expect(next).not.toBe(first);
  });
});
