import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { fail, mockFetch, ok, renderPage } from '../../../test-utils.tsx';
import { HomePage } from './home-page.tsx';

const product = {
  id: 3,
  name: 'Hoodie Brodé',
  price: 4900,
  final_price: 2940,
  discounted_price: 2940,
  discount_percentage: 40,
  average_rating: 3.5,
  images: [{ id: 1, image_url: '/uploads/h.webp', is_primary: 1 }],
};

describe('home page', () => {
  it('shows the hero, the product rows and the reviews with a French long date', async () => {
    mockFetch((url) => {
      if (url.pathname === '/api/product/getLatest') return ok([product]);
      if (url.pathname === '/api/product/getTopPromotions') return ok([]);
      if (url.pathname === '/api/BrandRating/getRecentRatings') {
        expect(url.searchParams.get('limit')).toBe('5');
        return ok([
          {
            id: 1,
            customer_name: 'Amina',
            rating: 5,
            review: 'Super',
            created_at: '2026-03-12T10:00:00Z',
            verified: true,
          },
        ]);
      }
      return undefined;
    });
    renderPage(<HomePage />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/style/i);
    expect(screen.getByRole('link', { name: 'Acheter maintenant' })).toHaveAttribute('href', '/Shop');
    expect(screen.getByText('2 000+')).toBeInTheDocument();
    expect(screen.getByText('30 000+')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /Hoodie Brodé/ })).toHaveAttribute('href', '/product/3');
    expect(screen.getByText('-40%')).toBeInTheDocument();
    expect(screen.getByText('Aucun produit disponible')).toBeInTheDocument();
    expect(await screen.findByText('12 mars 2026')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Client vérifié' })).toBeInTheDocument();
  });

  it('falls back silently to the empty states when the calls fail', async () => {
    mockFetch(() => fail(500, 'down'));
    renderPage(<HomePage />);
    expect(await screen.findByText('Aucun avis disponible')).toBeInTheDocument();
    expect(await screen.findAllByText('Aucun produit disponible')).toHaveLength(2);
  });
});
