import { afterEach, describe, expect, test, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { AdminApp } from './admin-app.tsx';
import { ADMIN_TOKEN_KEY } from './lib/auth-token.ts';
import { makeOrder, renderWithProviders, stubFetch } from './lib/test-utils.tsx';

function Location() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

function AdminAppAt() {
  return (
    <>
      <AdminApp />
      <Location />
    </>
  );
}

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
            last_30_days: {
              orders: 0,
              confirmation_rate: null,
              delivery_rate: null,
              return_rate: null,
              per_wilaya: [],
            },
            low_stock: [],
            low_stock_threshold: 3,
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

  test("the settings page is in the admin nav and holds the shop's payment details", async () => {
    localStorage.setItem(ADMIN_TOKEN_KEY, 'token');
    stubFetch((url) => (url === '/api/settings/payment' ? { data: { ccp: '', rip: '', baridimob: '' } } : undefined));
    renderWithProviders(<AdminAppAt />, { route: '/admin/settings' });
    const link = await screen.findByRole('link', { name: 'Settings' });
    expect(link).toHaveAttribute('href', '/admin/settings');
    expect(link).toHaveAttribute('aria-current', 'page');
    expect(await screen.findByRole('heading', { name: 'Payment details' })).toBeInTheDocument();
  });

  test('the To confirm queue is the first link of the nav, with the number of orders waiting', async () => {
    localStorage.setItem(ADMIN_TOKEN_KEY, 'token');
    stubFetch((url) =>
      url.startsWith('/api/order/confirmQueue') ? { data: [makeOrder({ id: 1 }), makeOrder({ id: 2 })] } : undefined,
    );
    renderWithProviders(<AdminAppAt />, { route: '/admin/settings' });
    const nav = await screen.findByRole('navigation', { name: 'Admin' });
    const first = within(nav).getAllByRole('link')[0]!;
    expect(first).toHaveAttribute('href', '/admin/confirm');
    await waitFor(() => expect(first).toHaveAccessibleName('To confirm (2 waiting)'));
    expect(first).toHaveTextContent(/^To confirm 2/);
  });

  test('on a phone, whose links are behind Menu, the header keeps the number waiting in sight', async () => {
    localStorage.setItem(ADMIN_TOKEN_KEY, 'token');
    stubFetch((url) => {
      if (url === '/api/auth/me') return { data: { id: 1, username: 'admin', role: 'owner' } };
      return url.startsWith('/api/order/confirmQueue')
        ? { data: [makeOrder({ id: 1 }), makeOrder({ id: 2 })] }
        : undefined;
    });
    renderWithProviders(<AdminAppAt />, { route: '/admin/settings' });
    const header = await screen.findByRole('banner');
    const nav = within(header).getByRole('navigation', { name: 'Admin' });
    await waitFor(() =>
      expect(within(header).getAllByRole('link', { name: 'To confirm (2 waiting)' })).toHaveLength(2),
    );
    const shortcut = within(header)
      .getAllByRole('link', { name: 'To confirm (2 waiting)' })
      .find((link) => !nav.contains(link));
    expect(shortcut).toHaveAttribute('href', '/admin/confirm');
    expect(shortcut).toHaveClass('xl:hidden');
  });

  test('signing in opens the desk while orders wait for their call; the Dashboard link then shows the dashboard', async () => {
    stubFetch((url) => {
      if (url === '/api/auth/login') return { data: { token: 'fresh-token' } };
      if (url.startsWith('/api/order/confirmQueue')) return { data: [makeOrder({ id: 5 })] };
      return undefined;
    });
    renderWithProviders(<AdminAppAt />, { route: '/admin/login' });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Username'), 'admin');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'To confirm', level: 1 })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin\/confirm$/);
    await user.click(
      within(screen.getByRole('navigation', { name: 'Admin' })).getByRole('link', { name: 'Dashboard' }),
    );
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin$/);
    expect(await screen.findByRole('heading', { name: 'Dashboard', level: 1 })).toBeInTheDocument();
  });

  test('an unknown back-office address shows an English not-found page leading to the dashboard', async () => {
    localStorage.setItem(ADMIN_TOKEN_KEY, 'token');
    stubFetch(() => undefined);
    renderWithProviders(<AdminAppAt />, { route: '/admin/nowhere' });
    expect(await screen.findByRole('heading', { name: 'Page not found', level: 1 })).toBeInTheDocument();
    expect(screen.queryByText(/Quelque chose/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the dashboard' })).toHaveAttribute('href', '/admin');
    // Inside the back office: its nav is there.
    expect(screen.getByRole('navigation', { name: 'Admin' })).toBeInTheDocument();
    expect(document.title).toBe('Page not found · Admin');
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

  test('a login answered by a proxy page without a message says "Login failed", not its status text', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          new Response('<html><body>502 Bad Gateway</body></html>', {
            status: 502,
            statusText: 'Bad Gateway',
            headers: { 'content-type': 'text/html' },
          }),
        ),
      ),
    );
    renderWithProviders(<AdminApp />, { route: '/admin/login' });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Username'), 'admin');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Login failed')).toBeInTheDocument();
    expect(screen.queryByText('Bad Gateway')).not.toBeInTheDocument();
  });
});

const types = [
  { id: 3, name: 'T-shirts', description: 'Tees', name_ar: null, description_ar: null, for_custom: false },
];
const shirt = {
  id: 12,
  name: 'Linen shirt',
  description: 'Light',
  price: 2000,
  final_price: 2000,
  discount_percentage: 0,
  average_rating: 0,
  total_ratings: 0,
  stock: 5,
  has_sizes: true,
  type_id: 3,
  type_name: 'T-shirts',
  created_at: '2025-01-01 10:00:00',
  updated_at: '2025-01-01 10:00:00',
  size_s: 5,
  size_m: 0,
  size_l: 0,
  size_xl: 0,
  size_xxl: 0,
  sizes: [],
  images: [],
};

/** A shop whose session expires on the first product save; login gives a fresh token. */
function expiringShop() {
  let expired = true;
  return stubFetch((url, init) => {
    const method = init?.method ?? 'GET';
    if (url === '/api/auth/login') {
      expired = false;
      return { data: { token: 'fresh-token' } };
    }
    if (url.startsWith('/api/product/getAll?'))
      return {
        data: { data: [shirt], pagination: { page: 1, limit: 50, total: 1, total_pages: 1, has_next_page: false } },
      };
    if (url === '/api/ProductType/getAll') return { data: types };
    if (url === '/api/product/get/12') return { data: shirt };
    if (method === 'POST' && (url === '/api/product' || url === '/api/product/update/12')) {
      return expired ? { status: 401, message: 'Session expired' } : { status: 201, data: shirt };
    }
    return undefined;
  });
}

async function signInAgain(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText('Username'), 'admin');
  await user.type(screen.getByLabelText('Password'), 'secret');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('a session that ends while the owner types', () => {
  test('login says so, comes back to the page and reopens the form with what was typed', async () => {
    localStorage.setItem(ADMIN_TOKEN_KEY, 'old-token');
    const fetchMock = expiringShop();
    renderWithProviders(<AdminAppAt />, { route: '/admin/products' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '+ Add product' }));
    const dialog = screen.getByRole('dialog', { name: 'Add product' });
    await user.type(within(dialog).getByLabelText('Name'), 'Wool scarf');
    await user.type(within(dialog).getByLabelText('Description'), 'Warm and soft');
    await user.type(within(dialog).getByLabelText('Price (Da)'), '3500');
    await user.selectOptions(within(dialog).getByLabelText('Type'), '3');
    await user.clear(within(dialog).getByLabelText('M'));
    await user.type(within(dialog).getByLabelText('M'), '4');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Your session ended, sign in again')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/login?next=%2Fadmin%2Fproducts');
    expect(localStorage.getItem(ADMIN_TOKEN_KEY)).toBeNull();

    await signInAgain(user);
    const reopened = await screen.findByRole('dialog', { name: 'Add product' });
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin\/products$/);
    expect(within(reopened).getByText(/Your session ended: here is what you had typed/)).toBeInTheDocument();
    expect(within(reopened).getByLabelText('Name')).toHaveValue('Wool scarf');
    expect(within(reopened).getByLabelText('Description')).toHaveValue('Warm and soft');
    expect(within(reopened).getByLabelText('Price (Da)')).toHaveValue('3500');
    expect(within(reopened).getByLabelText('Type')).toHaveValue('3');
    expect(within(reopened).getByLabelText('M')).toHaveValue(4);
    // Restored once: it is not kept any more.
    expect(sessionStorage.getItem('adminFormDrafts')).toBeNull();

    await user.click(within(reopened).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const saves = fetchMock.mock.calls.filter(([url]) => url === '/api/product');
    expect(saves).toHaveLength(2);
    const body = saves[1]![1]?.body as FormData;
    expect(body.get('name')).toBe('Wool scarf');
    expect(body.get('size_m')).toBe('4');
    expect((saves[1]![1]?.headers as Record<string, string>).authorization).toBe('Bearer fresh-token');
  });

  test('an edit comes back on the same product', async () => {
    localStorage.setItem(ADMIN_TOKEN_KEY, 'old-token');
    expiringShop();
    renderWithProviders(<AdminAppAt />, { route: '/admin/products' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit product' });
    await user.clear(within(dialog).getByLabelText('Name'));
    await user.type(within(dialog).getByLabelText('Name'), 'Linen shirt, blue');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await signInAgain(user);
    const reopened = await screen.findByRole('dialog', { name: 'Edit product' });
    expect(within(reopened).getByLabelText('Name')).toHaveValue('Linen shirt, blue');
    expect(within(reopened).getByLabelText('Price (Da)')).toHaveValue('2000');
  });

  test('a fresh visit to a page without a token comes back to it after login, without the message', async () => {
    stubFetch((url) =>
      url === '/api/auth/login' ? { data: { token: 't' } } : url === '/api/auth/me' ? undefined : { data: [] },
    );
    renderWithProviders(<AdminAppAt />, { route: '/admin/coupons' });
    const user = userEvent.setup();
    await screen.findByRole('button', { name: 'Sign in' });
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/login?next=%2Fadmin%2Fcoupons');
    expect(screen.queryByText('Your session ended, sign in again')).not.toBeInTheDocument();
    await signInAgain(user);
    expect(await screen.findByRole('heading', { name: 'Coupons' })).toBeInTheDocument();
  });

  test('login never follows a next that leaves the back office', async () => {
    stubFetch((url) =>
      url === '/api/auth/login'
        ? { data: { token: 't' } }
        : url === '/api/auth/me'
          ? undefined
          : {
              data: {
                total_orders: 0,
                pending_orders: 0,
                total_products: 0,
                total_revenue: 0,
                by_status: {},
                per_day: [],
                last_30_days: {
                  orders: 0,
                  confirmation_rate: null,
                  delivery_rate: null,
                  return_rate: null,
                  per_wilaya: [],
                },
                low_stock: [],
                low_stock_threshold: 3,
              },
            },
    );
    renderWithProviders(<AdminAppAt />, { route: '/admin/login?next=https%3A%2F%2Fevil.example%2Fadmin' });
    await signInAgain(userEvent.setup());
    expect(await screen.findByText('Total Orders')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin$/);
  });
});
