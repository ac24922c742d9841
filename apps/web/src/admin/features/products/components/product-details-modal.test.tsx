// A product's details and the products list show its colours and, per variant, its stock; a
// variant under 5 is marked low, as a size is (SPEC: the per-size rule).
import { afterEach, describe, expect, test, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '../../../lib/test-utils.tsx';
import type { Product } from '../../../lib/types.ts';
import { ProductDetailsModal } from './product-details-modal.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

function variant(colorId: number, color: string, size: string, sizeLabel: string, stock: number, extra: object = {}) {
  return {
    color_id: colorId,
    color,
    color_ar: null,
    slug: color.toLowerCase(),
    swatch: '#cc0000',
    size,
    size_label: sizeLabel,
    stock,
    sku: null,
    price_diff: 0,
    final_price: 3000,
    ...extra,
  };
}

const product: Product = {
  id: 7,
  name: 'Robe été',
  description: 'Lin',
  name_ar: null,
  description_ar: null,
  price: 3000,
  final_price: 3000,
  discounted_price: 3000,
  discount_percentage: 0,
  average_rating: 0,
  total_ratings: 0,
  stock: 20,
  has_sizes: true,
  type_id: 3,
  type_name: 'Robes',
  type_name_ar: null,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  size_s: 0,
  size_m: 0,
  size_l: 0,
  size_xl: 0,
  size_xxl: 0,
  sizes: [],
  images: [],
  size_scale: 'numbers',
  size_list: ['38', '40'],
  colors: [
    { id: 41, name: 'Rouge', name_ar: null, slug: 'rouge', swatch: '#cc0000', image_ids: [] },
    { id: 42, name: 'Bleu', name_ar: null, slug: 'bleu', swatch: '#1d4ed8', image_ids: [] },
  ],
  variants: [
    variant(41, 'Rouge', '38', '38', 2),
    variant(41, 'Rouge', '40', '40', 9, { sku: 'RB-R-40', price_diff: 200, final_price: 3200 }),
    variant(42, 'Bleu', '38', '38', 5),
    variant(42, 'Bleu', '40', '40', 4),
  ],
};

describe("a product's details", () => {
  test('show its colours and the stock of each colour × size, the ones under 5 marked low', () => {
    renderWithProviders(<ProductDetailsModal product={product} onClose={() => undefined} />);
    expect(screen.getByRole('img', { name: 'Colours: Rouge, Bleu' })).toBeInTheDocument();
    const red = screen.getByRole('region', { name: 'Rouge' });
    const blue = screen.getByRole('region', { name: 'Bleu' });
    const tiles = (section: HTMLElement) =>
      within(section)
        .getAllByRole('listitem')
        .map((li) => li.getAttribute('aria-label'));
    expect(tiles(red)).toEqual(['Rouge / 38: 2 left, low stock', 'Rouge / 40: 9 left']);
    expect(tiles(blue)).toEqual(['Bleu / 38: 5 left', 'Bleu / 40: 4 left, low stock']);
    // The variant's own price and SKU when it has them.
    expect(within(red).getByLabelText('Rouge / 40: 9 left')).toHaveTextContent('RB-R-40');
    expect(within(red).getByLabelText('Rouge / 38: 2 left, low stock')).toHaveAttribute('data-low-stock', 'true');
  });

  test('a product without colours on the letter scale keeps its five sizes', () => {
    const plain: Product = { ...product, size_scale: 'letters', colors: [], variants: [], size_m: 3, size_l: 8 };
    renderWithProviders(<ProductDetailsModal product={plain} onClose={() => undefined} />);
    expect(screen.queryByRole('img', { name: /Colours/ })).not.toBeInTheDocument();
    expect(screen.getByText('Stock per size')).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(5);
  });
});
