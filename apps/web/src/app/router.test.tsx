// The language switch: the same page in Arabic under /ar, right to left, remembered;
// back to French with the browser's back button.
import { afterEach, describe, expect, it } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { mockFetch, ok } from '../storefront/test-utils.tsx';
import { activateLanguage, LANGUAGE_STORAGE_KEY } from '../storefront/i18n/i18n.ts';
import { AppRouter } from './router.tsx';

function renderApp() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <AppRouter />
    </QueryClientProvider>,
  );
}

describe('language switch', () => {
  afterEach(async () => {
    await act(() => activateLanguage('fr'));
    window.history.replaceState(null, '', '/');
  });

  it('opens the same page in Arabic, right to left, remembers it, and the back button returns to French', async () => {
    mockFetch((url) =>
      url.pathname === '/api/settings'
        ? ok({
            shop_name: 'Dar El Khiata',
            phone: '0555123456',
            email: 'contact@boutique.dz',
            whatsapp_url: 'https://wa.me/213555123456',
            social: {
              facebook: 'https://facebook.com/x',
              instagram: 'https://instagram.com/x',
              tiktok: 'https://tiktok.com/@x',
            },
          })
        : ok([]),
    );
    window.history.replaceState(null, '', '/Cart');
    // The title the server wrote into the French page.
    document.title = 'Panier — Dar El Khiata';
    renderApp();
    await screen.findByText('Votre panier est vide!');
    expect(document.documentElement.dir).not.toBe('rtl');
    await waitFor(() => expect(document.title).toBe('Panier — Dar El Khiata'));

    await userEvent.click(screen.getAllByRole('link', { name: 'العربية' })[0]!);
    await screen.findByText('سلتك فارغة!');
    expect(window.location.pathname).toBe('/ar/Cart');
    expect(document.documentElement.lang).toBe('ar');
    expect(document.documentElement.dir).toBe('rtl');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('ar');
    // The tab's title follows the switch in place.
    await waitFor(() => expect(document.title).toBe('سلة التسوق — Dar El Khiata'));
    // Every link of the Arabic pages stays in Arabic.
    expect(screen.getAllByRole('link', { name: 'المتجر' })[0]).toHaveAttribute('href', '/ar/Shop');
    expect(screen.getAllByRole('link', { name: 'Français' })[0]).toHaveAttribute('href', '/Cart');

    act(() => window.history.back());
    await screen.findByText('Votre panier est vide!');
    await waitFor(() => expect(document.documentElement.dir).toBe('ltr'));
    expect(window.location.pathname).toBe('/Cart');
    await waitFor(() => expect(document.title).toBe('Panier — Dar El Khiata'));
  });
});
