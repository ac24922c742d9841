import { afterEach, describe, expect, test, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { todayIso } from '@shop/domain/coupon-status';
import { renderWithProviders, stubFetch } from '../../../lib/test-utils.tsx';
import { CouponsPage } from './coupons-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const future = '2999-12-31';
const coupons = [
  {
    id: 1,
    code: 'ACTIVE10',
    discount_percentage: 10,
    is_active: true,
    max_uses: 10,
    current_uses: 3,
    expiry_date: future,
  },
  { id: 2, code: 'OFF', discount_percentage: 5, is_active: false, max_uses: 10, current_uses: 0, expiry_date: future },
  {
    id: 3,
    code: 'OLD',
    discount_percentage: 5,
    is_active: true,
    max_uses: 10,
    current_uses: 0,
    expiry_date: '2000-01-01',
  },
  { id: 4, code: 'USEDUP', discount_percentage: 5, is_active: true, max_uses: 2, current_uses: 2, expiry_date: future },
  {
    id: 5,
    code: 'FOREVER',
    discount_percentage: 5,
    is_active: true,
    max_uses: null,
    current_uses: 40,
    expiry_date: todayIso(),
  },
].map((c) => ({ ...c, created_at: '2026-01-01T00:00:00Z' }));

describe('coupons table', () => {
  test('shows the display status and the remaining uses of each coupon', async () => {
    stubFetch((url) => (url === '/api/coupon/' ? { data: coupons } : undefined));
    renderWithProviders(<CouponsPage />);
    const row = async (code: string) => within(await screen.findByTestId(`coupon-${code}`));

    expect((await row('ACTIVE10')).getByText('Active')).toBeInTheDocument();
    expect((await row('ACTIVE10')).getByText('7')).toBeInTheDocument();
    expect((await row('OFF')).getByText('Inactive')).toBeInTheDocument();
    expect((await row('OLD')).getByText('Expired')).toBeInTheDocument();
    expect((await row('USEDUP')).getByText('Max Used')).toBeInTheDocument();
    expect((await row('USEDUP')).getByText('0')).toBeInTheDocument();
    // Expiring today still works; no max uses means unlimited.
    expect((await row('FOREVER')).getByText('Active')).toBeInTheDocument();
    expect((await row('FOREVER')).getByText('Unlimited')).toBeInTheDocument();
  });

  test('a failed load shows the server message in a banner', async () => {
    stubFetch(() => ({ status: 500, message: 'Database unavailable' }));
    renderWithProviders(<CouponsPage />);
    expect(await screen.findByText('Database unavailable')).toBeInTheDocument();
  });
});
