import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { mockFetch, ok, renderPage } from '../../../test-utils.tsx';
import { rememberedOrder, rememberOrder, type PlacedOrder } from '../confirmation-store.ts';
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
    rememberOrder('cart', { ...order, phone: '0555123456' });
    expect(rememberedOrder('cart')?.phone).toBe('0555123456');
    localStorage.setItem('customOrderConfirmation', JSON.stringify(order));
    expect(rememberedOrder('custom')).toEqual(order);
    localStorage.setItem('customOrderConfirmation', JSON.stringify({ ...order, phone: 555 }));
    expect(rememberedOrder('custom')).toBeNull();
  });
});
