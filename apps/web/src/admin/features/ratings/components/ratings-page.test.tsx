import { afterEach, describe, expect, test, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bodiesSent, renderWithProviders, stubFetch } from '../../../lib/test-utils.tsx';
import { RatingsPage } from './ratings-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const review = (id: number, customer_name: string, approved: boolean) => ({
  id,
  customer_name,
  rating: 4,
  review: `Avis de ${customer_name}`,
  created_at: '2026-03-01T10:00:00.000Z',
  approved,
});

/** A server whose approve call publishes the review. */
function ratingsServer() {
  const product = [review(1, 'Amina', true), review(2, 'Karim', false)];
  const brand = [
    { ...review(5, 'Lina', false), customer_phone: '0551234567' },
    { ...review(6, 'Yacine', true), customer_phone: '0661002003' },
  ];
  return stubFetch((url, init) => {
    if (url.startsWith('/api/rating/getAllRatings/')) {
      return {
        data: {
          data: [
            {
              product_id: 4,
              product_name: 'Hoodie Zippé',
              summary: { average_rating: 4, total_ratings: 1 },
              recent_reviews: product,
            },
          ],
          total_pages: 1,
          total_ratings: product.length,
          published_ratings: product.filter((r) => r.approved).length,
          waiting_ratings: product.filter((r) => !r.approved).length,
        },
      };
    }
    if (url.startsWith('/api/BrandRating/getBrandRatings?')) {
      const params = new URL(url, 'http://shop.test').searchParams;
      const q = params.get('q')?.toLowerCase() ?? '';
      const rows = brand.filter(
        (r) =>
          r.approved === (params.get('state') === 'published') &&
          `${r.customer_name} ${r.customer_phone} ${r.review}`.toLowerCase().includes(q),
      );
      const published = brand.filter((r) => r.approved).length;
      return {
        data: {
          data: rows,
          pagination: { page: 1, limit: 20, total: rows.length, total_pages: 1, has_next_page: false },
          average_rating: 4,
          total: brand.length,
          published,
          waiting: brand.length - published,
        },
      };
    }
    if (init?.method === 'POST' && (url === '/api/rating/approve' || url === '/api/BrandRating/approve')) {
      const { id } = JSON.parse(init.body as string) as { id: number };
      for (const r of [...product, ...brand]) if (r.id === id) r.approved = true;
      return { data: null };
    }
    if (init?.method === 'POST' && url === '/api/rating/remove') {
      const { id } = JSON.parse(init.body as string) as { id: number };
      product.splice(
        product.findIndex((r) => r.id === id),
        1,
      );
      return { data: null };
    }
    return undefined;
  });
}

describe('ratings: reviews waiting for approval', () => {
  test('a product review waits apart; Approve publishes it', async () => {
    const fetchMock = ratingsServer();
    const user = userEvent.setup();
    renderWithProviders(<RatingsPage />);
    const waiting = await screen.findByTestId('waiting');
    expect(waiting).toHaveTextContent('Karim');
    expect(waiting).toHaveTextContent('Hoodie Zippé');
    expect(waiting).not.toHaveTextContent('Amina');
    const published = screen.getByRole('region', { name: 'Product ratings' });
    expect(published).toHaveTextContent('Amina');
    expect(published).not.toHaveTextContent('Karim');

    await user.click(within(waiting).getByRole('button', { name: 'Approve the review of Karim' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Review published');
    expect(await within(published).findByText('Karim')).toBeInTheDocument();
    expect(screen.getByText('No review is waiting.')).toBeInTheDocument();
    expect(bodiesSent(fetchMock, '/api/rating/approve', 'POST')).toEqual([{ id: 2 }]);
  });

  test('a waiting review can be deleted instead, asked and answered in the page, never by the browser', async () => {
    const fetchMock = ratingsServer();
    const confirm = vi.spyOn(window, 'confirm');
    const alert = vi.spyOn(window, 'alert');
    const user = userEvent.setup();
    renderWithProviders(<RatingsPage />);
    const waiting = await screen.findByTestId('waiting');
    await user.click(within(waiting).getByRole('button', { name: 'Delete the review of Karim' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete rating' });
    expect(dialog).toHaveTextContent('Delete this rating? This cannot be undone.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Product rating deleted successfully')).toBeInTheDocument();
    expect(await screen.findByText('No review is waiting.')).toBeInTheDocument();
    expect(confirm).not.toHaveBeenCalled();
    expect(alert).not.toHaveBeenCalled();
    expect(bodiesSent(fetchMock, '/api/rating/remove', 'POST')).toEqual([{ id: 2 }]);
    expect(bodiesSent(fetchMock, '/api/rating/approve', 'POST')).toEqual([]);
  });

  test('a brand review is approved through the brand call', async () => {
    const fetchMock = ratingsServer();
    const user = userEvent.setup();
    renderWithProviders(<RatingsPage />);
    await user.click(await screen.findByRole('tab', { name: 'Brand ratings' }));
    const waiting = await screen.findByTestId('waiting');
    expect(waiting).toHaveTextContent('Lina');
    expect(waiting).toHaveTextContent('0551234567');
    await user.click(within(waiting).getByRole('button', { name: 'Approve the review of Lina' }));
    const published = screen.getByRole('region', { name: 'Brand ratings' });
    expect(await within(published).findByText('Lina')).toBeInTheDocument();
    expect(bodiesSent(fetchMock, '/api/BrandRating/approve', 'POST')).toEqual([{ id: 5 }]);
    expect(bodiesSent(fetchMock, '/api/rating/approve', 'POST')).toEqual([]);
  });
});

describe('ratings: the counts', () => {
  test('each tab counts what it lists: the reviews waiting, and the published ones', async () => {
    ratingsServer();
    const user = userEvent.setup();
    renderWithProviders(<RatingsPage />);
    expect(await screen.findByRole('heading', { name: 'Waiting for approval (1)' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Published (1)' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Brand ratings' }));
    expect(await screen.findByRole('heading', { name: 'Published (1)' })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Brand ratings' })).getAllByRole('row')).toHaveLength(2);
  });
});

describe('ratings: the brand reviews from the server', () => {
  test('asks for a page of the published and the waiting ones, and searches on the server', async () => {
    const fetchMock = ratingsServer();
    const user = userEvent.setup();
    renderWithProviders(<RatingsPage />);
    await user.click(await screen.findByRole('tab', { name: 'Brand ratings' }));
    const published = await screen.findByRole('region', { name: 'Brand ratings' });
    expect(within(published).getByText('Yacine')).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Search by name, phone or review' }), 'lina');
    expect(await screen.findByText('0 published reviews matching "lina"')).toBeInTheDocument();
    expect(within(published).queryByText('Yacine')).not.toBeInTheDocument();
    const asked = fetchMock.mock.calls.map(([url]) => url as string).filter((url) => url.includes('BrandRating/get'));
    // Never the whole list.
    expect(asked.every((url) => url.includes('page=1'))).toBe(true);
    expect(asked).toContain('/api/BrandRating/getBrandRatings?page=1&limit=100&state=waiting');
    expect(asked.at(-1)).toBe('/api/BrandRating/getBrandRatings?page=1&limit=20&state=published&q=lina');
  });
});
