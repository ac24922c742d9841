import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, ok, fail, renderPage } from '../../../test-utils.tsx';
import { clearCart, getCart } from '../../cart/cart-store.ts';
import { activateLanguage } from '../../../i18n/i18n.ts';
import { ProductPage } from './product-page.tsx';

const product = {
  id: 7,
  name: 'Hoodie Zippé',
  description: 'Chaud',
  price: 4000,
  final_price: 3000,
  discount_percentage: 25,
  average_rating: 4.5,
  total_ratings: 12,
  stock: 10,
  has_sizes: true,
  type_id: 2,
  sizes: [
    { name: 'S', stock: 0 },
    { name: 'M', stock: 2 },
    { name: 'L', stock: 8 },
    { name: 'XL', stock: 0 },
    { name: 'XXL', stock: 0 },
  ],
  images: [
    { id: 1, image_url: '/uploads/a.webp', is_primary: 0 },
    { id: 2, image_url: '/uploads/b.webp', is_primary: 1 },
  ],
};

const reviews = (page: number) => ({
  data:
    page === 1
      ? [
          {
            id: 3,
            customer_name: 'Yasmine H.',
            rating: 5,
            review: 'Superbe',
            created_at: '2026-03-12T10:00:00Z',
            verified: true,
          },
        ]
      : [
          {
            id: 2,
            customer_name: 'Karim',
            rating: 4,
            review: 'Bien',
            created_at: '2026-02-01T10:00:00Z',
            verified: true,
          },
        ],
  pagination: { page, limit: 5, total: 6, total_pages: 2, has_next_page: page === 1 },
});

function setup(
  p: unknown = product,
  settings: unknown = { order_limits: { max_quantity_per_line: 20, max_lines: 30 } },
) {
  mockFetch((url) => {
    if (url.pathname === '/api/settings') return ok(settings);
    if (url.pathname === '/api/product/get/7') return ok(p);
    if (url.pathname === '/api/product/getRelated/7') return ok([]);
    if (url.pathname === '/api/rating/getProductRatings/7') return ok(reviews(Number(url.searchParams.get('page'))));
    return undefined;
  });
  renderPage(<ProductPage id="7" />);
}

describe('product page', () => {
  beforeEach(() => clearCart());

  it('shows price, struck list price, discount, rating, stock and the gallery counter', async () => {
    setup();
    expect(await screen.findByRole('heading', { name: 'Hoodie Zippé', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('-25%')).toBeInTheDocument();
    // French decimal comma.
    expect(screen.getByText('4,5/5')).toBeInTheDocument();
    expect(screen.getByText('(12 avis)')).toBeInTheDocument();
    expect(screen.getByText('En stock (10 disponibles)')).toBeInTheDocument();
    expect(screen.getByText('1 / 2')).toBeInTheDocument();
    // The primary image comes first; a click advances.
    // The page-sized copy of the primary picture, with its 2× copy for dense screens.
    const main = screen.getAllByRole('img', { name: 'Hoodie Zippé' })[0];
    expect(main).toHaveAttribute('src', '/public/uploads/w/800/b.webp');
    expect(main).toHaveAttribute('srcset', '/public/uploads/w/500/b.webp 1x, /public/uploads/w/800/b.webp 2x');
    await userEvent.click(screen.getByRole('button', { name: 'Image suivante' }));
    expect(screen.getByText('2 / 2')).toBeInTheDocument();
    expect(await screen.findByText('Aucun produit similaire disponible')).toBeInTheDocument();
  });

  it('draws the product the server wrote into the page at once, without asking the API for it', async () => {
    const block = document.createElement('script');
    block.type = 'application/json';
    block.id = 'page-data';
    block.textContent = JSON.stringify({ '/product/get/7': product });
    document.body.append(block);
    const asked: string[] = [];
    mockFetch((url) => {
      asked.push(url.pathname);
      if (url.pathname === '/api/product/getRelated/7') return ok([]);
      return undefined;
    });
    const { queryClient } = renderPage(<ProductPage id="7" />);
    // In the first render: no loading state in between.
    expect(screen.getByRole('heading', { name: 'Hoodie Zippé', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('En stock (10 disponibles)')).toBeInTheDocument();
    // The page's other reads did start (the related products): the product was not among them.
    await waitFor(() => expect(asked).toContain('/api/product/getRelated/7'));
    expect(queryClient.isFetching({ queryKey: ['products', 'one', '7'] })).toBe(0);
    expect(asked).not.toContain('/api/product/get/7');
    expect(document.getElementById('page-data')).toBeNull();
  });

  it('disables sold-out sizes with "Épuisé" and says "Plus que 2" of a low stock, in words', async () => {
    setup();
    const small = await screen.findByRole('button', { name: /^Small/ });
    expect(small).toBeDisabled();
    expect(small).toHaveTextContent('Épuisé');
    expect(screen.getByRole('button', { name: /^Medium/ })).toHaveTextContent(/^MediumPlus que 2$/);
    expect(screen.getByRole('button', { name: /^Large/ })).toHaveTextContent(/^Large$/);
  });

  it('requires a size, deselects on a second click, and caps the quantity at the size stock', async () => {
    const user = userEvent.setup();
    setup();
    await user.click(await screen.findByRole('button', { name: 'Ajouter au panier' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Veuillez sélectionner une taille');
    expect(getCart()).toEqual([]);

    const medium = screen.getByRole('button', { name: /^Medium/ });
    await user.click(medium);
    expect(medium).toHaveAttribute('aria-pressed', 'true');
    await user.click(medium);
    expect(medium).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByText('Sélectionnez une taille')).toBeInTheDocument();

    // Quantity 5 chosen first, then Medium (2 left) caps it at 2.
    const plus = screen.getByRole('button', { name: 'Augmenter la quantité' });
    for (let i = 0; i < 4; i++) await user.click(plus);
    await user.click(medium);
    expect(screen.getByRole('textbox', { name: 'Quantité' })).toHaveValue('2');
    expect(plus).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Diminuer la quantité' })).not.toBeDisabled();

    expect(screen.getByTestId('added-now')).toBeEmptyDOMElement();
    await user.click(screen.getByRole('button', { name: 'Ajouter au panier' }));
    expect(getCart()).toEqual([
      { id: 7, name: 'Hoodie Zippé', cost: 3000, src: '/uploads/b.webp', size: 'M', Quantity: 2, max: 2 },
    ]);
    // Said at once, in the page, whatever the toast's code still has to download.
    expect(screen.getByTestId('added-now')).toHaveTextContent('✓ Ajouté au panier');
  });

  it('counts what is already in the cart against the size stock and says so', async () => {
    const user = userEvent.setup();
    setup();
    await user.click(await screen.findByRole('button', { name: /^Medium/ }));
    await user.click(screen.getByRole('button', { name: 'Ajouter au panier' }));
    expect(getCart()[0]!.Quantity).toBe(1);
    await user.click(screen.getByRole('button', { name: 'Augmenter la quantité' }));
    // 1 in the cart + 2 asked, with 2 in stock: the cart holds 2.
    await user.click(screen.getByRole('button', { name: 'Ajouter au panier' }));
    expect(getCart()[0]!.Quantity).toBe(2);
    await user.click(screen.getByRole('button', { name: 'Ajouter au panier' }));
    expect(getCart()[0]!.Quantity).toBe(2);
    expect(screen.getByRole('alert')).toHaveTextContent('Votre panier contient déjà les 2 articles disponibles.');
  });

  it('stops at the units of one line an order may hold, whatever the stock', async () => {
    const user = userEvent.setup();
    setup(product, { order_limits: { max_quantity_per_line: 3, max_lines: 30 } });
    await user.click(await screen.findByRole('button', { name: /^Large/ }));
    const plus = screen.getByRole('button', { name: 'Augmenter la quantité' });
    await waitFor(() => expect(plus).not.toBeDisabled());
    for (let i = 0; i < 5; i++) if (!(plus as HTMLButtonElement).disabled) await user.click(plus);
    // Large has 8 in stock; an order holds 3 units of a line.
    expect(screen.getByRole('textbox', { name: 'Quantité' })).toHaveValue('3');
    await user.click(screen.getByRole('button', { name: 'Ajouter au panier' }));
    await user.click(screen.getByRole('button', { name: 'Ajouter au panier' }));
    expect(getCart()[0]!.Quantity).toBe(3);
    expect(screen.getByRole('alert')).toHaveTextContent('Au plus 3 unités par article dans une commande');
  });

  it('lists the reviews with name, stars, date and the verified mark, a page at a time', async () => {
    const user = userEvent.setup();
    setup();
    const list = await screen.findByRole('heading', { name: /Avis des clients/ });
    expect(list).toHaveTextContent('(12)');
    expect(await screen.findByText('Superbe')).toBeInTheDocument();
    expect(screen.getByText('Yasmine H.')).toBeInTheDocument();
    expect(screen.getByText('12 mars 2026')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '5,0 sur 5' })).toBeInTheDocument();
    expect(screen.getAllByText(/Achat vérifié/)).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Voir plus d’avis' }));
    expect(await screen.findByText('Bien')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Voir plus d’avis' })).not.toBeInTheDocument();
  });

  it('says "Pas encore d’avis" instead of 0,0/5 when nobody has rated the product', async () => {
    setup({ ...product, average_rating: 0, total_ratings: 0 });
    await screen.findByRole('heading', { name: 'Hoodie Zippé', level: 1 });
    expect(screen.queryByText(/0,0\/5|0\.0\/5/)).not.toBeInTheDocument();
    expect(screen.getAllByText('Pas encore d’avis').length).toBeGreaterThan(0);
    expect(screen.getByText('Aucun avis pour ce produit pour le moment.')).toBeInTheDocument();
  });

  it('hides the size picker for products without sizes (cart size "")', async () => {
    const user = userEvent.setup();
    setup({ ...product, has_sizes: false, sizes: [], stock: 3 });
    await user.click(await screen.findByRole('button', { name: 'Ajouter au panier' }));
    expect(screen.queryByRole('button', { name: /^Small/ })).not.toBeInTheDocument();
    expect(getCart()[0]).toMatchObject({ id: 7, size: '', Quantity: 1 });
  });

  it('says "Rupture de stock" when nothing is left', async () => {
    setup({ ...product, stock: 0, sizes: product.sizes.map((s) => ({ ...s, stock: 0 })) });
    expect(await screen.findByRole('button', { name: 'Rupture de stock' })).toBeDisabled();
  });

  it('shows the not-found page when the product does not exist', async () => {
    mockFetch(() => fail(404, 'Produit introuvable'));
    renderPage(<ProductPage id="7" />);
    expect(await screen.findByText("Quelque chose s'est mal passé")).toBeInTheDocument();
  });
});

describe('product page in Arabic', () => {
  afterEach(async () => {
    await act(() => activateLanguage('fr'));
    clearCart();
  });

  it('names the sizes in Arabic and puts the chosen one in the cart by its code', async () => {
    await activateLanguage('ar');
    setup();
    const medium = await screen.findByRole('button', { name: /^متوسط \(M\)/ });
    for (const name of ['صغير (S)', 'كبير (L)', 'كبير جدًا (XL)', 'كبير جدًا جدًا (XXL)']) {
      expect(screen.getByRole('button', { name: new RegExp(`^${name.replace(/[()]/g, '\\$&')}`) })).toBeInTheDocument();
    }
    expect(screen.queryByRole('button', { name: /^Medium/ })).not.toBeInTheDocument();
    expect(medium).toHaveTextContent('بقيت قطعتان');
    await userEvent.setup().click(medium);
    await userEvent.setup().click(screen.getByRole('button', { name: 'أضف إلى السلة' }));
    expect(getCart()).toEqual([expect.objectContaining({ id: 7, size: 'M', Quantity: 1 })]);
  });
});
