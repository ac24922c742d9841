import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, mockFetch, ok, renderPage, sentBodies } from '../../../test-utils.tsx';
import { addToCart, clearCart, getCart } from '../cart-store.ts';
import { CartPage } from './cart-page.tsx';

const wilayas = [
  { id: 16, wilaya_name: 'Alger', price: 400 },
  { id: 31, wilaya_name: 'Oran', price: 600 },
];

type Handler = Parameters<typeof mockFetch>[0];

function setup(extra: Handler = () => undefined) {
  const fetchMock = mockFetch((url, init) => {
    const answer = extra(url, init);
    if (answer) return answer;
    if (url.pathname === '/api/ShippingPrice/read') return ok(wilayas);
    if (url.pathname === '/api/settings') return ok({ whatsapp_url: 'https://wa.me/213555', social: {} });
    if (url.pathname === '/api/coupon/validateAndIncrement/BIENVENUE10') return ok({ discount_percentage: 10 });
    if (url.pathname.startsWith('/api/coupon/')) return fail(404, 'Code promo invalide');
    if (url.pathname === '/api/product/checkStock') return ok({ ok: true, items: [] });
    if (url.pathname === '/api/order') {
      return ok({ order_id: 42, subtotal: 3400, discount_percentage: 10, shipping_fee: 400, total: 3460 }, 201);
    }
    if (url.pathname === '/api/rating/create') return ok(null, 201);
    return undefined;
  });
  renderPage(<CartPage />);
  return fetchMock;
}

function fillCart() {
  addToCart({ id: 1, name: 'T-shirt', cost: 1200, src: '/uploads/a.webp', size: 'M', Quantity: 2 });
  addToCart({ id: 2, name: 'Crème', cost: 1000, src: '/uploads/b.webp', size: '', Quantity: 1 });
}

const total = () => screen.getByTestId('total').textContent?.replace(/\s/g, ' ');

describe('cart page', () => {
  beforeEach(() => clearCart());

  it('shows the empty cart', () => {
    setup();
    expect(screen.getByText('Votre panier est vide!')).toBeInTheDocument();
  });

  it('lists lines, steps quantities (minus disabled at 1) and removes lines', async () => {
    const user = userEvent.setup();
    fillCart();
    setup();
    const creme = screen.getByRole('group', { name: 'Quantité — Crème' });
    expect(within(creme).getByRole('button', { name: 'Diminuer la quantité' })).toBeDisabled();
    await user.click(within(creme).getByRole('button', { name: 'Augmenter la quantité' }));
    expect(getCart()[1]!.Quantity).toBe(2);
    await user.click(screen.getByRole('button', { name: 'Retirer T-shirt du panier' }));
    expect(getCart().map((l) => l.id)).toEqual([2]);
  });

  it('computes the total from subtotal, coupon and the wilaya fee (500 Da by default)', async () => {
    const user = userEvent.setup();
    fillCart();
    setup();
    // 2 × 1200 + 1000 = 3400, default shipping 500.
    expect(total()).toMatch(/3.900,00 Da/);
    await screen.findByRole('option', { name: /Oran/ });
    await user.selectOptions(screen.getByLabelText('Wilaya'), 'Oran');
    expect(total()).toMatch(/4.000,00 Da/);
    await user.type(screen.getByPlaceholderText('Ajouter un code promo'), 'bienvenue10');
    await user.click(screen.getByRole('button', { name: 'Appliquer' }));
    // Codes are sent as typed; the server upper-cases.
    await screen.findByText(/Code promo (appliqué|incorrect)/);
  });

  it('has the three coupon states; an empty code is invalid without a call', async () => {
    const user = userEvent.setup();
    fillCart();
    const fetchMock = setup();
    expect(screen.getByText(/Vous avez un code promo/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Appliquer' }));
    expect(screen.getByText('Code promo incorrect, veuillez réessayer !')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([u]) => u.includes('/coupon/'))).toBe(false);

    await user.type(screen.getByPlaceholderText('Ajouter un code promo'), 'BIENVENUE10');
    await user.click(screen.getByRole('button', { name: 'Appliquer' }));
    expect(await screen.findByText('Code promo appliqué avec succès.')).toBeInTheDocument();
    // 3400 − 10 % + 500 = 3560.
    expect(total()).toMatch(/3.560,00 Da/);
    expect(screen.getByText('Réduction (-10%)')).toBeInTheDocument();

    await user.clear(screen.getByPlaceholderText('Ajouter un code promo'));
    await user.type(screen.getByPlaceholderText('Ajouter un code promo'), 'FAUX');
    await user.click(screen.getByRole('button', { name: 'Appliquer' }));
    expect(await screen.findByText('Code promo incorrect, veuillez réessayer !')).toBeInTheDocument();
    expect(total()).toMatch(/3.900,00 Da/);
  });

  it('lists unavailable items when the stock check fails, and reports a failed check', async () => {
    const user = userEvent.setup();
    fillCart();
    let mode: 'short' | 'throw' = 'short';
    setup((url) => {
      if (url.pathname !== '/api/product/checkStock') return undefined;
      if (mode === 'throw') return fail(500, 'down');
      return ok({
        ok: false,
        items: [
          { product_id: 1, name: 'T-shirt', size: 'M', requested: 2, available: 1, ok: false },
          { product_id: 2, name: 'Crème', size: '', requested: 1, available: 0, ok: false },
        ],
      });
    });
    await user.click(screen.getByRole('button', { name: /Passer la commande/ }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Certains articles ne sont plus disponibles dans les quantités ou tailles demandées.',
    );
    expect(alert).toHaveTextContent('Articles indisponibles');
    expect(alert).toHaveTextContent('Disponible: 1 (Demandé: 2)');
    expect(alert).toHaveTextContent('Épuisé');
    expect(alert).toHaveTextContent('Veuillez ajuster votre panier avant de continuer.');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    mode = 'throw';
    await user.click(screen.getByRole('button', { name: /Passer la commande/ }));
    expect(
      await screen.findByText('Impossible de vérifier la disponibilité des articles. Veuillez réessayer.'),
    ).toBeInTheDocument();
  });

  it('refuses lines without a size when the product has sizes', async () => {
    const user = userEvent.setup();
    addToCart({ id: 1, name: 'T-shirt', cost: 1200, src: '', size: '', Quantity: 1 });
    setup((url) => (url.pathname === '/api/product/get/1' ? ok({ id: 1, has_sizes: true, sizes: [] }) : undefined));
    await user.click(screen.getByRole('button', { name: /Passer la commande/ }));
    expect(
      await screen.findByText(
        "Certains articles de votre panier n'ont pas de taille sélectionnée. Veuillez revenir et sélectionner une taille.",
      ),
    ).toBeInTheDocument();
  });

  it('validates the customer form on submit and on change, then places the order', async () => {
    const user = userEvent.setup();
    fillCart();
    const fetchMock = setup();
    await user.type(screen.getByPlaceholderText('Ajouter un code promo'), 'BIENVENUE10');
    await user.click(screen.getByRole('button', { name: 'Appliquer' }));
    await screen.findByText('Code promo appliqué avec succès.');
    await user.click(screen.getByRole('button', { name: /Passer la commande/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Vos informations' });
    const d = within(dialog);

    await user.click(d.getByRole('button', { name: 'Confirmer la commande' }));
    for (const message of [
      'Full Name is required',
      'Phone Number is required',
      'Address is required',
      'Wilaya is required',
      'Zip Code is required',
    ]) {
      expect(await d.findByText(message)).toBeInTheDocument();
    }
    await user.type(d.getByLabelText('Numéro de téléphone'), '12345');
    expect(await d.findByText('Invalid Phone Number')).toBeInTheDocument();
    await user.type(d.getByLabelText('Code postal'), '16');
    expect(await d.findByText('Invalid Zip Code')).toBeInTheDocument();

    await user.clear(d.getByLabelText('Numéro de téléphone'));
    await user.type(d.getByLabelText('Numéro de téléphone'), '0555123456');
    await user.type(d.getByLabelText('Code postal'), '000');
    await user.type(d.getByLabelText('Nom complet'), 'Sara');
    await user.type(d.getByLabelText('Adresse'), '12 rue Didouche');
    await user.selectOptions(d.getByLabelText('Wilaya'), 'Alger');
    await user.click(d.getByRole('button', { name: '4 étoiles' }));
    await user.click(d.getByRole('button', { name: 'Confirmer la commande' }));

    expect(await screen.findByRole('heading', { name: 'Merci pour votre commande !' })).toBeInTheDocument();
    expect(screen.getByTestId('order-number')).toHaveTextContent('#42');
    expect(screen.getByText('Paiement à la livraison')).toBeInTheDocument();
    expect(screen.getByText('3-5 jours ouvrables')).toBeInTheDocument();
    expect(screen.getByText('12 rue Didouche, Alger 16000')).toBeInTheDocument();

    expect(sentBodies(fetchMock, '/order')[0]).toEqual({
      customer_name: 'Sara',
      customer_phone: '0555123456',
      customer_address: 'Alger | 12 rue Didouche',
      customer_postal_code: '16000',
      type: 'regular',
      subtotal: '3400.00',
      shipping_fee: '400.00',
      coupon_code: 'BIENVENUE10',
      wilaya: 'Alger',
      size: 'M',
      items: [
        { product_id: 1, quantity: 2, size: 'M' },
        { product_id: 2, quantity: 1, size: '' },
      ],
    });
    expect(sentBodies(fetchMock, '/rating/create')).toEqual([
      expect.objectContaining({ product_id: 1, order_id: 42, rating: 4, review: 'Great product!' }),
      expect.objectContaining({ product_id: 2, order_id: 42, rating: 4, review: 'Great product!' }),
    ]);
    expect(localStorage.getItem('lastOrderNumber')).toBe('42');
    expect(JSON.parse(localStorage.getItem('lastOrderDetails')!)).toEqual({
      address: '12 rue Didouche',
      wilaya: 'Alger',
      zipCode: '16000',
      total: 3460,
    });
    expect(getCart()).toEqual([]);
  });

  it('asks to confirm a new total when prices changed, and shows order errors', async () => {
    const user = userEvent.setup();
    fillCart();
    let attempt = 0;
    const fetchMock = setup((url) => {
      if (url.pathname !== '/api/order') return undefined;
      attempt += 1;
      if (attempt === 1) return fail(409, 'Les prix ont changé', { subtotal: 3600, shipping_fee: 400, total: 4000 });
      if (attempt === 2) return fail(400, 'Code promo expiré');
      return ok({ order_id: 43, total: 4000 }, 201);
    });
    await user.click(screen.getByRole('button', { name: /Passer la commande/ }));
    const d = within(await screen.findByRole('dialog'));
    await user.type(d.getByLabelText('Nom complet'), 'Sara');
    await user.type(d.getByLabelText('Numéro de téléphone'), '0555123456');
    await user.type(d.getByLabelText('Adresse'), 'Rue 1');
    await user.selectOptions(d.getByLabelText('Wilaya'), 'Alger');
    await user.type(d.getByLabelText('Code postal'), '16000');
    await user.click(d.getByRole('button', { name: 'Confirmer la commande' }));
    expect(await d.findByText(/Les prix ont changé depuis votre visite/)).toHaveTextContent(/4.000,00 Da/);
    await user.click(d.getByRole('button', { name: 'Confirmer avec le nouveau total' }));
    expect(await d.findByText('Code promo expiré')).toBeInTheDocument();
    expect(sentBodies(fetchMock, '/order')[1]).toMatchObject({ subtotal: '3600.00', shipping_fee: '400.00' });
    await user.click(d.getByRole('button', { name: 'Confirmer la commande' }));
    await waitFor(() => expect(screen.getByTestId('order-number')).toHaveTextContent('#43'));
  });
});
