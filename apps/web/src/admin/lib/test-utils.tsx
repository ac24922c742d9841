// Helpers for the admin's component tests: a fresh query client and router per test, and a fetch
// stub that answers the API envelope per path.
import type { ReactElement } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { vi } from 'vitest';
import type { Identity } from '@shop/domain/staff';
import type { Order } from './types.ts';
import { AccessProvider } from './access.tsx';

export interface StubAnswer {
  status?: number;
  data?: unknown;
  message?: string;
}

export type StubHandler = (url: string, init: RequestInit | undefined) => StubAnswer | undefined;

/**
 * Stubs fetch; unhandled calls answer 404, but GET /auth/me, unless the handler answers it, says the
 * owner is signed in. Returns the mock to inspect the calls.
 */
export function stubFetch(handler: StubHandler) {
  const mock = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const answer =
      handler(url, init) ??
      (url === '/api/auth/me' ? { data: OWNER } : { status: 404, message: 'Not found', data: null });
    const status = answer.status ?? 200;
    return Promise.resolve(
      new Response(JSON.stringify({ status, message: answer.message ?? 'OK', data: answer.data ?? null }), {
        status,
        headers: { 'content-type': 'application/json' },
      }),
    );
  });
  vi.stubGlobal('fetch', mock);
  return mock;
}

/** Shows the router's current address, for tests that check what a page wrote in the URL. */
export function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/** The owner, signed in: who a page rendered alone is shown to (`as` another role to check what it hides). */
export const OWNER: Identity = { id: 1, username: 'admin', role: 'owner' };

export function renderWithProviders(
  ui: ReactElement,
  { route = '/admin', as = OWNER }: { route?: string; as?: Identity } = {},
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <AccessProvider identity={as}>
        <MemoryRouter initialEntries={[route]}>
          <Routes>
            <Route path="/admin/*" element={ui} />
          </Routes>
        </MemoryRouter>
      </AccessProvider>
    </QueryClientProvider>,
  );
}

/** An admin order as the server answers it: a pending regular order of one line, to override. */
export function makeOrder(overrides: Partial<Order> = {}): Order {
  return {
    id: 12,
    type: 'regular',
    status: 'pending',
    customer_name: 'Amina B.',
    customer_phone: '0551234567',
    customer_address: 'Oran | 3 rue Larbi Ben M’hidi',
    customer_postal_code: '31000',
    wilaya_name: 'Oran',
    delivery_type: 'home',
    commune_name: null,
    subtotal: 4000,
    discount_percentage: 0,
    discount_amount: 0,
    shipping_fee: 600,
    final_total: 4600,
    coupon_code: null,
    created_at: new Date(Date.now() - 2 * 3_600_000).toISOString(),
    updated_at: new Date().toISOString(),
    order_items: [],
    clothing_type: null,
    color: null,
    size: null,
    reference_images: [],
    confirmation: 'to_confirm',
    call_attempts: 0,
    call_back_at: null,
    confirmed_at: null,
    refusal_reason: null,
    refusal_note: null,
    held: false,
    possible_duplicate: false,
    duplicates: [],
    tracking_number: null,
    courier: null,
    label_url: null,
    courier_status: null,
    courier_sent_at: null,
    courier_error: null,
    courier_account_id: null,
    courier_account_chosen: false,
    return_received_at: null,
    stock_reserved: true,
    courier_attention: null,
    payments: [],
    amount_paid: 0,
    amount_due: 4600,
    item_summary: '2× Hoodie (M)',
    reputation: { orders: 1, delivered: 0, returned: 0, refused: 0, cancelled: 0 },
    claim: null,
    ...overrides,
  };
}

/** The JSON bodies sent to `url` with `method`. */
export function bodiesSent(fetchMock: ReturnType<typeof stubFetch>, url: string, method: string): unknown[] {
  return fetchMock.mock.calls
    .filter(([u, init]) => u === url && init?.method === method)
    .map(([, init]) => JSON.parse(init!.body as string) as unknown);
}
