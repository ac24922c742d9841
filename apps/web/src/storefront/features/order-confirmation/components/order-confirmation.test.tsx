import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { mockFetch, ok, renderPage } from '../../../test-utils.tsx';
import { CONFIRMATION_KEPT_MS, rememberedOrder, rememberOrder, type PlacedOrder } from '../confirmation-store.ts';
import { OrderConfirmation } from './order-confirmation.tsx';

const order: PlacedOrder = {
  orderNumber: 1234,
  total: 5400,
  address: '12 rue Didouche Mourad',
  wilaya: 'Alger',
  zipCode: '16000',
};

function show(placed: PlacedOrder) {
  mockFetch((url) => (url.pathname === '/api/settings' ? ok({ phone: '0555001122', whatsapp_url: '' }) : undefined));
  renderPage(
    <OrderConfirmation
      title="Merci pour votre commande !"
      order={placed}
      paymentMode="Paiement à la livraison"
      deliveryEstimate="3-5 jours ouvrables"
      onContinue={() => undefined}
    />,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('the thank-you screen', () => {
  it('links to the tracking page with the order number and the phone when it knows it', () => {
    show({ ...order, phone: '0555123456' });
    expect(screen.getByRole('link', { name: 'Suivre ma commande en ligne' })).toHaveAttribute(
      'href',
      '/suivi?commande=1234&tel=0555123456',
    );
  });

  it('links with the number alone when the phone is not kept', () => {
    show(order);
    expect(screen.getByRole('link', { name: 'Suivre ma commande en ligne' })).toHaveAttribute(
      'href',
      '/suivi?commande=1234',
    );
  });

  it('keeps the phone through a reload, and still reads a confirmation stored without it', () => {
    const now = Date.now();
    rememberOrder('cart', { ...order, phone: '0555123456', placedAt: now });
    expect(rememberedOrder('cart')?.phone).toBe('0555123456');
    localStorage.setItem('customOrderConfirmation', JSON.stringify({ ...order, placedAt: now }));
    expect(rememberedOrder('custom')).toEqual({ ...order, placedAt: now });
    localStorage.setItem('customOrderConfirmation', JSON.stringify({ ...order, phone: 555, placedAt: now }));
    expect(rememberedOrder('custom')).toBeNull();
  });

  it('is kept for a day, then forgotten (and one kept from before without its time at once)', () => {
    const placedAt = Date.UTC(2026, 2, 12, 10);
    rememberOrder('custom', { ...order, placedAt });
    expect(rememberedOrder('custom', placedAt + CONFIRMATION_KEPT_MS - 1)?.orderNumber).toBe(1234);
    expect(rememberedOrder('custom', placedAt + CONFIRMATION_KEPT_MS + 1)).toBeNull();
    expect(localStorage.getItem('customOrderConfirmation')).toBeNull();
    localStorage.setItem('orderConfirmation', JSON.stringify(order));
    expect(rememberedOrder('cart')).toBeNull();
  });

  it('recalls what was ordered, the figures charged and the number the shop will call', () => {
    show({
      ...order,
      phone: '0770123456',
      lines: [
        { name: 'T-shirt Essentiel Blanc', size: 'M', quantity: 2, unitPrice: 1200 },
        { name: 'Savon Noir Beldi', size: '', quantity: 1, unitPrice: 720 },
      ],
      subtotal: 3120,
      discount: 312,
      discountPercentage: 10,
      shippingFee: 400,
      total: 3208,
    });
    expect(screen.getByTestId('call-to-confirm')).toHaveTextContent(
      'Nous vous appellerons au 0770 12 34 56 pour confirmer votre commande.',
    );
    const lines = within(screen.getByTestId('ordered-lines')).getAllByRole('listitem');
    expect(lines.map((li) => li.textContent?.replace(/\s+/g, ' '))).toEqual([
      'T-shirt Essentiel BlancMedium · Quantité : 22 400,00 Da',
      'Savon Noir BeldiQuantité : 1720,00 Da',
    ]);
    const figures = screen.getByTestId('ordered-figures').textContent?.replace(/\s+/g, ' ');
    expect(figures).toBe('Sous-total3 120,00 DaRéduction (-10%)-312,00 DaLivraison400,00 DaTotal3 208,00 Da');
  });
});
