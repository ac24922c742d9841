import { afterEach, describe, expect, test, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { todayIso } from '@shop/domain/coupon-status';
import userEvent from '@testing-library/user-event';
import { bodiesSent, renderWithProviders, stubFetch } from '../../../lib/test-utils.tsx';
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
].map((c) => ({
  ...c,
  discount_type: 'percent',
  discount_amount: null,
  orders: 0,
  created_at: '2026-01-01T00:00:00Z',
}));

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

describe('coupons: a fixed amount, edit and delete', () => {
  const base = {
    is_active: true,
    max_uses: 10,
    current_uses: 0,
    expiry_date: future,
    created_at: '2026-01-01T00:00:00Z',
  };
  const percent = {
    ...base,
    id: 1,
    code: 'TEN',
    discount_type: 'percent',
    discount_percentage: 10,
    discount_amount: null,
    current_uses: 3,
    orders: 3,
  };
  const amount = {
    ...base,
    id: 2,
    code: 'MOINS500',
    discount_type: 'amount',
    discount_percentage: 0,
    discount_amount: 500,
    orders: 0,
  };

  test('shows a fixed amount as "-500,00 Da" and creates one', async () => {
    const fetchMock = stubFetch((url, init) => {
      if (url === '/api/coupon/' && init?.method === 'POST')
        return { status: 201, data: { ...amount, id: 3, code: 'MOINS300' } };
      if (url === '/api/coupon/') return { data: [percent, amount] };
      return undefined;
    });
    renderWithProviders(<CouponsPage />);
    const user = userEvent.setup();
    expect((await screen.findByTestId('coupon-MOINS500')).textContent?.replace(/\s/g, ' ')).toContain('-500,00 Da');
    expect(screen.getByTestId('coupon-TEN')).toHaveTextContent('10%');

    await user.click(screen.getByRole('button', { name: '+ Create coupon' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Create coupon' }));
    await user.type(dialog.getByLabelText('Code'), 'moins300');
    await user.click(dialog.getByRole('radio', { name: 'Amount in Da' }));
    expect(dialog.queryByLabelText('Discount (%)')).not.toBeInTheDocument();
    await user.type(dialog.getByLabelText('Amount (Da)'), '300');
    await user.type(dialog.getByLabelText('Expiry date'), '2999-01-31');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Coupon created successfully: MOINS300')).toBeInTheDocument();
    expect(bodiesSent(fetchMock, '/api/coupon/', 'POST')).toEqual([
      {
        code: 'MOINS300',
        discount_type: 'amount',
        discount_percentage: 0,
        discount_amount: 300,
        max_uses: 1,
        expiry_date: '2999-01-31',
        is_active: true,
      },
    ]);
  });

  test('edits a coupon with what the form was opened with; changed meanwhile, the form shows it as it is now', async () => {
    let conflict = false;
    const fetchMock = stubFetch((url, init) => {
      if (url === '/api/coupon/1' && init?.method === 'PUT') {
        return conflict
          ? {
              status: 409,
              message: 'This coupon changed since you opened it: here it is as it is now',
              data: { ...percent, max_uses: 50 },
            }
          : { data: { ...percent, max_uses: 20 } };
      }
      if (url === '/api/coupon/') return { data: [percent, amount] };
      return undefined;
    });
    renderWithProviders(<CouponsPage />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit TEN' }));
    let dialog = within(screen.getByRole('dialog', { name: 'Edit coupon TEN' }));
    expect(dialog.getByLabelText('Discount (%)')).toHaveValue(10);
    const maxUses = dialog.getByLabelText('Max uses');
    await user.clear(maxUses);
    await user.type(maxUses, '20');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Coupon TEN updated')).toBeInTheDocument();
    const seen = {
      code: 'TEN',
      discount_percentage: 10,
      discount_amount: null,
      max_uses: 10,
      expiry_date: future,
      is_active: true,
    };
    expect(bodiesSent(fetchMock, '/api/coupon/1', 'PUT')).toEqual([
      {
        code: 'TEN',
        discount_type: 'percent',
        discount_percentage: 10,
        discount_amount: null,
        max_uses: 20,
        expiry_date: future,
        is_active: true,
        seen,
      },
    ]);

    conflict = true;
    await user.click(screen.getByRole('button', { name: 'Edit TEN' }));
    dialog = within(screen.getByRole('dialog', { name: 'Edit coupon TEN' }));
    await user.clear(dialog.getByLabelText('Max uses'));
    await user.type(dialog.getByLabelText('Max uses'), '30');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText(/This coupon changed since you opened it/)).toBeInTheDocument();
    expect(dialog.getByLabelText('Max uses')).toHaveValue(50);
  });

  test('deletes an unused coupon after asking in the page; a used one offers no Delete', async () => {
    const fetchMock = stubFetch((url, init) => {
      if (url === '/api/coupon/2' && init?.method === 'DELETE') return { data: null };
      if (url === '/api/coupon/') return { data: [percent, amount] };
      return undefined;
    });
    renderWithProviders(<CouponsPage />);
    const user = userEvent.setup();
    await screen.findByTestId('coupon-TEN');
    expect(screen.queryByRole('button', { name: 'Delete TEN' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete MOINS500' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Delete coupon' }));
    expect(dialog.getByText('Delete MOINS500? No order carries it. This cannot be undone.')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Coupon MOINS500 deleted')).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([url, i]) => url === '/api/coupon/2' && i?.method === 'DELETE')).toHaveLength(
      1,
    );
  });
});
