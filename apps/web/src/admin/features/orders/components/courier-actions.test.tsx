import { afterEach, describe, expect, test, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bodiesSent, makeOrder, renderWithProviders, stubFetch } from '../../../lib/test-utils.tsx';
import { OrderDetailsModal } from './order-details-modal.tsx';
import { exportQuery } from '../api/download-export.ts';
import { NO_FILTERS } from '../api/search-orders.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

const configured = {
  courier: 'yalidine',
  configured: true,
  webhook: false,
  sync_minutes: 30,
  quota: { second: null, minute: null, hour: null, day: null },
  accounts: [
    {
      id: 1,
      name: 'Yalidine (environment)',
      kind: 'yalidine',
      ready: true,
      quota: { second: null, minute: null, hour: null, day: null },
    },
  ],
};

describe("an order's courier", () => {
  test('an approved order is sent after asking; the answer shows its tracking number', async () => {
    let order = makeOrder({ id: 41, status: 'approved' });
    const fetchMock = stubFetch((url, init) => {
      if (url === '/api/order/getOrder/41') return { data: order };
      if (url === '/api/courier/status') return { data: configured };
      if (url === '/api/courier/send' && init?.method === 'POST') {
        order = {
          ...order,
          status: 'shipping',
          tracking_number: 'yal-000123',
          courier: 'yalidine',
          label_url: 'https://label/yal-000123',
        };
        return {
          data: {
            results: [
              {
                id: 41,
                ok: true,
                message: 'Sent to Yalidine: tracking yal-000123',
                tracking_number: 'yal-000123',
                label_url: 'https://label/yal-000123',
              },
            ],
          },
        };
      }
      return undefined;
    });
    renderWithProviders(<OrderDetailsModal orderId={41} onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Order #41' });
    const send = await within(dialog).findByRole('button', { name: 'Send to courier' });
    await waitFor(() => expect(send).toBeEnabled());
    await userEvent.click(send);
    const confirm = await screen.findByRole('dialog', { name: 'Send to the courier' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Send to courier' }));
    expect(await within(dialog).findByText('1 order sent to the courier.')).toBeInTheDocument();
    expect(bodiesSent(fetchMock, '/api/courier/send', 'POST')).toEqual([{ orderIds: [41] }]);
    expect(await within(dialog).findByText('yal-000123')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Open label' })).toHaveAttribute(
      'href',
      'https://label/yal-000123',
    );
    expect(within(dialog).getByRole('link', { name: 'Print slip' })).toHaveAttribute('href', '/admin/slips?ids=41');
  });

  test("without a courier account the button is off and says why; a courier's refusal is shown", async () => {
    const order = makeOrder({ id: 42, status: 'approved', courier_error: 'La commune "X" est introuvable' });
    stubFetch((url) => {
      if (url === '/api/order/getOrder/42') return { data: order };
      if (url === '/api/courier/status') return { data: { ...configured, courier: null, configured: false } };
      return undefined;
    });
    renderWithProviders(<OrderDetailsModal orderId={42} onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Order #42' });
    expect(await within(dialog).findByText(/No courier account configured/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Send to courier' })).toBeDisabled();
    expect(within(dialog).getByText(/La commune "X" est introuvable/)).toBeInTheDocument();
  });
});

describe('what an export holds', () => {
  test('the selected orders when there are, else the filters that are set', () => {
    const search = { ...NO_FILTERS, page: 3, limit: 50, status: 'approved' as const, wilaya: 'Oran' };
    expect(exportQuery(search, [9, 2]).toString()).toBe('ids=2%2C9');
    expect(exportQuery(search, []).toString()).toBe('status=approved&wilaya=Oran');
  });
});
