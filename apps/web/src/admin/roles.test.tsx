// The back office as each role sees it: only the links of the pages its role uses, its own first
// page after sign-in, and a plain refusal (not a broken page) at the address of another's page.
import { afterEach, describe, expect, test, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import type { Identity } from '@shop/domain/staff';
import { AdminApp } from './admin-app.tsx';
import { ADMIN_TOKEN_KEY } from './lib/auth-token.ts';
import { renderWithProviders, stubFetch } from './lib/test-utils.tsx';

function Location() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const sara: Identity = { id: 7, username: 'sara', role: 'agent' };
const karim: Identity = { id: 8, username: 'karim', role: 'packer' };
const lina: Identity = { id: 9, username: 'lina', role: 'manager' };

/** Signed in as `who`; every list the pages ask for is empty. */
function signedInAs(who: Identity, route: string) {
  localStorage.setItem(ADMIN_TOKEN_KEY, 'token');
  const fetchMock = stubFetch((url) => {
    if (url === '/api/auth/me') return { data: who };
    if (url.startsWith('/api/order/searchOrders')) {
      return { data: { data: [], pagination: { page: 1, limit: 20, total: 0, total_pages: 0, has_next_page: false } } };
    }
    if (url === '/api/settings') return { data: { shop_name: 'Maison Lina' } };
    return { data: [] };
  });
  renderWithProviders(
    <>
      <AdminApp />
      <Location />
    </>,
    { route },
  );
  return fetchMock;
}

const navLinks = async () =>
  within(await screen.findByRole('navigation', { name: 'Admin' }))
    .getAllByRole('link')
    .map((a) => a.textContent?.trim());

describe('an agent', () => {
  test('has the desk and the orders in the nav, lands on the queue, and is told, not broken, at /admin/products', async () => {
    const fetchMock = signedInAs(sara, '/admin');
    expect(await navLinks()).toEqual(['To confirm', 'Orders']);
    expect(screen.getByTestId('signed-in-as')).toHaveTextContent('sara · agent');
    expect(await screen.findByRole('heading', { name: 'To confirm' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/confirm');
    expect(screen.getByRole('button', { name: 'Next order' })).toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([url]) => url)).not.toContain('/api/order/stats');
  });

  test.each([
    ['/admin/products', 'Products', '/api/product/getAll'],
    ['/admin/settings', 'Settings', '/api/settings/payment'],
    ['/admin/settings/users', 'Users', '/api/users'],
    ['/admin/team', 'Team', '/api/staff/figures'],
    ['/admin/coupons', 'Coupons', '/api/coupon/'],
  ])('at %s reads "Your role (agent) cannot open %s" and asks the server nothing of it', async (route, name, call) => {
    const fetchMock = signedInAs(sara, route);
    expect(await screen.findByRole('heading', { name: `Your role (agent) cannot open ${name}` })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to my page' })).toHaveAttribute('href', '/admin/confirm');
    expect(fetchMock.mock.calls.some(([url]) => (url as string).startsWith(call))).toBe(false);
    expect(document.title).toBe(`Your role (agent) cannot open ${name} · Admin`);
  });
});

describe('a packer', () => {
  test('has the orders only, and lands on the approved ones', async () => {
    signedInAs(karim, '/admin');
    expect(await navLinks()).toEqual(['Orders']);
    expect(await screen.findByRole('heading', { name: 'Orders' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/orders?status=approved');
  });

  test('cannot open the queue', async () => {
    signedInAs(karim, '/admin/confirm');
    expect(
      await screen.findByRole('heading', { name: 'Your role (packer) cannot open To confirm' }),
    ).toBeInTheDocument();
  });
});

describe('a manager', () => {
  test('has every page but the settings of the owner: the blacklist only, no users', async () => {
    signedInAs(lina, '/admin/settings');
    expect(await navLinks()).toEqual([
      'To confirm',
      'Dashboard',
      'Products',
      'Orders',
      'Ratings',
      'Product Types',
      'Custom Order types',
      'Coupons',
      'Shipping prices',
      'Cash',
      'Team',
      'Settings',
    ]);
    expect(await screen.findByRole('heading', { name: 'Blacklist' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Payment details' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Users' })).not.toBeInTheDocument();
  });
});
