import { afterEach, describe, expect, test, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LocationProbe, renderWithProviders, stubFetch } from '../../../lib/test-utils.tsx';
import { ProductsPage } from './products-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const types = [
  { id: 3, name: 'T-shirts', description: 'Tees', name_ar: null, description_ar: null, for_custom: false },
];
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

/** The server's answer for one page of the list. */
function page<T>(rows: T[], number = 1, total = rows.length, limit = 50) {
  const totalPages = Math.max(1, Math.ceil(total / limit));
  return {
    data: rows,
    pagination: { page: number, limit, total, total_pages: totalPages, has_next_page: number < totalPages },
  };
}

describe('products page', () => {
  test('a failed load shows one error with Retry and no empty list; Retry loads the products', async () => {
    let down = true;
    const fetchMock = stubFetch((url) => {
      if (url === '/api/ProductType/getAll') return { data: types };
      if (url.startsWith('/api/product/getAll'))
        return down ? { status: 500, message: 'Internal server error' } : { data: page([product]) };
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
    expect(fetchMock.mock.calls.filter(([url]) => (url as string).startsWith('/api/product/getAll'))).toHaveLength(2);
  });

  test("?product= (the low-stock list) opens that product's form once, and leaves the address", async () => {
    const sized = { ...product, has_sizes: true, size_s: 1, size_m: 0, size_l: 4, size_xl: 0, size_xxl: 0, sizes: [] };
    const fetchMock = stubFetch((url) => {
      if (url.startsWith('/api/product/getAll')) return { data: page([sized]) };
      if (url === '/api/ProductType/getAll') return { data: types };
      if (url === '/api/product/get/12') return { data: sized };
      return undefined;
    });
    renderWithProviders(
      <>
        <ProductsPage />
        <LocationProbe />
      </>,
      { route: '/admin/products?product=12' },
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit product' });
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Linen shirt');
    // The address no longer asks for it (React Router navigates in a transition: not at once).
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin\/products$/));
    // Closed, it stays closed: the product is not asked for again once the effects have run.
    const asked = () => fetchMock.mock.calls.filter(([url]) => url === '/api/product/get/12').length;
    const before = asked();
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await act(async () => {});
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(asked()).toBe(before);
  });

  test('asks the server for one page at a time and searches on the server', async () => {
    const named = (id: number) => ({ ...product, id, name: `Shirt ${id}` });
    const fetchMock = stubFetch((url) => {
      if (url === '/api/ProductType/getAll') return { data: types };
      if (!url.startsWith('/api/product/getAll?')) return undefined;
      const params = new URL(url, 'http://shop.test').searchParams;
      const n = Number(params.get('page'));
      if (params.get('q') === 'lin') return { data: page([product], 1, 1) };
      return { data: page([named(n * 100 + 1), named(n * 100 + 2)], n, 120) };
    });
    renderWithProviders(<ProductsPage />);
    expect(await screen.findByText('Shirt 101')).toBeInTheDocument();
    const user = userEvent.setup();
    expect(screen.getByText('Page 1')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Shirt 201')).toBeInTheDocument();
    expect(screen.queryByText('Shirt 101')).not.toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Search by name' }), 'lin');
    expect(await screen.findByText('Linen shirt')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Found 1 products matching "lin"');
    // The list is never asked for whole, and the search starts from its first page.
    const asked = fetchMock.mock.calls
      .map(([url]) => url as string)
      .filter((url) => url.startsWith('/api/product/getAll'));
    expect(asked.every((url) => url.includes('page=') && url.includes('limit=50'))).toBe(true);
    expect(asked.at(-1)).toBe('/api/product/getAll?page=1&limit=50&q=lin');
  });
});

describe('products page: colours', () => {
  test('a product sold in colours shows them as dots beside its name; one without shows none', async () => {
    const dress = {
      ...product,
      id: 13,
      name: 'Robe été',
      colors: [
        { id: 41, name: 'Rouge', name_ar: null, slug: 'rouge', swatch: '#cc0000', image_ids: [] },
        { id: 42, name: 'Bleu', name_ar: null, slug: 'bleu', swatch: '#1d4ed8', image_ids: [] },
      ],
    };
    stubFetch((url) => {
      if (url === '/api/ProductType/getAll') return { data: types };
      if (url.startsWith('/api/product/getAll')) return { data: page([dress, { ...product, colors: [] }]) };
      return undefined;
    });
    renderWithProviders(<ProductsPage />);
    const dots = await screen.findByRole('img', { name: 'Colours: Rouge, Bleu' });
    expect(dots.querySelectorAll('span')).toHaveLength(2);
    expect(screen.getAllByRole('img', { name: /^Colours/ })).toHaveLength(1);
  });
});
