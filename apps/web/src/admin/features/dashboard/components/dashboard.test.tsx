import { afterEach, describe, expect, test, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders, stubFetch } from '../../../lib/test-utils.tsx';
import { Dashboard } from './dashboard.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const stats = {
  total_orders: 12,
  pending_orders: 3,
  total_products: 24,
  total_revenue: 15400,
  by_status: { pending: 3, successful: 9 },
  per_day: [],
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
});
