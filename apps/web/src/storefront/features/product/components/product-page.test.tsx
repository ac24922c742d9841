import { beforeEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, ok, fail, renderPage } from '../../../test-utils.tsx';
import { clearCart, getCart } from '../../cart/cart-store.ts';
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

function setup(p: unknown = product) {
  mockFetch((url) => {
    if (url.pathname === '/api/product/get/7') return ok(p);
    if (url.pathname === '/api/product/getRelated/7') return ok([]);
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
    expect(screen.getByText('4.5/5')).toBeInTheDocument();
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
    renderPage(<ProductPage id="7" />);
    // In the first render: no loading state in between.
    expect(screen.getByRole('heading', { name: 'Hoodie Zippé', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('En stock (10 disponibles)')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(asked).not.toContain('/api/product/get/7');
    expect(document.getElementById('page-data')).toBeNull();
  });

  it('disables sold-out sizes with "Épuisé" and badges low stock', async () => {
    setup();
    const small = await screen.findByRole('button', { name: /^Small/ });
    expect(small).toBeDisabled();
    expect(small).toHaveTextContent('Épuisé');
    expect(screen.getByRole('button', { name: /^Medium/ })).toHaveTextContent('2');
    expect(screen.getByRole('button', { name: /^Large/ })).not.toHaveTextContent('8');
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
    expect(screen.getByRole('group', { name: 'Quantité' })).toHaveTextContent('2');
    expect(plus).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Diminuer la quantité' })).not.toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Ajouter au panier' }));
    expect(getCart()).toEqual([
      { id: 7, name: 'Hoodie Zippé', cost: 3000, src: '/uploads/b.webp', size: 'M', Quantity: 2 },
    ]);
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
