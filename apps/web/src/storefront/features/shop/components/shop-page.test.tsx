import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, ok, fail, renderPage } from '../../../test-utils.tsx';
import { ShopPage } from './shop-page.tsx';

const types = [
  { id: 1, name: 'T-shirts' },
  { id: 2, name: 'Hoodies' },
];

function product(id: number) {
  return {
    id,
    name: `Produit ${id}`,
    price: 1000,
    final_price: 1000,
    discount_percentage: 0,
    average_rating: 4,
    images: [],
  };
}

function setup(at: string, totalPages = 3) {
  const calls: URL[] = [];
  mockFetch((url) => {
    if (url.pathname === '/api/ProductType/getAll') return ok(types);
    if (url.pathname === '/api/product/getAll') {
      calls.push(url);
      return ok({
        data: [product(1), product(2)],
        pagination: { page: 1, limit: 16, total: 2, total_pages: totalPages, has_next_page: false },
      });
    }
    return undefined;
  });
  const { queryClient } = renderPage(<ShopPage />, { path: '/Shop', at });
  return Object.assign(calls, { queryClient });
}

const location = () => screen.getByTestId('location').textContent;

describe('shop page', () => {
  it('asks the server for the filtered page and shows "Tous" without a type', async () => {
    const calls = setup('/Shop?page=2&min=500&max=3000');
    expect(await screen.findByRole('heading', { name: 'Tous' })).toBeInTheDocument();
    await screen.findByText('Produit 1');
    const last = calls.at(-1)!;
    expect(Object.fromEntries(last.searchParams)).toEqual({ page: '2', limit: '16', min: '500', max: '3000' });
  });

  it('filters nothing by price until the slider is moved, and its top end ("5 000+") means no upper bound', async () => {
    const user = userEvent.setup();
    const calls = setup('/Shop?type=1');
    await screen.findByText('Produit 1');
    // A 7 500 Da coat is not hidden by a filter the customer never set.
    expect(Object.fromEntries(calls.at(-1)!.searchParams)).toEqual({ page: '1', limit: '16', type: '1' });
    expect(screen.getByTestId('price-max')).toHaveTextContent(/5.000,00 Da et plus/);
    // Raising the bottom only: a lower bound, still no upper one.
    fireEvent.change(screen.getByRole('slider', { name: 'Prix minimum' }), { target: { value: '1000' } });
    await user.click(screen.getByRole('button', { name: 'Appliquer' }));
    expect(location()).toBe('/Shop?type=1&min=1000&max=5000');
    await waitFor(() =>
      expect(Object.fromEntries(calls.at(-1)!.searchParams)).toEqual({
        page: '1',
        limit: '16',
        type: '1',
        min: '1000',
      }),
    );
  });

  it('draws the first page the server wrote into the unfiltered shop, without asking the API', async () => {
    const block = document.createElement('script');
    block.type = 'application/json';
    block.id = 'page-data';
    block.textContent = JSON.stringify({
      '/product/getAll?page=1&limit=16': {
        data: [product(5)],
        pagination: { page: 1, limit: 16, total: 1, total_pages: 1, has_next_page: false },
      },
      '/ProductType/getAll': types,
    });
    document.body.append(block);
    const calls = setup('/Shop');
    // In the first render: the card and the type filters, no loading state in between.
    expect(screen.getByText('Produit 5')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'T-shirts' })).toBeInTheDocument();
    // The mount's effects have run: a query that fetched would be in flight or recorded by now.
    await act(async () => {});
    expect(calls.queryClient.isFetching()).toBe(0);
    expect(calls).toHaveLength(0);
  });

  it('selects one type at a time, resets to page 1 (omitted from the URL) and deselects', async () => {
    const user = userEvent.setup();
    setup('/Shop?page=3');
    const tshirts = await screen.findByRole('checkbox', { name: 'T-shirts' });
    await user.click(tshirts);
    expect(location()).toBe('/Shop?type=1');
    expect(await screen.findByRole('heading', { name: 'T-shirts', level: 1 })).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Hoodies' }));
    expect(location()).toBe('/Shop?type=2');
    expect(screen.getByRole('checkbox', { name: 'T-shirts' })).not.toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'Hoodies' }));
    expect(location()).toBe('/Shop');
  });

  it('applies the price with a minimum gap of 500 and goes back to page 1', async () => {
    const user = userEvent.setup();
    setup('/Shop?page=2&type=1');
    await screen.findByText('Produit 1');
    fireEvent.change(screen.getByRole('slider', { name: 'Prix maximum' }), { target: { value: '200' } });
    await user.click(screen.getByRole('button', { name: 'Appliquer' }));
    expect(location()).toBe('/Shop?type=1&min=0&max=500');
  });

  it('pages with «, numbers and », page 1 left out of the URL', async () => {
    const user = userEvent.setup();
    setup('/Shop?page=2');
    await user.click(await screen.findByRole('button', { name: 'Page suivante' }));
    expect(location()).toBe('/Shop?page=3');
    await user.click(screen.getByRole('button', { name: 'Page 1' }));
    expect(location()).toBe('/Shop');
    expect(screen.getByRole('button', { name: 'Page précédente' })).toBeDisabled();
  });

  it('shows no paging for one page, "Type inconnu" for an unknown type, and the empty text', async () => {
    mockFetch((url) => {
      if (url.pathname === '/api/ProductType/getAll') return ok(types);
      return ok({ data: [], pagination: { page: 1, limit: 16, total: 0, total_pages: 1, has_next_page: false } });
    });
    renderPage(<ShopPage />, { path: '/Shop', at: '/Shop?type=99' });
    expect(await screen.findByRole('heading', { name: 'Type inconnu' })).toBeInTheDocument();
    expect(await screen.findByText('Désolé, rien ici...')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
  });

  it('reports failures to load types and products in French, and retries on demand', async () => {
    let down = true;
    mockFetch((url) => {
      if (down) return fail(500, 'boom');
      if (url.pathname === '/api/ProductType/getAll') return ok(types);
      return ok({
        data: [product(1)],
        pagination: { page: 1, limit: 16, total: 1, total_pages: 1, has_next_page: false },
      });
    });
    renderPage(<ShopPage />, { path: '/Shop', at: '/Shop' });
    expect(await screen.findByText('Impossible de charger les types de produits')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('Impossible de charger les produits')).toBeInTheDocument());
    down = false;
    const retries = screen.getAllByRole('button', { name: 'Réessayer' });
    expect(retries).toHaveLength(2);
    for (const retry of retries) fireEvent.click(retry);
    expect(await screen.findByRole('heading', { name: 'Produit 1', level: 2 })).toBeInTheDocument();
    expect(await screen.findByRole('checkbox', { name: 'T-shirts' })).toBeInTheDocument();
  });
});

describe('a search that finds nothing', () => {
  it('says so and offers the closest names, each leading to its product', async () => {
    const asked: URL[] = [];
    mockFetch((url) => {
      if (url.pathname === '/api/ProductType/getAll') return ok(types);
      if (url.pathname === '/api/product/getAll') {
        return ok({ data: [], pagination: { page: 1, limit: 16, total: 0, total_pages: 0, has_next_page: false } });
      }
      if (url.pathname === '/api/product/suggest') {
        asked.push(url);
        return ok([
          { id: 7, name: 'T-shirt Essentiel Blanc', name_ar: null },
          { id: 9, name: 'T-shirt Oversize Noir', name_ar: null },
        ]);
      }
      return undefined;
    });
    renderPage(<ShopPage />, { path: '/Shop/:search', at: '/Shop/tshrt' });
    expect(await screen.findByText('Désolé, rien ici...')).toBeInTheDocument();
    const offered = await screen.findByTestId('search-suggestions');
    expect(offered).toHaveTextContent('Essayez : T-shirt Essentiel Blanc, T-shirt Oversize Noir');
    expect(screen.getByRole('link', { name: 'T-shirt Oversize Noir' })).toHaveAttribute('href', '/product/9');
    expect(asked.map((u) => u.searchParams.get('q'))).toEqual(['tshrt']);
  });

  it('asks for no suggestion when the shop is merely empty (no search)', async () => {
    const asked: string[] = [];
    mockFetch((url) => {
      asked.push(url.pathname);
      if (url.pathname === '/api/ProductType/getAll') return ok(types);
      if (url.pathname === '/api/product/getAll') {
        return ok({ data: [], pagination: { page: 1, limit: 16, total: 0, total_pages: 0, has_next_page: false } });
      }
      return undefined;
    });
    renderPage(<ShopPage />, { path: '/Shop', at: '/Shop?type=2' });
    expect(await screen.findByText('Désolé, rien ici...')).toBeInTheDocument();
    await act(async () => {});
    expect(asked).not.toContain('/api/product/suggest');
  });
});

describe('on a phone', () => {
  it('closes the filters after "Appliquer" and brings the results into view', async () => {
    const user = userEvent.setup();
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: false, media: query }) as MediaQueryList);
    const scrolled: Element[] = [];
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
    try {
      setup('/Shop');
      await screen.findByText('Produit 1');
      const toggle = screen.getByRole('button', { name: 'Filtres' });
      // Closed at first on a phone; the customer opens it and sets a price.
      expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await user.click(toggle);
      fireEvent.change(screen.getByRole('slider', { name: 'Prix maximum' }), { target: { value: '2000' } });
      await user.click(screen.getByRole('button', { name: 'Appliquer' }));
      expect(location()).toBe('/Shop?min=0&max=2000');
      expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await waitFor(() => expect(scrolled).toContain(screen.getByRole('heading', { level: 1 })));
    } finally {
      vi.unstubAllGlobals();
      delete (Element.prototype as Partial<Element>).scrollIntoView;
    }
  });
});
