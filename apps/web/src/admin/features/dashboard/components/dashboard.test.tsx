import { afterEach, describe, expect, test, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LocationProbe, renderWithProviders, stubFetch } from '../../../lib/test-utils.tsx';
import { Dashboard } from './dashboard.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const stats = {
  period: 'all',
  since: null,
  total_orders: 12,
  pending_orders: 3,
  total_products: 24,
  total_revenue: 15400,
  total_revenue_without_delivery: 12400,
  by_status: { pending: 3, approved: 0, shipping: 0, successful: 9, cancelled: 0, returned: 0 },
  per_day: [],
  last_30_days: {
    orders: 10,
    confirmation_rate: 0.8,
    delivery_rate: 0.667,
    return_rate: 0.333,
    per_wilaya: [
      { wilaya: 'Oran', orders: 6, confirmation_rate: 0.75, delivery_rate: 0.5, return_rate: 0.5 },
      { wilaya: 'Aïn Témouchent', orders: 1, confirmation_rate: null, delivery_rate: null, return_rate: null },
    ],
  },
  low_stock: [
    { product_id: 4, name: 'Hoodie Zippé', color_id: 0, color: '', size: 'M', size_label: 'M', stock: 0 },
    { product_id: 4, name: 'Hoodie Zippé', color_id: 0, color: '', size: 'L', size_label: 'L', stock: 1 },
    { product_id: 9, name: 'Robe été', color_id: 31, color: 'Rouge', size: 'M', size_label: 'M', stock: 2 },
    { product_id: 9, name: 'Robe été', color_id: 32, color: 'Bleu', size: 'M', size_label: 'M', stock: 2 },
    { product_id: 11, name: 'Ensemble enfant', color_id: 0, color: '', size: '2a', size_label: '2 ans', stock: 2 },
    { product_id: 7, name: 'Savon au lait de chèvre', color_id: 0, color: '', size: '', size_label: '', stock: 2 },
  ],
  low_stock_threshold: 3,
};

describe('dashboard', () => {
  test('a failed load says so with Retry, shows no figures, and Retry loads them', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let down = true;
    const fetchMock = stubFetch((url) => {
      if (url !== '/api/order/stats') return undefined;
      return down ? { status: 500, message: 'Internal server error' } : { data: stats };
    });
    renderWithProviders(<Dashboard />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the statistics.');
    expect(screen.queryByText('Total Orders')).not.toBeInTheDocument();
    // Dashboard errors are logged too (SPEC §8).
    expect(console.error).toHaveBeenCalled();

    down = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Total Orders')).toBeInTheDocument();
    expect(screen.getByText('12')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/order/stats')).toHaveLength(2);
  });

  test('each figure opens the list behind it, filtered', async () => {
    stubFetch((url) => (url === '/api/order/stats' ? { data: stats } : undefined));
    renderWithProviders(<Dashboard />);
    const cards = await screen.findByTestId('dashboard-cards');
    const link = (name: RegExp) => within(cards).getByRole('link', { name });
    expect(link(/Total Orders/)).toHaveAttribute('href', '/admin/orders');
    expect(link(/Pending Orders/)).toHaveAttribute('href', '/admin/orders?status=pending');
    expect(link(/Total Products/)).toHaveAttribute('href', '/admin/products');
    expect(link(/Total Revenue/)).toHaveAttribute('href', '/admin/orders?status=successful');
  });

  test("shows the last 30 days' rates overall and per wilaya, and the low stock linking to each product", async () => {
    stubFetch((url) => (url === '/api/order/stats' ? { data: stats } : undefined));
    renderWithProviders(<Dashboard />);
    const rates = await screen.findByTestId('rates');
    expect(rates).toHaveTextContent('Confirmation rate80%');
    expect(rates).toHaveTextContent('Delivery rate67%');
    expect(rates).toHaveTextContent('Return rate33%');
    expect(screen.getByText('10 orders placed in the last 30 days')).toBeInTheDocument();

    const perWilaya = screen.getByRole('region', { name: 'Rates per wilaya' });
    const [oran, other] = within(perWilaya).getAllByRole('row').slice(1);
    expect(oran).toHaveTextContent('Oran675%50%50%');
    // No decided order yet: no rate rather than 0 %.
    expect(other).toHaveTextContent('Aïn Témouchent1———');
    expect(within(other!).getByRole('link', { name: 'Aïn Témouchent' })).toHaveAttribute(
      'href',
      '/admin/orders?wilaya=A%C3%AFn+T%C3%A9mouchent',
    );

    const lowStock = screen.getByRole('list', { name: 'Low-stock sizes and products' });
    expect(screen.getByText('Sizes and products with 3 or fewer left.')).toBeInTheDocument();
    const [hoodie, dress, kids, soap] = within(lowStock).getAllByRole('listitem');
    expect(hoodie).toHaveTextContent('Hoodie ZippéM: 0L: 1');
    // Per variant: the colour with its size, the size as shown on the product's scale.
    expect(dress).toHaveTextContent('Robe étéRouge / M: 2Bleu / M: 2');
    expect(kids).toHaveTextContent('Ensemble enfant2 ans: 2');
    expect(soap).toHaveTextContent('Savon au lait de chèvre2 left');
    expect(within(lowStock).getByRole('link', { name: 'Edit Hoodie Zippé' })).toHaveAttribute(
      'href',
      '/admin/products?product=4',
    );
    expect(within(lowStock).getByRole('link', { name: 'Edit Savon au lait de chèvre' })).toHaveAttribute(
      'href',
      '/admin/products?product=7',
    );
  });
});

describe('dashboard: the period and the revenue the shop keeps', () => {
  test('a period picker asks the figures of today, 7 or 30 days, or this month, and keeps it in the address', async () => {
    const fetchMock = stubFetch((url) => {
      if (url === '/api/order/stats') return { data: stats };
      if (url === '/api/order/stats?period=7d') {
        return {
          data: {
            ...stats,
            period: '7d',
            since: '2026-03-04',
            total_orders: 4,
            total_revenue: 116857.42,
            total_revenue_without_delivery: 114457.42,
          },
        };
      }
      return undefined;
    });
    renderWithProviders(
      <>
        <Dashboard />
        <LocationProbe />
      </>,
    );
    const cards = await screen.findByTestId('dashboard-cards');
    expect(within(cards).getByRole('link', { name: /Total Revenue/ })).toHaveTextContent(
      /15\s400,00 Da\s*12\s400,00 Da without delivery fees/,
    );
    expect(screen.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.setup().click(screen.getByRole('button', { name: '7 days' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/admin?period=7d');
    await waitFor(() => expect(within(cards).getByRole('link', { name: /Total Orders/ })).toHaveTextContent('4'));
    expect(screen.getByTestId('period-note')).toHaveTextContent('Orders placed since 4 Mar 2026');
    const revenue = within(cards).getByRole('link', { name: /Total Revenue/ });
    expect(revenue).toHaveTextContent(/116\s857,42 Da\s*114\s457,42 Da without delivery fees/);
    expect(revenue).toHaveAttribute('href', '/admin/orders?status=successful&from=2026-03-04');
    // The amount keeps to one line; a phone gives it two columns.
    expect(within(revenue).getByText(/116\s857,42 Da$/)).toHaveClass('whitespace-nowrap');
    expect(revenue).toHaveClass('col-span-2');
    expect(fetchMock.mock.calls.map(([url]) => url)).toContain('/api/order/stats?period=7d');
  });
});
