import { afterEach, describe, expect, test, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bodiesSent, LocationProbe, makeOrder, renderWithProviders, stubFetch } from '../../../lib/test-utils.tsx';
import type { Order } from '../../../lib/types.ts';
import { OrdersPage } from './orders-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const wilayas = [
  { id: 16, wilaya_code: 16, wilaya_name: 'Alger', price: 400 },
  { id: 31, wilaya_code: 31, wilaya_name: 'Oran', price: 600 },
];

function page(orders: Order[]) {
  return {
    data: orders,
    pagination: { page: 1, limit: 20, total: orders.length, total_pages: 1, has_next_page: false },
  };
}

/** The searches the page asked the server for, as query objects. */
function searches(fetchMock: ReturnType<typeof stubFetch>) {
  return fetchMock.mock.calls
    .map(([url]) => url as string)
    .filter((url) => url.startsWith('/api/order/searchOrders?'))
    .map((url) => Object.fromEntries(new URLSearchParams(url.split('?')[1])));
}

function renderPage(route = '/admin/orders') {
  return renderWithProviders(
    <>
      <OrdersPage />
      <LocationProbe />
    </>,
    { route },
  );
}

describe('the orders list', () => {
  test("shows the wilaya, the items, the call, the flags and the phone's past orders of each order", async () => {
    stubFetch((url) => {
      if (url.startsWith('/api/order/searchOrders')) {
        return {
          data: page([
            makeOrder({
              id: 7,
              wilaya_name: 'Tlemcen',
              item_summary: '1× Robe kabyle (L)',
              confirmation: 'no_answer',
              possible_duplicate: true,
              reputation: { orders: 3, delivered: 1, returned: 1, refused: 0, cancelled: 0 },
            }),
          ]),
        };
      }
      if (url === '/api/ShippingPrice/all') return { data: wilayas };
      return undefined;
    });
    renderPage();
    const table = await screen.findByRole('region', { name: 'Orders' });
    const row = (await within(table).findByText('#7')).closest('tr')!;
    expect(row).toHaveTextContent('Tlemcen');
    expect(row).toHaveTextContent('1× Robe kabyle (L)');
    expect(row).toHaveTextContent('No answer');
    expect(row).toHaveTextContent('Possible duplicate');
    expect(row).toHaveTextContent('3 orders: 1 delivered, 1 returned, 0 refused');
  });

  test('reads its filters from the URL and writes each change back, page 1 again', async () => {
    const fetchMock = stubFetch((url) => {
      if (url.startsWith('/api/order/searchOrders')) return { data: page([makeOrder()]) };
      if (url === '/api/ShippingPrice/all') return { data: wilayas };
      return undefined;
    });
    const user = userEvent.setup();
    renderPage('/admin/orders?status=pending&page=2');
    await screen.findByText('#12');
    expect(screen.getByLabelText('Status')).toHaveValue('pending');
    expect(searches(fetchMock)[0]).toEqual({ page: '2', limit: '20', status: 'pending' });

    await user.selectOptions(screen.getByLabelText('Call'), 'No answer');
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/orders?status=pending&confirmation=no_answer');
    await user.selectOptions(await screen.findByLabelText('Wilaya'), '31 - Oran');
    await user.selectOptions(screen.getByLabelText('Type'), 'Regular');
    await user.type(screen.getByLabelText('From'), '2026-03-01');
    await user.type(screen.getByLabelText('To'), '2026-03-31');
    await user.type(screen.getByRole('searchbox'), '0551');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    const expected = {
      q: '0551',
      type: 'regular',
      status: 'pending',
      confirmation: 'no_answer',
      wilaya: 'Oran',
      from: '2026-03-01',
      to: '2026-03-31',
    };
    expect(screen.getByTestId('location')).toHaveTextContent(
      `/admin/orders?${new URLSearchParams(expected).toString()}`,
    );
    await waitFor(() => expect(searches(fetchMock).at(-1)).toEqual({ page: '1', limit: '20', ...expected }));

    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin\/orders$/);
  });

  test('lists the orders a courier contradicts, each marked for a check', async () => {
    const fetchMock = stubFetch((url) => {
      if (url.startsWith('/api/order/searchOrders')) {
        return {
          data: page([makeOrder({ id: 7, status: 'successful', courier_attention: 'Yalidine says "Retour"' })]),
        };
      }
      if (url === '/api/ShippingPrice/read') return { data: wilayas };
      return undefined;
    });
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('#7');
    expect(screen.getByTitle('Yalidine says "Retour"')).toHaveTextContent('Check this order');
    await user.selectOptions(screen.getByLabelText('Courier warnings'), 'Needs a check');
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/orders?attention=true');
    await waitFor(() => expect(searches(fetchMock).at(-1)).toEqual({ page: '1', limit: '20', attention: 'true' }));
  });

  test('opens the order named in the URL (the queue links there) and forgets it on close', async () => {
    stubFetch((url) => {
      if (url.startsWith('/api/order/searchOrders')) return { data: page([]) };
      if (url === '/api/order/getOrder/12') return { data: makeOrder() };
      return undefined;
    });
    const user = userEvent.setup();
    renderPage('/admin/orders?status=pending&order=12');
    const dialog = await screen.findByRole('dialog', { name: 'Order #12' });
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin\/orders\?status=pending$/);
  });

  test('on a phone: select all without the hidden table header, a larger page remembered, the actions beside the selection', async () => {
    localStorage.removeItem('admin.ordersPageSize');
    const fetchMock = stubFetch((url) =>
      url.startsWith('/api/order/searchOrders')
        ? { data: page([makeOrder({ id: 1, status: 'approved' }), makeOrder({ id: 2, status: 'approved' })]) }
        : undefined,
    );
    const user = userEvent.setup();
    renderPage('/admin/orders?status=approved');
    const table = await screen.findByRole('region', { name: 'Orders' });
    await within(table).findByText('#2');
    // The only "select all" is outside the table, whose header a phone does not show.
    expect(within(table).queryAllByRole('checkbox', { name: /all/i })).toEqual([]);
    await user.click(screen.getByRole('checkbox', { name: 'Select all 2 on this page' }));
    expect(screen.getByRole('checkbox', { name: 'Select order #1' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Select order #2' })).toBeChecked();
    const bar = screen.getByTestId('selection-bar');
    expect(bar).toHaveTextContent('2 orders selected');
    expect(within(bar).getByRole('button', { name: 'Send to courier' })).toBeInTheDocument();
    expect(within(bar).getByRole('link', { name: 'Print slips' })).toHaveAttribute('href', '/admin/slips?ids=1,2');
    await user.click(within(bar).getByRole('button', { name: 'Unselect all' }));
    expect(screen.queryByTestId('selection-bar')).not.toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Per page' }), '100');
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/orders?status=approved&limit=100');
    await waitFor(() => expect(searches(fetchMock).at(-1)).toMatchObject({ limit: '100', status: 'approved' }));
    expect(localStorage.getItem('admin.ordersPageSize')).toBe('100');
  });

  test('opens with the page size chosen last on this device', async () => {
    localStorage.setItem('admin.ordersPageSize', '50');
    const fetchMock = stubFetch((url) =>
      url.startsWith('/api/order/searchOrders') ? { data: page([makeOrder({ id: 1 })]) } : undefined,
    );
    renderPage();
    await screen.findByText('#1');
    expect(searches(fetchMock)[0]).toMatchObject({ limit: '50' });
    expect(screen.getByRole('combobox', { name: 'Per page' })).toHaveValue('50');
    localStorage.removeItem('admin.ordersPageSize');
  });

  test('separates returned parcels received back from those still coming back', async () => {
    const fetchMock = stubFetch((url) =>
      url.startsWith('/api/order/searchOrders')
        ? {
            data: page([
              makeOrder({ id: 4, status: 'returned', return_received_at: '2026-03-02T10:00:00.000Z' }),
              makeOrder({ id: 3, status: 'returned' }),
            ]),
          }
        : undefined,
    );
    const user = userEvent.setup();
    renderPage('/admin/orders');
    await screen.findByText('#4');
    expect(screen.queryByLabelText('Parcel')).not.toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Status'), 'returned');
    await user.selectOptions(screen.getByLabelText('Parcel'), 'Still coming back');
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/orders?status=returned&return_state=on_the_way');
    await waitFor(() =>
      expect(searches(fetchMock).at(-1)).toMatchObject({ status: 'returned', return_state: 'on_the_way' }),
    );
    const rowOf = (id: number) =>
      within(screen.getByRole('region', { name: 'Orders' }))
        .getByText(`#${id}`)
        .closest('tr')!;
    expect(rowOf(4)).toHaveTextContent('Received back');
    expect(rowOf(3)).toHaveTextContent('Still coming back');
    // Another status forgets the parcel's way back.
    await user.selectOptions(screen.getByLabelText('Status'), 'cancelled');
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin\/orders\?status=cancelled$/);
  });

  test('names the order a possible duplicate doubles, on both, as links', async () => {
    stubFetch((url) =>
      url.startsWith('/api/order/searchOrders')
        ? {
            data: page([
              makeOrder({ id: 9, possible_duplicate: true, duplicates: [8] }),
              makeOrder({ id: 8, duplicates: [9] }),
            ]),
          }
        : undefined,
    );
    renderPage();
    const table = await screen.findByRole('region', { name: 'Orders' });
    const rowOf = (id: number) =>
      within(table)
        .getByRole('checkbox', { name: `Select order #${id}` })
        .closest('tr')!;
    const second = (await within(table).findByRole('checkbox', { name: 'Select order #9' })).closest('tr')!;
    const first = rowOf(8);
    expect(second).toHaveTextContent('Possible duplicate of #8');
    expect(within(second).getByRole('link', { name: '#8' })).toHaveAttribute('href', '/admin/orders?order=8');
    expect(first).toHaveTextContent('Ordered again: #9');
    expect(within(first).getByRole('link', { name: '#9' })).toHaveAttribute('href', '/admin/orders?order=9');
  });

  test('Sync statuses now asks the courier once and says what changed, or why not', async () => {
    let running = false;
    const fetchMock = stubFetch((url, init) => {
      if (url.startsWith('/api/order/searchOrders')) return { data: page([makeOrder({ id: 1, status: 'shipping' })]) };
      if (url === '/api/courier/status') return { data: { courier: 'yalidine', configured: true } };
      if (url === '/api/courier/sync' && init?.method === 'POST') {
        return running
          ? {
              status: 409,
              message: 'A courier sync is already running (this or another server process): try again in a minute',
            }
          : { data: { checked: 12, updated: 3, moved: 2, recovered: 0, stopped: null } };
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Sync statuses now' }));
    expect(
      await screen.findByText('Yalidine: 12 parcels checked, 3 statuses changed, 2 orders moved.'),
    ).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/courier/sync')).toHaveLength(1);
    running = true;
    await user.click(screen.getByRole('button', { name: 'Sync statuses now' }));
    expect(await screen.findByText(/A courier sync is already running/)).toBeInTheDocument();
  });

  test('changes the selected orders after asking, and says which could not change and why', async () => {
    const fetchMock = stubFetch((url, init) => {
      if (url.startsWith('/api/order/searchOrders')) {
        return { data: page([makeOrder({ id: 1 }), makeOrder({ id: 2, status: 'shipping' }), makeOrder({ id: 3 })]) };
      }
      if (url === '/api/order/bulkStatus' && init?.method === 'PUT') {
        return {
          data: {
            results: [
              { id: 1, ok: false, message: 'Only an order being shipped can be marked returned' },
              { id: 2, ok: true, message: 'Order status updated' },
            ],
          },
        };
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('checkbox', { name: 'Select order #1' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select order #2' }));
    expect(screen.getByText('2 orders selected')).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'New status' }), 'returned');
    await user.click(screen.getByRole('button', { name: 'Apply' }));

    let dialog = screen.getByRole('dialog', { name: 'Change the status' });
    expect(dialog).toHaveTextContent('Set 2 orders to returned?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(bodiesSent(fetchMock, '/api/order/bulkStatus', 'PUT')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Apply' }));
    dialog = screen.getByRole('dialog', { name: 'Change the status' });
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    const results = await screen.findByRole('alert');
    expect(results).toHaveTextContent('1 orders changed, 1 could not be:');
    expect(results).toHaveTextContent('#1: Only an order being shipped can be marked returned');
    expect(bodiesSent(fetchMock, '/api/order/bulkStatus', 'PUT')).toEqual([{ ids: [1, 2], status: 'returned' }]);
    // The one that failed stays selected, to try something else.
    expect(screen.getByRole('checkbox', { name: 'Select order #1' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Select order #2' })).not.toBeChecked();
    expect(screen.getByText('1 order selected')).toBeInTheDocument();
  });

  test("offers 'returned' only for an order being shipped or returned", async () => {
    stubFetch((url) =>
      url.startsWith('/api/order/searchOrders')
        ? { data: page([makeOrder({ id: 1, status: 'pending' }), makeOrder({ id: 2, status: 'shipping' })]) }
        : undefined,
    );
    renderPage();
    const pending = await screen.findByRole('combobox', { name: 'Status of order 1' });
    const shipping = screen.getByRole('combobox', { name: 'Status of order 2' });
    const options = (select: HTMLElement) =>
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent);
    expect(options(pending)).toEqual(['pending', 'approved', 'shipping', 'successful', 'cancelled']);
    expect(options(shipping)).toEqual(['pending', 'approved', 'shipping', 'successful', 'cancelled', 'returned']);
  });
});

describe('the orders list by role', () => {
  const sara = { id: 7, username: 'sara', role: 'agent' } as const;
  const karim = { id: 8, username: 'karim', role: 'packer' } as const;

  function server(order: Order) {
    return stubFetch((url) => {
      if (url.startsWith('/api/order/searchOrders')) return { data: page([order]) };
      if (url === `/api/order/getOrder/${order.id}`)
        return { data: { ...order, status_history: [], notes: [], events: [] } };
      if (url === '/api/ShippingPrice/all') return { data: wilayas };
      if (url === '/api/courier/status') return { data: { configured: true, courier: 'yalidine' } };
      return undefined;
    });
  }

  test('an agent sees the orders and corrects one, without statuses, exports, parcels or payments', async () => {
    server(makeOrder({ id: 21, status: 'approved', confirmation: 'confirmed' }));
    renderWithProviders(<OrdersPage />, { route: '/admin/orders?order=21', as: sara });
    const table = await screen.findByRole('region', { name: 'Orders' });
    const row = (await within(table).findByText('#21')).closest('tr')!;
    expect(within(row).queryByRole('combobox')).not.toBeInTheDocument();
    expect(row).toHaveTextContent('approved');
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Export CSV' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Yalidine file' })).not.toBeInTheDocument();
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByRole('button', { name: 'Edit order' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Send to courier' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('link', { name: 'Print slip' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Record payment' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('heading', { name: 'Notes' })).toBeInTheDocument();
  });

  test('a packer sends approved orders to the courier and prints slips, without the accountant’s file or statuses', async () => {
    server(makeOrder({ id: 22, status: 'approved', confirmation: 'confirmed' }));
    const user = userEvent.setup();
    renderWithProviders(<OrdersPage />, { route: '/admin/orders?status=approved', as: karim });
    await user.click(await screen.findByRole('checkbox', { name: 'Select order #22' }));
    const selection = screen.getByTestId('selection-bar');
    expect(within(selection).getByRole('button', { name: 'Send to courier' })).toBeEnabled();
    expect(within(selection).getByRole('link', { name: 'Print slips' })).toHaveAttribute('href', '/admin/slips?ids=22');
    expect(within(selection).queryByRole('combobox', { name: 'New status' })).not.toBeInTheDocument();
    const actions = screen.getByTestId('courier-actions');
    expect(within(actions).getByRole('button', { name: 'Yalidine file' })).toBeInTheDocument();
    expect(within(actions).queryByRole('button', { name: 'Export CSV' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Status of order 22' })).not.toBeInTheDocument();
    expect(screen.getByText('approved', { selector: 'span' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Apply' })).not.toBeInTheDocument();
  });
});
