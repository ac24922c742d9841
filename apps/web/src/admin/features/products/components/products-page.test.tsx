import { afterEach, describe, expect, test, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders, stubFetch } from '../../../lib/test-utils.tsx';
import { ProductsPage } from './products-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const types = [{ id: 3, name: 'T-shirts', description: 'Tees', for_custom: false }];
const product = {
  id: 12,
  name: 'Linen shirt',
  description: '',
  price: 2000,
  final_price: 2000,
  discount_percentage: 0,
  stock: 20,
  type_id: 3,
  type_name: 'T-shirts',
  images: [],
};

describe('products page', () => {
  test('a failed load shows one error with Retry and no empty list; Retry loads the products', async () => {
    let down = true;
    const fetchMock = stubFetch((url) => {
      if (url === '/api/ProductType/getAll') return { data: types };
      if (url === '/api/product/getAll')
        return down ? { status: 500, message: 'Internal server error' } : { data: [product] };
      return undefined;
    });
    renderWithProviders(<ProductsPage />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to initialize page');
    expect(alert).toHaveTextContent('Failed to fetch products');
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.queryByText('No products.')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Products' })).toBeInTheDocument();

    down = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Linen shirt')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    // Only what failed is asked again.
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/ProductType/getAll')).toHaveLength(1);
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/product/getAll')).toHaveLength(2);
  });
});
