// Helpers for the admin's component tests: a fresh query client and router per test, and a fetch
// stub that answers the API envelope per path.
import type { ReactElement } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { vi } from 'vitest';

export interface StubAnswer {
  status?: number;
  data?: unknown;
  message?: string;
}

export type StubHandler = (url: string, init: RequestInit | undefined) => StubAnswer | undefined;

/** Stubs fetch; unhandled calls answer 404. Returns the mock to inspect the calls. */
export function stubFetch(handler: StubHandler) {
  const mock = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const answer = handler(url, init) ?? { status: 404, message: 'Not found', data: null };
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

export function renderWithProviders(ui: ReactElement, { route = '/admin' }: { route?: string } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[route]}>
        <Routes>
          <Route path="/admin/*" element={ui} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
