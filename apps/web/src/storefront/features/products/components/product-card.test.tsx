import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderPage } from '../../../test-utils.tsx';
import { ProductCard, type CardProduct } from './product-card.tsx';

const base: CardProduct = {
  id: 3,
  name: 'Robe kabyle',
  images: [],
  average_rating: 0,
  discount_percentage: 0,
  price: 5200,
  final_price: 5200,
};

function card(product: Partial<CardProduct>) {
  renderPage(<ProductCard product={{ ...base, ...product }} eager />);
  return screen.getByRole('link', { name: /Robe kabyle/ });
}

describe('product card rating', () => {
  it.each([0, '0.00', null])('says there is no review yet for a rating of %s, never "0,0/5"', (rating) => {
    const link = card({ average_rating: rating as number });
    expect(link).toHaveTextContent('Pas encore d’avis');
    expect(link).not.toHaveTextContent('/5');
    expect(screen.queryByRole('img', { name: /étoile|sur 5/i })).not.toBeInTheDocument();
  });

  it('shows the stars and one decimal out of 5 once rated', () => {
    const link = card({ average_rating: 4.5 });
    expect(link).toHaveTextContent('4,5/5');
    expect(screen.getByRole('img', { name: '4,5 sur 5' })).toBeInTheDocument();
    expect(link).not.toHaveTextContent('Pas encore d’avis');
  });
});
