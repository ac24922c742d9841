import { afterEach, describe, expect, test, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders, stubFetch } from '../../../lib/test-utils.tsx';
import { ProductTypesPage } from './product-types-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('product types: a delete asked in the page', () => {
  test('asks in a dialog, then says it was deleted; Cancel deletes nothing', async () => {
    const confirm = vi.spyOn(window, 'confirm');
    const types = [
      { id: 3, name: 'Robes', description: 'Robes d’été', name_ar: null, description_ar: null, for_custom: false },
    ];
    const fetchMock = stubFetch((url, init) => {
      if (url === '/api/ProductType/getAll') return { data: types };
      if (url === '/api/ProductType/delete/3' && init?.method === 'DELETE') return { data: null };
      return undefined;
    });
    renderWithProviders(<ProductTypesPage />);
    const user = userEvent.setup();
    await screen.findByText('Robes');
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    let dialog = screen.getByRole('dialog', { name: 'Delete product type' });
    expect(dialog).toHaveTextContent('Delete the product type "Robes"?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/ProductType/delete/3')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    dialog = screen.getByRole('dialog', { name: 'Delete product type' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Product type "Robes" deleted')).toBeInTheDocument();
    expect(confirm).not.toHaveBeenCalled();
  });
});
