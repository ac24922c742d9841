// The product page of a product in colours (issue 30, docs/decisions/036): swatches switch the
// photos and the sizes' stock, the address keeps the colour, the cart gets one line per variant.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, ok, renderPage } from '../../../test-utils.tsx';
import { clearCart, getCart } from '../../cart/cart-store.ts';
import { activateLanguage } from '../../../i18n/i18n.ts';
import { ProductPage } from './product-page.tsx';

const colors = [
  { id: 9, name: 'Noir', name_ar: 'أسود', slug: 'noir', swatch: '#111111', image_ids: [] },
  { id: 1, name: 'Rouge', name_ar: 'أحمر', slug: 'rouge', swatch: '#cc0000', image_ids: [11] },
  { id: 2, name: 'Bleu', name_ar: null, slug: 'bleu', swatch: '#0033cc', image_ids: [12] },
];

function variant(color: (typeof colors)[number], size: string, stock: number, priceDiff = 0) {
  return {
    color_id: color.id,
    color: color.name,
    color_ar: color.name_ar,
    slug: color.slug,
    swatch: color.swatch,
    size,
    size_label: size,
    stock,
    sku: null,
    price_diff: priceDiff,
    final_price: 3000 + priceDiff,
  };
}

const [black, red, blue] = colors as [(typeof colors)[0], (typeof colors)[0], (typeof colors)[0]];

const product = {
  id: 7,
  name: 'Robe été',
  description: 'Légère',
  price: 3000,
  final_price: 3000,
  discount_percentage: 0,
  average_rating: 0,
  total_ratings: 0,
  stock: 11,
  has_sizes: true,
  type_id: 2,
  size_scale: 'letters',
  size_list: ['S', 'M', 'L', 'XL', 'XXL'],
  // The spec's sizes: the first colour's.
  sizes: ['S', 'M', 'L', 'XL', 'XXL'].map((name) => ({ name, stock: 0 })),
  colors,
  variants: [
    ...['M', 'L'].map((size) => variant(black, size, 0)),
    variant(red, 'M', 3),
    variant(red, 'L', 0),
    variant(blue, 'M', 6, 200),
    variant(blue, 'L', 2),
  ],
  images: [
    { id: 10, image_url: '/uploads/all.webp', is_primary: 1, color_id: null },
    { id: 11, image_url: '/uploads/red.webp', is_primary: 0, color_id: 1 },
    { id: 12, image_url: '/uploads/blue.webp', is_primary: 0, color_id: 2 },
  ],
};

function setup(p: unknown = product, at = '/') {
  mockFetch((url) => {
    if (url.pathname === '/api/settings') return ok({ order_limits: { max_quantity_per_line: 20, max_lines: 30 } });
    if (url.pathname === '/api/product/get/7') return ok(p);
    if (url.pathname === '/api/product/getRelated/7') return ok([]);
    if (url.pathname === '/api/rating/getProductRatings/7')
      return ok({ data: [], pagination: { page: 1, limit: 5, total: 0, total_pages: 0, has_next_page: false } });
    return undefined;
  });
  renderPage(<ProductPage id="7" />, { at });
}

function location() {
  return screen.getByTestId('location').textContent;
}

/** The photos the gallery offers (its thumbnails' sources). */
function thumbnails(): string[] {
  return screen
    .getAllByRole('button', { name: /Afficher l'image/ })
    .map((b) => b.querySelector('img')?.getAttribute('src') ?? '');
}

function sizeButton(name: RegExp) {
  return screen.getByRole('button', { name });
}

describe('product page in colours', () => {
  beforeEach(() => clearCart());

  it('opens with the first colour in stock, its photos and its sizes; another colour switches them and the address', async () => {
    const user = userEvent.setup();
    setup();
    const rouge = await screen.findByRole('button', { name: 'Rouge' });
    // Noir is sold out in every size: Rouge, the first in stock, is chosen, sizes are not.
    expect(rouge).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Noir (Épuisé)' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByTestId('chosen-color')).toHaveTextContent('Rouge');
    expect(thumbnails()).toEqual(['/public/uploads/w/250/all.webp', '/public/uploads/w/250/red.webp']);
    expect(screen.getByText('En stock (3 disponibles)')).toBeInTheDocument();
    expect(sizeButton(/^Medium/)).toHaveTextContent('Plus que 3');
    expect(sizeButton(/^Large/)).toBeDisabled();
    expect(sizeButton(/^Large/)).toHaveTextContent('Épuisé');
    expect(screen.getAllByRole('button', { pressed: true })).toEqual([rouge]);
    // No colour in the address until the customer picks one.
    expect(location()).toBe('/');

    await user.click(screen.getByRole('button', { name: 'Bleu' }));
    expect(location()).toBe('/?couleur=bleu');
    expect(screen.getByRole('button', { name: 'Bleu' })).toHaveAttribute('aria-pressed', 'true');
    expect(rouge).toHaveAttribute('aria-pressed', 'false');
    expect(thumbnails()).toEqual(['/public/uploads/w/250/all.webp', '/public/uploads/w/250/blue.webp']);
    expect(sizeButton(/^Large/)).toBeEnabled();
    expect(sizeButton(/^Large/)).toHaveTextContent('Plus que 2');
    // Six blue M: no "Plus que" badge.
    expect(within(sizeButton(/^Medium/)).queryByTestId('low-stock')).not.toBeInTheDocument();

    // Blue M costs 200 Da more: the price follows the chosen variant.
    expect(screen.getByText('3 000,00 Da')).toBeInTheDocument();
    await user.click(sizeButton(/^Medium/));
    expect(screen.getByText('3 200,00 Da')).toBeInTheDocument();

    // The colour tapped again is no colour: every photo, and the address forgets it.
    await user.click(screen.getByRole('button', { name: 'Bleu' }));
    expect(location()).toBe('/');
    expect(thumbnails()).toHaveLength(3);
    await user.click(screen.getByRole('button', { name: 'Ajouter au panier' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Veuillez sélectionner une couleur');
    expect(getCart()).toEqual([]);
  });

  it('opens on the colour an ad links to, and ignores a colour it does not have', async () => {
    setup(product, '/?couleur=bleu');
    expect(await screen.findByRole('button', { name: 'Bleu' })).toHaveAttribute('aria-pressed', 'true');
    expect(thumbnails()).toContain('/public/uploads/w/250/blue.webp');
    expect(location()).toBe('/?couleur=bleu');
  });

  it('ignores an unknown colour in the address', async () => {
    setup(product, '/?couleur=violet');
    expect(await screen.findByRole('button', { name: 'Rouge' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('caps the quantity at the chosen variant’s stock and chooses the size again when the new colour has none', async () => {
    const user = userEvent.setup();
    setup(product, '/?couleur=bleu');
    await user.click(await screen.findByRole('button', { name: /^Large/ }));
    await user.click(screen.getByRole('button', { name: 'Augmenter la quantité' }));
    expect(screen.getByRole('textbox', { name: 'Quantité' })).toHaveValue('2');
    expect(screen.getByRole('button', { name: 'Augmenter la quantité' })).toBeDisabled();
    // Red L is sold out: the size is chosen again.
    await user.click(screen.getByRole('button', { name: 'Rouge' }));
    expect(screen.getByRole('button', { name: /^Large/ })).toHaveAttribute('aria-pressed', 'false');
    await user.click(screen.getByRole('button', { name: 'Ajouter au panier' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Veuillez sélectionner une taille');
  });

  it('puts red M and blue M on two lines, and red M twice on one', async () => {
    const user = userEvent.setup();
    setup();
    await user.click(await screen.findByRole('button', { name: /^Medium/ }));
    const add = screen.getByRole('button', { name: 'Ajouter au panier' });
    await user.click(add);
    await user.click(screen.getByRole('button', { name: 'Bleu' }));
    await user.click(add);
    await user.click(screen.getByRole('button', { name: 'Rouge' }));
    await user.click(add);
    expect(getCart()).toEqual([
      expect.objectContaining({
        id: 7,
        size: 'M',
        color: 'Rouge',
        color_ar: 'أحمر',
        swatch: '#cc0000',
        Quantity: 2,
        max: 3,
        cost: 3000,
        src: '/uploads/red.webp',
      }),
      expect.objectContaining({ id: 7, size: 'M', color: 'Bleu', swatch: '#0033cc', Quantity: 1, max: 6, cost: 3200 }),
    ]);
  });

  it('shows a colour’s price before a size is chosen when all its sizes cost the same', async () => {
    const user = userEvent.setup();
    setup({
      ...product,
      variants: [variant(red, 'M', 3), variant(red, 'L', 1), variant(blue, 'M', 6, 500), variant(blue, 'L', 2, 500)],
    });
    await screen.findByRole('button', { name: 'Rouge' });
    expect(screen.getByText('3 000,00 Da')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Bleu' }));
    expect(screen.getByText('3 500,00 Da')).toBeInTheDocument();
    expect(screen.queryByText('3 000,00 Da')).not.toBeInTheDocument();
  });

  it('sells a one-size product without a size picker, as size TU', async () => {
    const user = userEvent.setup();
    setup({
      ...product,
      size_scale: 'one',
      size_list: ['TU'],
      sizes: [],
      variants: [variant(red, 'TU', 4), variant(blue, 'TU', 0)],
    });
    await screen.findByRole('button', { name: 'Rouge' });
    expect(screen.queryByRole('group', { name: 'Taille' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ajouter au panier' }));
    expect(getCart()).toEqual([expect.objectContaining({ size: 'TU', color: 'Rouge', size_scale: 'one', max: 4 })]);
    // Blue is sold out: nothing to add.
    await user.click(screen.getByRole('button', { name: 'Bleu (Épuisé)' }));
    expect(screen.getByRole('button', { name: 'Rupture de stock' })).toBeDisabled();
  });

  it('offers the merchant’s own sizes in order, without colours', async () => {
    const user = userEvent.setup();
    const none = { ...black, id: 0, name: '', name_ar: null, slug: '', swatch: '' };
    setup({
      ...product,
      colors: [],
      size_scale: 'numbers',
      size_list: ['38', '40', '42.5'],
      sizes: [],
      variants: [variant(none, '38', 1), variant(none, '40', 0), variant(none, '42.5', 9)],
      images: product.images.map((i) => ({ ...i, color_id: null })),
    });
    const group = await screen.findByRole('group', { name: 'Taille' });
    expect(
      within(group)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['38Plus que 1', '40Épuisé', '42.5']);
    expect(screen.queryByRole('group', { name: /Couleur/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '42.5' }));
    await user.click(screen.getByRole('button', { name: 'Ajouter au panier' }));
    expect(getCart()).toEqual([expect.objectContaining({ size: '42.5', size_scale: 'numbers', max: 9 })]);
    expect(getCart()[0]?.color).toBeUndefined();
  });
});

describe('product page in colours, in Arabic', () => {
  beforeEach(() => clearCart());
  afterEach(async () => {
    await act(() => activateLanguage('fr'));
    clearCart();
  });

  it('names the colours in Arabic when the owner gave it, in French otherwise, and the ages in Arabic', async () => {
    await activateLanguage('ar');
    const user = userEvent.setup();
    setup({
      ...product,
      size_scale: 'ages',
      size_list: ['2a', '18m'],
      variants: [variant(red, '2a', 5), variant(red, '18m', 1), variant(blue, '2a', 1)],
    });
    expect(await screen.findByRole('button', { name: 'أحمر' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Bleu' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^2 سنوات/ }));
    expect(screen.getByRole('button', { name: /^18 أشهر/ })).toHaveTextContent('بقيت قطعة واحدة');
    await user.click(screen.getByRole('button', { name: 'أضف إلى السلة' }));
    expect(getCart()).toEqual([expect.objectContaining({ size: '2a', color: 'Rouge', color_ar: 'أحمر' })]);
    await user.click(screen.getByRole('button', { name: 'Bleu' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/?couleur=bleu');
  });

  it('chooses no colour when none is in stock, and asks for one in Arabic', async () => {
    await activateLanguage('ar');
    const user = userEvent.setup();
    setup({ ...product, variants: product.variants.map((v) => ({ ...v, stock: 0 })), stock: 1 });
    // Nothing in stock in any colour: none is chosen.
    await screen.findByRole('button', { name: /أحمر/ });
    expect(screen.queryAllByRole('button', { pressed: true })).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'أضف إلى السلة' }));
    expect(screen.getByRole('alert')).toHaveTextContent('يرجى اختيار لون');
  });
});
