import { afterEach, describe, expect, test, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders, stubFetch } from '../../../lib/test-utils.tsx';
import { ShippingPage } from './shipping-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const prices = [
  { id: 16, wilaya_code: 16, wilaya_name: 'Alger', price: 400 },
  { id: 31, wilaya_code: 31, wilaya_name: 'Oran', price: 600 },
];

async function addWilaya(name: string, price: string) {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: '+ Add wilaya' }));
  const dialog = screen.getByRole('dialog', { name: 'Add shipping price' });
  await user.type(within(dialog).getByLabelText('Wilaya'), name);
  await user.type(within(dialog).getByLabelText('Price (Da)'), price);
  await user.click(within(dialog).getByRole('button', { name: 'Save' }));
  return dialog;
}

describe('shipping prices: a refused save', () => {
  test("shows the server's message (a wilaya that already has a price) and keeps what was typed", async () => {
    stubFetch((url) => {
      if (url === '/api/ShippingPrice/read') return { data: prices };
      if (url === '/api/ShippingPrice/create') {
        return { status: 409, message: 'A shipping price for this wilaya already exists' };
      }
      return undefined;
    });
    renderWithProviders(<ShippingPage />);
    const dialog = await addWilaya('alger', '450');
    expect(await within(dialog).findByText('A shipping price for this wilaya already exists')).toBeInTheDocument();
    expect(within(dialog).queryByText('Failed to save shipping price')).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText('Wilaya')).toHaveValue('alger');
  });

  test('says "Failed to save shipping price" when the server gave no message', async () => {
    const fetchMock = stubFetch((url) => (url === '/api/ShippingPrice/read' ? { data: prices } : undefined));
    renderWithProviders(<ShippingPage />);
    await screen.findByText('Oran');
    fetchMock.mockImplementation(() => Promise.reject(new TypeError('Failed to fetch')));
    const dialog = await addWilaya('Tlemcen', '700');
    expect(await within(dialog).findByText('Failed to save shipping price')).toBeInTheDocument();
  });

  test("a refused delete shows the server's message", async () => {
    stubFetch((url) => {
      if (url === '/api/ShippingPrice/read') return { data: prices };
      if (url === '/api/ShippingPrice/delete') return { status: 409, message: 'Orders still use this wilaya' };
      return undefined;
    });
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderWithProviders(<ShippingPage />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Delete Oran' }));
    expect(await screen.findByText('Orders still use this wilaya')).toBeInTheDocument();
  });
});
