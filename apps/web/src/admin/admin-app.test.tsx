import { afterEach, describe, expect, test, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { AdminApp } from './admin-app.tsx';
import { ADMIN_TOKEN_KEY } from './lib/auth-token.ts';
import { renderWithProviders, stubFetch } from './lib/test-utils.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('admin access', () => {
  test('without a token every admin page redirects to login', async () => {
    const fetchMock = stubFetch(() => undefined);
    renderWithProviders(<AdminApp />, { route: '/admin/orders' });
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  test('a 401 answer removes the token and sends to login', async () => {
    localStorage.setItem(ADMIN_TOKEN_KEY, 'expired-token');
    const fetchMock = stubFetch(() => ({ status: 401, message: 'Unauthorized' }));
    renderWithProviders(<AdminApp />, { route: '/admin/products' });
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(localStorage.getItem(ADMIN_TOKEN_KEY)).toBeNull();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toEqual(expect.stringMatching(/^\/api\//));
    expect((init?.headers as Record<string, string>).authorization).toBe('Bearer expired-token');
  });

  test('signing in stores the token and opens the dashboard', async () => {
    stubFetch((url) => {
      if (url === '/api/auth/login') return { data: { token: 'fresh-token' } };
      if (url === '/api/order/stats') {
        return {
          data: {
            total_orders: 7,
            pending_orders: 2,
            total_products: 24,
            total_revenue: 1500,
            by_status: { pending: 2 },
            per_day: [],
          },
        };
      }
      return undefined;
    });
    renderWithProviders(<AdminApp />, { route: '/admin/login' });
    const { default: userEvent } = await import('@testing-library/user-event');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Username'), 'admin');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Total Orders')).toBeInTheDocument();
    expect(localStorage.getItem(ADMIN_TOKEN_KEY)).toBe('fresh-token');
    expect(screen.getByText('7')).toBeInTheDocument();
  });

  test('a refused login shows the server message', async () => {
    stubFetch(() => ({ status: 401, message: 'Invalid username or password' }));
    renderWithProviders(<AdminApp />, { route: '/admin/login' });
    const { default: userEvent } = await import('@testing-library/user-event');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Username'), 'admin');
    await user.type(screen.getByLabelText('Password'), 'nope');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.getByText('Invalid username or password')).toBeInTheDocument());
    expect(localStorage.getItem(ADMIN_TOKEN_KEY)).toBeNull();
  });
});
