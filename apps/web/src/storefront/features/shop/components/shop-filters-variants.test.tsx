// The shop's colour and size filters (issue 30): from GET /product/facets with their counts, kept
// in the address as `couleur=` and `taille=` like the type and price, sent to the list as
// `color` and `size`, cleared with the other filters; the cards' colour dots.
import { afterEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { activateLanguage } from '../../../i18n/i18n.ts';
import { mockFetch, ok, renderPage } from '../../../test-utils.tsx';
import { ShopPage } from './shop-page.tsx';

const colors = [
  { id: 1, name: 'Rouge', name_ar: 'أحمر', slug: 'rouge', swatch: '#cc0000', image_ids: [] },
  { id: 2, name: 'Bleu', name_ar: null, slug: 'bleu', swatch: '#0033cc', image_ids: [] },
];

function product(id: number, productColors: unknown[] = []) {
  return {
    id,
    name: `Produit ${id}`,
    price: 1000,
    final_price: 1000,
    discount_percentage: 0,
    average_rating: 0,
    images: [],
    colors: productColors,
  };
}

const facets = {
  colors: [
    { slug: 'rouge', name: 'Rouge', name_ar: 'أحمر', swatch: '#cc0000', count: 4 },
    { slug: 'bleu', name: 'Bleu', name_ar: null, swatch: '#0033cc', count: 2 },
  ],
  sizes: [
    { size: 'M', label: 'M', label_ar: null, count: 5 },
    { size: '38', label: '38', label_ar: '38', count: 1 },
    { size: '2a', label: '2 ans', label_ar: '2 سنوات', count: 3 },
  ],
};

function setup(at: string, list?: unknown[]) {
  const lists: URL[] = [];
  const facetCalls: URL[] = [];
  mockFetch((url) => {
    if (url.pathname === '/api/ProductType/getAll') return ok([{ id: 1, name: 'Robes' }]);
    if (url.pathname === '/api/product/facets') {
      facetCalls.push(url);
      return ok(facets);
    }
    if (url.pathname === '/api/product/getAll') {
      lists.push(url);
      const many = [1, 2, 3, 4, 5, 6, 7].map((id) => ({ ...colors[0]!, id, name: `C${id}`, slug: `c${id}` }));
      return ok({
        data: list ?? [product(1, colors), product(2), product(3, many)],
        pagination: { page: 1, limit: 16, total: 3, total_pages: 1, has_next_page: false },
      });
    }
    return undefined;
  });
  renderPage(<ShopPage />, { path: '/Shop', at });
  return { lists, facetCalls };
}

const location = () => screen.getByTestId('location').textContent;
const params = (url: URL | undefined) => Object.fromEntries(url?.searchParams ?? []);

afterEach(async () => {
  await act(() => activateLanguage('fr'));
});

describe('shop colour and size filters', () => {
  it('offers the colours and sizes with their counts, filters by them in the address, and clears them', async () => {
    const user = userEvent.setup();
    const { lists, facetCalls } = setup('/Shop?type=1');
    const colorGroup = await screen.findByRole('group', { name: 'Couleur' });
    expect(
      within(colorGroup)
        .getAllByRole('button')
        .map((b) => b.querySelector('.sr-only')?.textContent),
    ).toEqual(['Rouge (4)', 'Bleu (2)']);
    const sizeGroup = screen.getByRole('group', { name: 'Taille' });
    expect(
      within(sizeGroup)
        .getAllByRole('button')
        .map((b) => b.querySelector('.sr-only')?.textContent),
    ).toEqual(['Medium (5)', '38 (1)', '2 ans (3)']);
    expect(params(facetCalls.at(-1))).toEqual({ type: '1' });

    await user.click(within(colorGroup).getByRole('button', { name: 'Rouge (4)' }));
    expect(location()).toBe('/Shop?type=1&couleur=rouge');
    await waitFor(() => expect(params(lists.at(-1))).toEqual({ page: '1', limit: '16', type: '1', color: 'rouge' }));
    expect(within(colorGroup).getByRole('button', { name: 'Rouge (4)' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(within(sizeGroup).getByRole('button', { name: '2 ans (3)' }));
    expect(location()).toBe('/Shop?type=1&couleur=rouge&taille=2a');
    await waitFor(() =>
      expect(params(lists.at(-1))).toEqual({ page: '1', limit: '16', type: '1', color: 'rouge', size: '2a' }),
    );
    expect(params(facetCalls.at(-1))).toEqual({ type: '1', color: 'rouge', size: '2a' });

    // Tapped again: the size filter is off.
    await user.click(within(sizeGroup).getByRole('button', { name: '2 ans (3)' }));
    expect(location()).toBe('/Shop?type=1&couleur=rouge');

    await user.click(screen.getByRole('button', { name: 'Effacer les filtres' }));
    expect(location()).toBe('/Shop');
    expect(screen.queryByRole('button', { name: 'Effacer les filtres' })).not.toBeInTheDocument();
  });

  it('opens filtered from the address, back on page 1 when a filter changes', async () => {
    const user = userEvent.setup();
    const { lists } = setup('/Shop?page=2&couleur=bleu&taille=M');
    await waitFor(() => expect(params(lists.at(-1))).toEqual({ page: '2', limit: '16', color: 'bleu', size: 'M' }));
    expect(await screen.findByRole('button', { name: 'Bleu (2)' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Medium (5)' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Rouge (4)' }));
    expect(location()).toBe('/Shop?couleur=rouge&taille=M');
  });

  it('shows a card’s colours as dots, five at most then "+N"', async () => {
    setup('/Shop');
    const first = await screen.findByRole('link', { name: /Produit 1/ });
    expect(within(first).getByTestId('card-colors')).toHaveTextContent('2 couleurs : Rouge, Bleu');
    expect(within(screen.getByRole('link', { name: /Produit 2/ })).queryByTestId('card-colors')).toBeNull();
    const third = within(screen.getByRole('link', { name: /Produit 3/ })).getByTestId('card-colors');
    expect(third.querySelectorAll('span[style]')).toHaveLength(5);
    expect(third).toHaveTextContent('+2');
  });

  it('shows the filtered colour’s photo on a card, and opens its page on that colour', async () => {
    const dress = {
      ...product(1, [colors[1], { ...colors[0], image_ids: [6] }]),
      images: [
        { id: 5, image_url: '/uploads/all.webp', is_primary: 1 },
        { id: 6, image_url: '/uploads/red.webp', is_primary: 0 },
      ],
    };
    setup('/Shop?couleur=rouge', [dress]);
    const card = await screen.findByRole('link', { name: /Produit 1/ });
    expect(card).toHaveAttribute('href', '/product/1?couleur=rouge');
    expect(within(card).getByRole('img')).toHaveAttribute('src', '/public/uploads/w/250/red.webp');
  });

  it('shows the main photo and a plain link without a colour filter', async () => {
    setup('/Shop', [
      {
        ...product(1, [{ ...colors[0], image_ids: [6] }]),
        images: [{ id: 5, image_url: '/uploads/all.webp', is_primary: 1 }],
      },
    ]);
    const card = await screen.findByRole('link', { name: /Produit 1/ });
    expect(card).toHaveAttribute('href', '/product/1');
    expect(within(card).getByRole('img')).toHaveAttribute('src', '/public/uploads/w/250/all.webp');
  });

  it('names the colours and sizes in Arabic on /ar', async () => {
    await act(() => activateLanguage('ar'));
    setup('/Shop');
    const colorGroup = await screen.findByRole('group', { name: 'اللون' });
    expect(
      within(colorGroup)
        .getAllByRole('button')
        .map((b) => b.querySelector('.sr-only')?.textContent),
    ).toEqual(['أحمر (4)', 'Bleu (2)']);
    const sizeGroup = screen.getByRole('group', { name: 'المقاس' });
    expect(
      within(sizeGroup)
        .getAllByRole('button')
        .map((b) => b.querySelector('.sr-only')?.textContent),
    ).toEqual(['متوسط (M) (5)', '38 (1)', '2 سنوات (3)']);
    expect(within(screen.getByRole('link', { name: /Produit 1/ })).getByTestId('card-colors')).toHaveTextContent(
      'أحمر، Bleu',
    );
  });
});
