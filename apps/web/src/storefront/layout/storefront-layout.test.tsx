import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { COPY_CONFIRMATION_MS } from '@shop/domain/constants';
import { mockFetch, ok, renderPage } from '../test-utils.tsx';
import { addToCart, clearCart } from '../features/cart/cart-store.ts';
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

  it('links the sections and counts cart lines in the badge', async () => {
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
    ]) {
      expect(nav.querySelector(`a[href="${href}"]`)).toHaveTextContent(name!);
    }
    expect(screen.getByTestId('cart-count')).toHaveTextContent('2');
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
});
