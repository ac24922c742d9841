import { afterEach, describe, expect, test, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders, stubFetch } from '../../../lib/test-utils.tsx';
import { CustomItemsPage } from './custom-items-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const hoodie = {
  id: 3,
  name: 'Hoodie',
  description: 'Brodé',
  name_ar: null,
  description_ar: null,
  base_price: 3500,
  available_sizes: ['M', 'L'],
  available_colors: ['Noir'],
  active: true,
};

describe('custom order items: asked and answered in the page', () => {
  test('a delete is asked in a dialog and its refusal said in the page, never by the browser', async () => {
    const alert = vi.spyOn(window, 'alert');
    const confirm = vi.spyOn(window, 'confirm');
    stubFetch((url) => {
      if (url === '/api/CustomOrderItem/getAll?all=true') return { data: [hoodie] };
      if (url === '/api/CustomOrderItem/delete/3')
        return { status: 409, message: 'Orders use this item: deactivate it' };
      if (url === '/api/CustomOrderItem/toggleActive/3') return { status: 500, message: '' };
      return undefined;
    });
    renderWithProviders(<CustomItemsPage />);
    const user = userEvent.setup();
    await screen.findByText('Hoodie');
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete custom order item' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Orders use this item: deactivate it')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('Failed to toggle active status')).toBeInTheDocument();
    expect(alert).not.toHaveBeenCalled();
    expect(confirm).not.toHaveBeenCalled();
  });
});
