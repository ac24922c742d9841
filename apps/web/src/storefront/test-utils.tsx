// Helpers for the storefront's component tests: a fresh QueryClient, a memory router and a fetch mock.
import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { QUERY_DEFAULTS } from '../lib/query-defaults.ts';
import { vi } from 'vitest';

type Handler = (url: URL, init: RequestInit | undefined) => { status?: number; body: unknown } | Response | undefined;

/** Answers /api calls from the handler with the envelope { status, message, data }. */
export function mockFetch(handler: Handler) {
  // The api client always calls fetch with a string path.
  const fetchMock = vi.fn((input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    const answer = handler(url, init) ?? { status: 404, body: { status: 404, message: 'Not found', data: null } };
    // A page that is not the API's envelope (a proxy's error page) is answered as it is.
    if (answer instanceof Response) return Promise.resolve(answer);
    const status = answer.status ?? 200;
    return Promise.resolve(
      new Response(JSON.stringify(answer.body), { status, headers: { 'content-type': 'application/json' } }),
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The JSON bodies sent to an /api path, in call order. */
export function sentBodies(fetchMock: ReturnType<typeof mockFetch>, path: string): unknown[] {
  return fetchMock.mock.calls
    .filter(([input]) => input === `/api${path}`)
    .map(([, init]) => JSON.parse(typeof init?.body === 'string' ? init.body : 'null') as unknown);
}

export function ok(data: unknown, status = 200) {
  return { status, body: { status, message: 'OK', data } };
}

export function fail(status: number, message: string, data: unknown = null) {
  return { status, body: { status, message, data } };
}

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/** `children`: routes inside the page's route (a layout's pages, rendered in its Outlet). */
export function renderPage(
  element: ReactNode,
  { path = '/', at = '/', children }: { path?: string; at?: string; children?: ReactNode } = {},
) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { ...QUERY_DEFAULTS.queries, retry: false }, mutations: { retry: false } },
  });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[at]}>
        <Routes>
          <Route path={path} element={element}>
            {children}
          </Route>
        </Routes>
        <LocationProbe />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...result, queryClient };
}
