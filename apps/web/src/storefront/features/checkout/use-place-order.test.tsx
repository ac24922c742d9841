import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { act, renderHook } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api.ts';
import { fail, mockFetch, ok } from '../../test-utils.tsx';
import { usePlaceOrder, type PlaceOrderOptions, type ServerPrices } from './use-place-order.ts';

interface Order {
  name: string;
  subtotal: number;
  shipping_fee: number;
}

const ORDER: Order = { name: 'Sara', subtotal: 3400, shipping_fee: 400 };
const NEW_PRICES = {
  subtotal: 3600,
  shipping_fee: 400,
  discount_percentage: 0,
  total: 4000,
  items: [{ product_id: 1, size: 'M', unit_price: 1300 }],
};

/** Sends the order as POST /order would, with the server's figures when given. */
function postOrder(order: Order, prices: ServerPrices | null) {
  const body = prices ? { ...order, subtotal: prices.subtotal, shipping_fee: prices.shipping_fee } : order;
  return apiRequest<{ order_id: number }>('/order', { method: 'POST', body }).then((r) => r.data.order_id);
}

function renderPlaceOrder(options: PlaceOrderOptions<Order, number>, client = new QueryClient()) {
  return renderHook(() => usePlaceOrder(options), {
    wrapper: ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    ),
  });
}

/** The JSON body a fetch call sent. */
function bodyOf(init: RequestInit | undefined): Order {
  return JSON.parse(typeof init?.body === 'string' ? init.body : 'null') as Order;
}

function sentBodies(fetchMock: ReturnType<typeof mockFetch>) {
  return fetchMock.mock.calls.map(([, init]) => bodyOf(init));
}

describe('usePlaceOrder', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('places the order (201) with the page figures, sending while it waits', async () => {
    let answer: (response: Response) => void = () => undefined;
    const fetchMock = vi.fn((_path: string, _init?: RequestInit) => new Promise<Response>((r) => (answer = r)));
    vi.stubGlobal('fetch', fetchMock);
    const { result } = renderPlaceOrder({ send: postOrder });
    let placing: Promise<unknown> = Promise.resolve();
    act(() => {
      placing = result.current.place(ORDER);
    });
    expect(result.current.sending).toBe(true);
    await act(async () => {
      answer(Response.json({ status: 201, message: 'OK', data: { order_id: 42 } }, { status: 201 }));
      expect(await placing).toEqual({ status: 'placed', result: 42 });
    });
    expect(result.current.sending).toBe(false);
    expect(result.current.repriced).toBeNull();
    expect(result.current.failure).toBeNull();
    expect(bodyOf(fetchMock.mock.calls[0]![1])).toEqual(ORDER);
  });

  it('shows the server figures of a 409, then confirm sends the order again with them', async () => {
    let attempt = 0;
    const fetchMock = mockFetch(() => {
      attempt += 1;
      return attempt === 1 ? fail(409, 'Les prix ont changé', NEW_PRICES) : ok({ order_id: 43 }, 201);
    });
    const onRepriced = vi.fn();
    const { result } = renderPlaceOrder({ send: postOrder, onRepriced });

    await act(async () => {
      expect(await result.current.place(ORDER)).toEqual({ status: 'repriced', prices: NEW_PRICES });
    });
    expect(result.current.repriced).toEqual(NEW_PRICES);
    expect(result.current.failure).toBeNull();
    expect(onRepriced).toHaveBeenCalledWith(NEW_PRICES);

    await act(async () => {
      expect(await result.current.confirm(ORDER)).toEqual({ status: 'placed', result: 43 });
    });
    expect(sentBodies(fetchMock)).toEqual([ORDER, { name: 'Sara', subtotal: 3600, shipping_fee: 400 }]);
    expect(result.current.repriced).toBeNull();
  });

  it('after the new total is cancelled, sends the page figures again', async () => {
    let attempt = 0;
    const fetchMock = mockFetch(() => {
      attempt += 1;
      return attempt === 1 ? fail(409, 'Les prix ont changé', NEW_PRICES) : ok({ order_id: 44 }, 201);
    });
    const { result } = renderPlaceOrder({ send: postOrder });
    await act(() => result.current.place(ORDER));
    act(() => result.current.dismiss());
    expect(result.current.repriced).toBeNull();
    await act(() => result.current.place(ORDER));
    expect(sentBodies(fetchMock)).toEqual([ORDER, ORDER]);
  });

  it('reports any other refusal with the server message, and a 409 without prices (short stock) as one', async () => {
    let answer = fail(409, 'Les prix ont changé', NEW_PRICES);
    mockFetch(() => answer);
    const onRepriced = vi.fn();
    const { result } = renderPlaceOrder({ send: postOrder, onRepriced });
    await act(() => result.current.place(ORDER));

    answer = fail(400, 'Code promo expiré');
    await act(async () => {
      expect(await result.current.confirm(ORDER)).toEqual({
        status: 'failed',
        failure: { kind: 'refused', status: 400, message: 'Code promo expiré' },
      });
    });
    expect(result.current.failure).toEqual({ kind: 'refused', status: 400, message: 'Code promo expiré' });
    // The new total no longer stands: the page offers its own submit again.
    expect(result.current.repriced).toBeNull();

    // Only a 409 brings new prices, whatever another refusal carries.
    answer = fail(400, 'Commande refusée', NEW_PRICES);
    await act(() => result.current.place(ORDER));
    expect(result.current.failure).toEqual({ kind: 'refused', status: 400, message: 'Commande refusée' });
    expect(result.current.repriced).toBeNull();

    answer = fail(409, 'Stock insuffisant', { items: [{ product_id: 1, size: 'M', requested: 2, available: 1 }] });
    await act(() => result.current.place(ORDER));
    expect(result.current.failure).toEqual({ kind: 'refused', status: 409, message: 'Stock insuffisant' });
    expect(result.current.repriced).toBeNull();
    expect(onRepriced).toHaveBeenCalledTimes(1);
  });

  it('reads the wilayas and communes again after a refusal (they may have changed since the page read them)', async () => {
    mockFetch(() => fail(400, 'Bou Saada fait désormais partie de la wilaya 68 - Bou Saâda : choisissez cette wilaya'));
    const client = new QueryClient();
    client.setQueryData(['shipping-prices'], []);
    client.setQueryData(['communes', 'm sila'], []);
    client.setQueryData(['settings'], {});
    const { result } = renderPlaceOrder({ send: postOrder }, client);
    await act(() => result.current.place(ORDER));
    expect(client.getQueryState(['shipping-prices'])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['communes', 'm sila'])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['settings'])?.isInvalidated).toBe(false);
  });

  it('reports a send that got no answer as an exception, and forgets it on dismiss', async () => {
    const offline = new TypeError('offline');
    const { result } = renderPlaceOrder({ send: () => Promise.reject(offline) });
    await act(async () => {
      expect(await result.current.place(ORDER)).toEqual({
        status: 'failed',
        failure: { kind: 'exception', error: offline },
      });
    });
    expect(result.current.failure).toEqual({ kind: 'exception', error: offline });
    expect(result.current.sending).toBe(false);
    act(() => result.current.dismiss());
    expect(result.current.failure).toBeNull();
  });

  it('takes an ApiError thrown by the send function as the server refusal', async () => {
    const { result } = renderPlaceOrder({ send: () => Promise.reject(new ApiError(500, '', null)) });
    await act(() => result.current.place(ORDER));
    expect(result.current.failure).toEqual({ kind: 'refused', status: 500, message: '' });
  });
});
