import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router';
import { COPY_CONFIRMATION_MS } from '@shop/domain/constants';
import { mockFetch, ok, renderPage } from '../test-utils.tsx';
import { addToCart, clearCart } from '../features/cart/cart-store.ts';
import { ProductPage } from '../features/product/components/product-page.tsx';
import { productQuery } from '../features/products/api/get-product.ts';
import { StorefrontLayout } from './storefront-layout.tsx';

const settings = {
  phone: '0555123456',
  email: 'contact@boutique.dz',
  whatsapp_url: 'https://wa.me/213555123456',
  social: { facebook: 'https://facebook.com/x', instagram: 'https://instagram.com/x', tiktok: 'https://tiktok.com/@x' },
};

describe('storefront layout', () => {
  afterEach(() => {
    clearCart();
    vi.useRealTimers();
  });

  it('links the sections and counts the units in the cart in the badge (not its lines)', async () => {
    mockFetch((url) => (url.pathname === '/api/settings' ? ok(settings) : undefined));
    addToCart({ id: 1, name: 'A', cost: 1, src: '', size: 'M', Quantity: 3 });
    addToCart({ id: 2, name: 'B', cost: 1, src: '', size: '', Quantity: 1 });
    renderPage(<StorefrontLayout />, { path: '/*' });
    const nav = screen.getAllByRole('navigation', { name: 'Navigation principale' })[0]!;
    for (const [name, href] of [
      ['Boutique', '/Shop'],
      ['Nouveautés', '/NewArrival'],
      ['Promotions', '/OnSale'],
      ['Commande Personnalisée', '/CustomOrder'],
      ['Avis Clients', '/Rating'],
      ['Suivre ma commande', '/suivi'],
    ]) {
      expect(nav.querySelector(`a[href="${href}"]`)).toHaveTextContent(name!);
    }
    // The phone's side menu and the footer lead there too.
    const side = screen.getByRole('navigation', { name: 'Menu', hidden: true });
    expect(within(side).getByRole('link', { name: 'Suivre ma commande', hidden: true })).toHaveAttribute(
      'href',
      '/suivi',
    );
    expect(within(screen.getByRole('contentinfo')).getByRole('link', { name: 'Suivre ma commande' })).toHaveAttribute(
      'href',
      '/suivi',
    );
    // 3 of A and 1 of B: 4 things in the cart, on two lines.
    expect(screen.getByTestId('cart-count')).toHaveTextContent('4');
    expect(screen.getByRole('link', { name: 'Panier, 4 articles' })).toHaveAttribute('href', '/Cart');
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Instagram' })).toHaveAttribute('href', settings.social.instagram),
    );
  });

  it('names the configured shop in the nav and the footer, from the page the server wrote', () => {
    const block = document.createElement('script');
    block.type = 'application/json';
    block.id = 'page-data';
    block.textContent = JSON.stringify({ '/settings': { ...settings, shop_name: 'Dar El Khiata' } });
    document.body.append(block);
    mockFetch(() => undefined);
    renderPage(<StorefrontLayout />, { path: '/*' });
    // In the first render, before any call.
    expect(screen.getByRole('link', { name: 'Dar El Khiata — Accueil' })).toBeInTheDocument();
    expect(screen.getByText(/© \d{4} Dar El Khiata\. Tous droits réservés\./)).toBeInTheDocument();
    expect(screen.queryByText(/SHOP\.CO/)).not.toBeInTheDocument();
  });

  it('offers WhatsApp on every page, naming the product on a product page, and calls the phone from the footer', async () => {
    const shop = { ...settings, whatsapp: '0555 12 34 56' };
    const product = {
      id: 7,
      name: 'Hoodie Zippé',
      name_ar: null,
      price: 3000,
      final_price: 3000,
      images: [],
      sizes: [],
    };
    mockFetch((url) => {
      if (url.pathname === '/api/settings') return ok(shop);
      if (url.pathname === '/api/product/get/7') return ok(product);
      return undefined;
    });
    const { queryClient } = renderPage(<StorefrontLayout />, { path: '/*', at: '/Shop' });
    const whatsapp = await screen.findByRole('link', { name: 'Une question ? La boutique sur WhatsApp' });
    expect(whatsapp).toHaveAttribute(
      'href',
      `https://wa.me/213555123456?text=${encodeURIComponent('Bonjour, j’ai une question.')}`,
    );
    // A phone calls the number (shown on coarse pointers); a computer copies it.
    expect(screen.getByTestId('footer-call')).toHaveAttribute('href', 'tel:0555123456');
    expect(screen.getByTestId('footer-call')).toHaveClass('hidden', 'pointer-coarse:inline-block');
    expect(screen.getByRole('button', { name: /Copier le numéro de téléphone/ })).toHaveClass('pointer-coarse:hidden');
    cleanup();

    // On a product page, the product the page loaded is named, with its address.
    queryClient.clear();
    const page = renderPage(<StorefrontLayout />, { path: '/*', at: '/product/7' });
    await page.queryClient.fetchQuery(productQuery(7));
    const about = await screen.findByRole('link', { name: 'Une question ? La boutique sur WhatsApp' });
    await waitFor(() =>
      expect(decodeURIComponent(about.getAttribute('href') ?? '')).toMatch(
        /^https:\/\/wa\.me\/213555123456\?text=Bonjour, je suis intéressé\(e\) par « Hoodie Zippé » : http:\/\/localhost.*/,
      ),
    );
  });

  it('opens the side menu and closes it on a click on the page', () => {
    mockFetch(() => ok(settings));
    renderPage(<StorefrontLayout />, { path: '/*' });
    const toggle = screen.getByRole('button', { name: 'Ouvrir le menu' });
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    fireEvent.click(document.body);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('confirms a copied phone number for 2 seconds', async () => {
    mockFetch((url) => (url.pathname === '/api/settings' ? ok(settings) : undefined));
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderPage(<StorefrontLayout />, { path: '/*' });
    const copyPhone = await screen.findByRole('button', { name: /Copier le numéro de téléphone 0555123456/ });
    vi.useFakeTimers();
    await act(async () => {
      fireEvent.click(copyPhone);
      await Promise.resolve();
    });
    expect(writeText).toHaveBeenCalledWith('0555123456');
    expect(screen.getByText('Numéro de téléphone copié !')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(COPY_CONFIRMATION_MS);
    });
    expect(screen.queryByText('Numéro de téléphone copié !')).not.toBeInTheDocument();
  });

  it('mounts the toasts on the first one: adding to the cart says so, with the way to the cart', async () => {
    const product = {
      id: 7,
      name: 'Hoodie Zippé',
      description: 'Chaud',
      price: 3000,
      final_price: 3000,
      discount_percentage: 0,
      average_rating: 0,
      total_ratings: 0,
      stock: 8,
      has_sizes: true,
      type_id: 2,
      sizes: [{ name: 'M', stock: 8 }],
      images: [],
    };
    mockFetch((url) => {
      if (url.pathname === '/api/settings') return ok(settings);
      if (url.pathname === '/api/product/get/7') return ok(product);
      if (url.pathname === '/api/product/getRelated/7') return ok([]);
      if (url.pathname === '/api/rating/getProductRatings/7') {
        return ok({ data: [], pagination: { page: 1, limit: 5, total: 0, total_pages: 0, has_next_page: false } });
      }
      return undefined;
    });
    renderPage(<StorefrontLayout />, {
      path: '/',
      at: '/product/7',
      children: (
        <>
          <Route path="product/:id" element={<ProductPage id="7" />} />
          <Route path="Cart" element={<h1>Page du panier</h1>} />
        </>
      ),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Medium/ }));
    expect(document.querySelector('.Toastify')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Ajouter au panier' }));

    const toast = (await screen.findByText('Ajouté au panier : Hoodie Zippé')).closest<HTMLElement>('[role="alert"]')!;
    expect(toast).not.toBeNull();
    expect(screen.getByTestId('cart-count')).toHaveTextContent('1');
    await user.click(within(toast).getByRole('link', { name: 'Voir le panier' }));
    expect(await screen.findByRole('heading', { name: 'Page du panier' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/Cart');
  });

  it('searches from the nav: /Shop/{search}, the whole shop when empty, and shows what was searched', async () => {
    mockFetch((url) => (url.pathname === '/api/settings' ? ok(settings) : undefined));
    renderPage(<StorefrontLayout />, { path: '/*' });
    const user = userEvent.setup();
    const box = screen.getByRole('searchbox', { name: 'Rechercher un produit' });
    await user.type(box, '  robe kabyle {Enter}');
    expect(screen.getByTestId('location')).toHaveTextContent('/Shop/robe%20kabyle');
    await user.clear(box);
    await user.type(box, 'sac/à main');
    await user.click(screen.getByRole('button', { name: 'Lancer la recherche' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/Shop/sac%2F%C3%A0%20main');
    await user.clear(box);
    await user.click(screen.getByRole('button', { name: 'Lancer la recherche' }));
    expect(screen.getByTestId('location').textContent).toBe('/Shop');
  });

  it('shows the searched words in the box on /Shop/{search}', () => {
    mockFetch((url) => (url.pathname === '/api/settings' ? ok(settings) : undefined));
    renderPage(<StorefrontLayout />, { path: '/*', at: '/Shop/robe%20kabyle' });
    expect(screen.getByRole('searchbox', { name: 'Rechercher un produit' })).toHaveValue('robe kabyle');
  });
});
