import { afterEach, describe, expect, test, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastContainer } from 'react-toastify';
import { makeOrder, renderWithProviders, stubFetch } from '../../../lib/test-utils.tsx';
import type { Order } from '../../../lib/types.ts';
import { StatusSelect } from './status-select.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function statusPuts(fetchMock: ReturnType<typeof stubFetch>) {
  return fetchMock.mock.calls
    .filter(([url, init]) => url === '/api/order/updateOrderStatus/5' && init?.method === 'PUT')
    .map(([, init]) => JSON.parse(init!.body as string) as unknown);
}

function renderSelect(overrides: Partial<Order> = {}) {
  renderWithProviders(
    <>
      <StatusSelect order={makeOrder({ id: 5, status: 'pending', ...overrides })} />
      <ToastContainer />
    </>,
  );
  return screen.getByRole('combobox', { name: 'Status of order 5' });
}

describe('order status selector', () => {
  test('saves a status at once and says it is saved', async () => {
    const fetchMock = stubFetch(() => ({ data: null }));
    const user = userEvent.setup();
    await user.selectOptions(renderSelect(), 'approved');
    expect(await screen.findByText('Order #5 marked approved')).toBeInTheDocument();
    expect(statusPuts(fetchMock)).toEqual([{ status: 'approved' }]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  test('asks before cancelling: "Keep it" sends nothing, "Cancel the order" saves and says so', async () => {
    const fetchMock = stubFetch(() => ({ data: null }));
    const user = userEvent.setup();
    const select = renderSelect();
    await user.selectOptions(select, 'cancelled');
    let dialog = screen.getByRole('dialog', { name: 'Cancel order #5?' });
    expect(dialog).toHaveTextContent('Its stock goes back on sale and its coupon use is returned.');
    // The safe answer has the focus.
    expect(within(dialog).getByRole('button', { name: 'Keep it' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(statusPuts(fetchMock)).toEqual([]);
    expect(select).toHaveValue('pending');

    await user.selectOptions(select, 'cancelled');
    dialog = screen.getByRole('dialog', { name: 'Cancel order #5?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel the order' }));
    expect(await screen.findByText('Order #5 marked cancelled')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(statusPuts(fetchMock)).toEqual([{ status: 'cancelled' }]);
  });

  test('offers only the moves the transition table allows', () => {
    const offered = (select: HTMLElement) =>
      within(select)
        .getAllByRole('option')
        .map((o) => o.getAttribute('value'));
    expect(offered(renderSelect())).toEqual(['pending', 'approved', 'shipping', 'successful', 'cancelled']);
  });

  test('a returned parcel can only go back to shipping, and nowhere once received', () => {
    const offered = (select: HTMLElement) =>
      within(select)
        .getAllByRole('option')
        .map((o) => o.getAttribute('value'));
    expect(offered(renderSelect({ status: 'returned' }))).toEqual(['shipping', 'returned']);
  });

  test('a received return offers nothing else', () => {
    const select = renderSelect({ status: 'returned', return_received_at: '2026-03-05T10:00:00.000Z' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.getAttribute('value')),
    ).toEqual(['returned']);
  });

  test("a refused change shows the server's reason", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubFetch(() => ({ status: 409, message: 'Not enough stock left to take this order back' }));
    await userEvent.setup().selectOptions(renderSelect(), 'shipping');
    expect(await screen.findByText('Not enough stock left to take this order back')).toBeInTheDocument();
    expect(screen.queryByText(/marked shipping/)).not.toBeInTheDocument();
  });
});
