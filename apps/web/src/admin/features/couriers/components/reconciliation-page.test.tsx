import { afterEach, describe, expect, test, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReconciledParcel, Reconciliation } from '@shop/domain/reconciliation';
import { bodiesSent, renderWithProviders, stubFetch } from '../../../lib/test-utils.tsx';
import { ReconciliationPage } from './reconciliation-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const parcel = (over: Partial<ReconciledParcel>): ReconciledParcel => ({
  order_id: 1,
  tracking: 'ECO1',
  account_id: 1,
  account: 'DHD',
  wilaya: 'Oran',
  courier_status: 'livre_non_encaisse',
  phase: 'delivered',
  amount: 2200,
  delivery_fee: 631,
  return_fee: 231,
  expected: 1569,
  paid: null,
  difference: null,
  remitted_at: null,
  outcome_at: '2026-03-02T10:00:00.000Z',
  ...over,
});

const month: Reconciliation = {
  account_id: 1,
  month: '2026-03',
  totals: {
    delivered: 2,
    delivered_unpaid: 1,
    returned: 0,
    collected: 4400,
    delivery_fees: 1262,
    return_fees: 0,
    expected: 1569,
    paid: 1469,
    difference: -100,
  },
  delivered_unpaid: [parcel({ order_id: 7, tracking: 'ECO7' })],
  paid: [
    parcel({ order_id: 8, tracking: 'ECO8', paid: 1469, difference: -100, remitted_at: '2026-03-05T10:00:00.000Z' }),
  ],
  returned: [],
  differences: [
    parcel({ order_id: 8, tracking: 'ECO8', paid: 1469, difference: -100, remitted_at: '2026-03-05T10:00:00.000Z' }),
  ],
};

describe('the couriers’ cash', () => {
  test('shows the month: unpaid, paid, the short payment; imports a statement and names what did not match', async () => {
    const fetchMock = stubFetch((url, init) => {
      if (url === '/api/courier/accounts') return { data: [{ id: 1, name: 'DHD', kind: 'ecotrack', active: true }] };
      if (url.startsWith('/api/courier/reconciliation?')) return { data: month };
      if (url === '/api/courier/stranded') {
        return {
          data: [
            {
              order_id: 9,
              tracking: 'ECO9',
              account_id: 1,
              account: 'DHD',
              wilaya: 'Alger',
              customer_name: 'Sami',
              courier_status: 'prete_a_expedier',
              reason: 'not_picked_up',
              since: '2026-03-01T10:00:00.000Z',
              days: 3,
            },
          ],
        };
      }
      if (url === '/api/courier/statements' && init?.method === 'POST') {
        return {
          data: {
            statement_id: 1,
            lines: 3,
            matched: 2,
            paid: 2,
            returns_charged: 0,
            total_paid: 3000,
            unknown: [{ line: 4, tracking: 'ECO-X', message: 'No parcel' }],
            differences: month.differences,
          },
        };
      }
      return undefined;
    });
    renderWithProviders(<ReconciliationPage />, { route: '/admin/reconciliation?account=1&month=2026-03' });
    const user = userEvent.setup();
    const unpaid = await screen.findByRole('region', { name: 'Delivered, not paid yet' });
    expect(within(unpaid).getByTestId('parcel-7')).toHaveTextContent('ECO7');
    const differences = screen.getByRole('region', { name: 'Paid otherwise than expected' });
    expect(within(differences).getByTestId('parcel-8')).toHaveTextContent(/-100,00/);
    expect(screen.getByTestId('reconciliation-totals')).toHaveTextContent('Not paid yet1');
    expect(screen.getByRole('region', { name: 'Stranded parcels' })).toHaveTextContent('Not picked up after 48 h');

    const file = new File(['tracking;amount\nECO8;1469\nECO7;1569\nECO-X;10\n'], 'releve.csv', { type: 'text/csv' });
    await user.upload(screen.getByLabelText('Statement file (CSV)'), file);
    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('2 of 3 lines matched a parcel.')).toBeInTheDocument();
    expect(screen.getByText("Line 4: ECO-X is not one of this account's parcels")).toBeInTheDocument();
    expect(screen.getByTestId('statement-differences')).toHaveTextContent('#8 ECO8');
    expect(bodiesSent(fetchMock, '/api/courier/statements', 'POST')).toEqual([
      { account_id: 1, csv: 'tracking;amount\nECO8;1469\nECO7;1569\nECO-X;10\n', file_name: 'releve.csv' },
    ]);
  });

  test('a statement refused shows each bad line', async () => {
    stubFetch((url, init) => {
      if (url === '/api/courier/accounts') return { data: [{ id: 1, name: 'DHD', kind: 'ecotrack', active: true }] };
      if (url.startsWith('/api/courier/reconciliation?')) return { data: month };
      if (url === '/api/courier/stranded') return { data: [] };
      if (url === '/api/courier/statements' && init?.method === 'POST') {
        return {
          status: 400,
          message: 'The statement has 1 bad line(s): nothing was imported',
          data: { errors: [{ line: 2, message: 'Amount "douze" is not an amount' }] },
        };
      }
      return undefined;
    });
    renderWithProviders(<ReconciliationPage />, { route: '/admin/reconciliation?account=1&month=2026-03' });
    const user = userEvent.setup();
    await screen.findByTestId('reconciliation-totals');
    await user.upload(
      screen.getByLabelText('Statement file (CSV)'),
      new File(['tracking;amount\nECO8;douze'], 'bad.csv'),
    );
    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('Line 2: Amount "douze" is not an amount')).toBeInTheDocument();
    expect(screen.getByText(/nothing was imported/)).toBeInTheDocument();
  });
});
