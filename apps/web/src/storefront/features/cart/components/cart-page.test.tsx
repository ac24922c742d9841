import { beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, mockFetch, ok, renderPage, sentBodies } from '../../../test-utils.tsx';
import { addToCart, clearCart, getCart } from '../cart-store.ts';
import { CartPage } from './cart-page.tsx';

const wilayas = [
  { id: 16, wilaya_code: 16, wilaya_name: 'Alger', price: 400, stop_desk_price: 250 },
  { id: 31, wilaya_code: 31, wilaya_name: 'Oran', price: 600, stop_desk_price: null },
];
const algerCommunes = [
  { name: 'Alger Centre', name_ar: 'الجزائر الوسطى', postal_code: '16000' },
  { name: 'Bab El Oued', name_ar: 'باب الوادي', postal_code: null },
  { name: 'Hydra', name_ar: 'حيدرة', postal_code: null },
];

type User = ReturnType<typeof userEvent.setup>;

/** Picks a wilaya the way a customer does: types part of it, then taps the suggestion. */
async function chooseWilaya(user: User, scope: Pick<typeof screen, 'getByRole' | 'findByRole'>, typed: string) {
  const box = scope.getByRole('combobox', { name: 'Wilaya' });
  await user.clear(box);
  await user.type(box, typed);
  await user.click(await scope.findByRole('option', { name: new RegExp(typed, 'i') }));
}

/** Picks a commune: types part of its name, then taps it. */
async function chooseCommune(
  user: User,
  scope: Pick<typeof screen, 'getByRole' | 'findByRole'>,
  typed: string,
  name: string,
) {
  const box = scope.getByRole('combobox', { name: 'Commune' });
  await waitFor(() => expect(box).toBeEnabled());
  await user.clear(box);
  await user.type(box, typed);
  await user.click(await scope.findByRole('option', { name: new RegExp(name, 'i') }));
}

type Handler = Parameters<typeof mockFetch>[0];

function setup(extra: Handler = () => undefined) {
  const fetchMock = mockFetch((url, init) => {
    const answer = extra(url, init);
    if (answer) return answer;
    if (url.pathname === '/api/ShippingPrice/read') return ok(wilayas);
    if (url.pathname === '/api/commune') {
      return url.searchParams.get('wilaya') === 'Alger' ? ok(algerCommunes) : fail(404, 'Wilaya inconnue');
    }
    if (url.pathname === '/api/settings') return ok({ whatsapp_url: 'https://wa.me/213555', social: {} });
    if (url.pathname === '/api/coupon/validate/BIENVENUE10')
      return ok({ code: 'BIENVENUE10', discount_percentage: 10 });
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

async function placeOrderThroughDialog(user: User, extra?: Handler) {
  setup(extra);
  await user.click(screen.getByRole('button', { name: /Passer la commande/ }));
  const d = within(await screen.findByRole('dialog'));
  await user.type(d.getByLabelText('Nom complet'), 'Sara');
  await user.type(d.getByLabelText('Numéro de téléphone'), '0555123456');
  await user.type(d.getByLabelText('Adresse'), '12 rue Didouche');
  await chooseWilaya(user, d, 'Alger');
  await chooseCommune(user, d, 'hyd', 'Hydra');
  await user.type(d.getByLabelText('Code postal'), '16000');
  await user.click(d.getByRole('button', { name: 'Confirmer la commande' }));
}

describe('cart page', () => {
  beforeEach(() => {
    clearCart();
    localStorage.clear();
    sessionStorage.clear();
  });

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

  it('computes the total from subtotal, coupon and the wilaya fee, shipping "à choisir" until chosen', async () => {
    const user = userEvent.setup();
    fillCart();
    setup();
    // 2 × 1200 + 1000 = 3400; no wilaya yet: no made-up fee.
    expect(screen.getByTestId('shipping')).toHaveTextContent('à choisir');
    expect(screen.getByText('hors livraison')).toBeInTheDocument();
    expect(total()).toMatch(/3.400,00 Da/);
    // Found by its number as well as its name, listed as "31 - Oran".
    await chooseWilaya(user, screen, '31');
    expect(screen.getByRole('combobox', { name: 'Wilaya' })).toHaveValue('31 - Oran');
    expect(screen.getByTestId('shipping')).toHaveTextContent(/600,00 Da/);
    expect(total()).toMatch(/4.000,00 Da/);
    await user.type(screen.getByPlaceholderText('Ajouter un code promo'), 'BIENVENUE10');
    await user.click(screen.getByRole('button', { name: 'Appliquer' }));
    await screen.findByText('Code promo appliqué avec succès.');
    // 3400 − 10 % + 600 = 3660.
    expect(total()).toMatch(/3.660,00 Da/);
  });

  it('shows a coupon of a fixed amount as "-500,00 Da", never more than the subtotal', async () => {
    const user = userEvent.setup();
    fillCart();
    setup((url) =>
      url.pathname === '/api/coupon/validate/MOINS500'
        ? ok({ code: 'MOINS500', discount_percentage: 0, discount_amount: 500 })
        : undefined,
    );
    await chooseWilaya(user, screen, '31');
    await user.type(screen.getByPlaceholderText('Ajouter un code promo'), 'moins500');
    await user.click(screen.getByRole('button', { name: 'Appliquer' }));
    await screen.findByText('Code promo appliqué avec succès.');
    const totals = within(screen.getByTestId('totals'));
    const discount = totals.getByText('Réduction').closest('div')!;
    expect(discount.textContent?.replace(/\s/g, ' ')).toMatch(/-500,00 Da/);
    // 3400 − 500 + 600 = 3500.
    expect(total()).toMatch(/3.500,00 Da/);
  });

  it('shows each line total, caps "+" and typed quantities at the stock the server reports', async () => {
    const user = userEvent.setup();
    addToCart({ id: 1, name: 'T-shirt', cost: 1200, src: '', size: 'M', Quantity: 2 });
    setup((url) =>
      url.pathname === '/api/product/checkStock'
        ? ok({ ok: true, items: [{ product_id: 1, name: 'T-shirt', size: 'M', requested: 1, available: 3, ok: true }] })
        : undefined,
    );
    expect(screen.getByTestId('line-total')).toHaveTextContent(/2.400,00 Da/);
    const group = screen.getByRole('group', { name: 'Quantité — T-shirt' });
    const plus = within(group).getByRole('button', { name: 'Augmenter la quantité' });
    await user.click(plus);
    expect(getCart()[0]!.Quantity).toBe(3);
    expect(plus).toBeDisabled();
    expect(screen.getByText('Maximum 3 (stock disponible)')).toBeInTheDocument();
    expect(screen.getByTestId('line-total')).toHaveTextContent(/3.600,00 Da/);
    // Typing 36 keeps 3; typing 1 is taken.
    const field = within(group).getByRole('textbox', { name: 'Quantité — T-shirt' });
    await user.clear(field);
    await user.type(field, '36{Enter}');
    expect(getCart()[0]!.Quantity).toBe(3);
    await user.clear(field);
    await user.type(field, '1');
    await user.tab();
    expect(getCart()[0]!.Quantity).toBe(1);
  });

  it('leaves a line sold out since it was added out of the total and the order, and says so', async () => {
    const user = userEvent.setup();
    fillCart();
    const fetchMock = setup((url, init) => {
      if (url.pathname !== '/api/product/checkStock') return undefined;
      const items = (JSON.parse(init?.body as string) as { items: { product_id: number; size: string }[] }).items;
      return ok({
        ok: true,
        items: items.map((i) => ({
          product_id: i.product_id,
          name: i.product_id === 1 ? 'T-shirt' : 'Crème',
          size: i.size,
          requested: 1,
          available: i.product_id === 2 ? 0 : 9,
          ok: true,
        })),
      });
    });
    // The cream (1 000 Da) is gone: 2 × 1200 only.
    expect(await screen.findByTestId('line-sold-out')).toHaveTextContent('Épuisé : non compté dans le total');
    expect(total()).toMatch(/2.400,00 Da/);
    expect(screen.getByTestId('sold-out-note')).toHaveTextContent(
      '1 article épuisé n’est ni compté dans le total ni commandé.',
    );
    await user.click(screen.getByRole('button', { name: /Passer la commande/ }));
    const d = within(await screen.findByRole('dialog'));
    await user.type(d.getByLabelText('Nom complet'), 'Sara');
    await user.type(d.getByLabelText('Numéro de téléphone'), '0555123456');
    await user.type(d.getByLabelText('Adresse'), '12 rue Didouche');
    await chooseWilaya(user, d, 'Alger');
    await chooseCommune(user, d, 'hyd', 'Hydra');
    await user.type(d.getByLabelText('Code postal'), '16035');
    await user.click(d.getByRole('button', { name: 'Confirmer la commande' }));
    expect(await screen.findByTestId('order-number')).toHaveTextContent('#42');
    expect(sentBodies(fetchMock, '/order')[0]).toMatchObject({
      subtotal: '2400.00',
      items: [{ product_id: 1, quantity: 2, size: 'M' }],
    });
  });

  it('cannot check out a cart whose every line is sold out', async () => {
    addToCart({ id: 2, name: 'Crème', cost: 1000, src: '', size: '', Quantity: 1 });
    setup((url) =>
      url.pathname === '/api/product/checkStock'
        ? ok({ ok: true, items: [{ product_id: 2, name: 'Crème', size: '', requested: 1, available: 0, ok: false }] })
        : undefined,
    );
    expect(await screen.findByTestId('sold-out-note')).toHaveTextContent(
      'Tous les articles de votre panier sont épuisés',
    );
    expect(screen.getByRole('button', { name: /Passer la commande/ })).toBeDisabled();
    expect(total()).toMatch(/^0,00 Da/);
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
    // 3400 − 10 % = 3060 (no wilaya chosen yet).
    expect(total()).toMatch(/3.060,00 Da/);
    expect(screen.getByText('Réduction (-10%)')).toBeInTheDocument();

    await user.clear(screen.getByPlaceholderText('Ajouter un code promo'));
    await user.type(screen.getByPlaceholderText('Ajouter un code promo'), 'FAUX');
    await user.click(screen.getByRole('button', { name: 'Appliquer' }));
    expect(await screen.findByText('Code promo incorrect, veuillez réessayer !')).toBeInTheDocument();
    expect(total()).toMatch(/3.400,00 Da/);
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
    // The storefront speaks French (DESIGN §6.3).
    for (const message of [
      'Le nom complet est requis',
      'Le numéro de téléphone est requis',
      "L'adresse est requise",
      'La wilaya est requise',
      'La commune est requise',
      'Le code postal est requis',
    ]) {
      expect(await d.findByText(message)).toBeInTheDocument();
    }
    await user.type(d.getByLabelText('Numéro de téléphone'), '1234567890');
    expect(await d.findByText('Numéro de téléphone invalide (ex. 0555 12 34 56)')).toBeInTheDocument();
    await user.type(d.getByLabelText('Code postal'), '16');
    expect(await d.findByText('Le code postal doit contenir 5 chiffres')).toBeInTheDocument();

    // Typed the way people write it; sent in one form.
    await user.clear(d.getByLabelText('Numéro de téléphone'));
    await user.type(d.getByLabelText('Numéro de téléphone'), '+213 555 12 34 56');
    await user.type(d.getByLabelText('Code postal'), '000');
    await user.type(d.getByLabelText('Nom complet'), 'Sara');
    await user.type(d.getByLabelText('Adresse'), '12 rue Didouche');
    await chooseWilaya(user, d, 'alg');
    await chooseCommune(user, d, 'bab', 'Bab El Oued');
    await user.click(d.getByRole('button', { name: '4 étoiles' }));
    await user.click(d.getByRole('button', { name: 'Confirmer la commande' }));

    expect(await screen.findByRole('heading', { name: 'Merci pour votre commande !' })).toBeInTheDocument();
    expect(screen.getByTestId('order-number')).toHaveTextContent('#42');
    expect(screen.getByText('Paiement à la livraison')).toBeInTheDocument();
    expect(screen.getByText('3-5 jours ouvrables')).toBeInTheDocument();
    expect(screen.getByTestId('delivery-address')).toHaveTextContent('12 rue Didouche, Bab El Oued, Alger 16000');
    expect(screen.getByTestId('delivery-type')).toHaveTextContent('À domicile');
    // What was ordered and what the server charged, and the number typed, which the shop will call.
    expect(within(screen.getByTestId('ordered-lines')).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByTestId('ordered-lines')).toHaveTextContent(/T-shirt.*Medium · Quantité : 2.*Crème/);
    expect(screen.getByTestId('ordered-figures')).toHaveTextContent(/Sous-total3.400,00 Da.*Livraison400,00 Da/);
    expect(screen.getByTestId('call-to-confirm')).toHaveTextContent(
      'Nous vous appellerons au 0555 12 34 56 pour confirmer votre commande.',
    );

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
      delivery_type: 'home',
      commune: 'Bab El Oued',
      size: 'M',
      items: [
        { product_id: 1, quantity: 2, size: 'M' },
        { product_id: 2, quantity: 1, size: '' },
      ],
      // The browser's event id of the order, which the server's purchase event reuses.
      event_id: expect.stringMatching(/^ord-[0-9a-f]{32}$/),
    });
    expect(sentBodies(fetchMock, '/rating/create')).toEqual([
      expect.objectContaining({ product_id: 1, order_id: 42, rating: 4, review: 'Excellent produit !' }),
      expect.objectContaining({ product_id: 2, order_id: 42, rating: 4, review: 'Excellent produit !' }),
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

  it('takes a phone, postal code and quantity typed in Arabic-Indic digits', async () => {
    const user = userEvent.setup();
    fillCart();
    const fetchMock = setup();
    // The quantity box keeps an Arabic digit (as its Western twin) instead of deleting it.
    const field = within(screen.getByRole('group', { name: 'Quantité — T-shirt' })).getByRole('textbox');
    await user.clear(field);
    await user.type(field, '٣');
    expect(field).toHaveValue('3');
    await user.tab();
    expect(getCart()[0]!.Quantity).toBe(3);

    await user.click(screen.getByRole('button', { name: /Passer la commande/ }));
    const d = within(await screen.findByRole('dialog'));
    await user.type(d.getByLabelText('Nom complet'), 'سمير');
    await user.type(d.getByLabelText('Numéro de téléphone'), '٠٦٦١٢٣٤٥٦٧');
    await user.type(d.getByLabelText('Adresse'), 'حي النصر');
    await chooseWilaya(user, d, 'Alger');
    await chooseCommune(user, d, 'hyd', 'Hydra');
    await user.type(d.getByLabelText('Code postal'), '١٦٠٠٠');
    await user.click(d.getByRole('button', { name: 'Confirmer la commande' }));
    expect(await screen.findByTestId('order-number')).toHaveTextContent('#42');
    expect(sentBodies(fetchMock, '/order')[0]).toMatchObject({
      customer_phone: '0661234567',
      customer_postal_code: '16000',
      items: [
        { product_id: 1, quantity: 3, size: 'M' },
        { product_id: 2, quantity: 1, size: '' },
      ],
    });
  });

  it('keeps the thank-you screen, with the order number and total, after a reload', async () => {
    const user = userEvent.setup();
    fillCart();
    await placeOrderThroughDialog(user);
    expect(await screen.findByTestId('order-number')).toHaveTextContent('#42');
    cleanup();
    // A new page load: the cart is empty, the confirmation is what shows.
    setup();
    expect(screen.getByRole('heading', { name: 'Merci pour votre commande !' })).toBeInTheDocument();
    expect(screen.getByTestId('order-number')).toHaveTextContent('#42');
    expect(screen.getByTestId('order-total')).toHaveTextContent(/3.460,00 Da/);
    expect(screen.getByText(/en donnant le numéro #42/)).toBeInTheDocument();
    // Following the order: the number and the phone it was placed with, together.
    expect(screen.getByRole('link', { name: 'Suivre ma commande en ligne' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/suivi\?commande=42&tel=05/),
    );
    await user.click(screen.getByRole('button', { name: 'Continuer vos achats' }));
    cleanup();
    setup();
    expect(screen.getByText('Votre panier est vide!')).toBeInTheDocument();
  });

  it('says its own failure message when the answer has none (a proxy page), not the status text', async () => {
    const user = userEvent.setup();
    fillCart();
    await placeOrderThroughDialog(user, (url) =>
      url.pathname === '/api/order'
        ? new Response('<html><body><h1>400 Bad Request</h1></body></html>', {
            status: 400,
            statusText: 'Bad Request',
            headers: { 'content-type': 'text/html' },
          })
        : undefined,
    );
    expect(await screen.findByText('La commande n’a pas pu être créée')).toBeInTheDocument();
    expect(screen.queryByText('Bad Request')).not.toBeInTheDocument();
  });

  it('after a lost answer, says the order may be recorded already and that sending again is safe', async () => {
    const user = userEvent.setup();
    fillCart();
    await placeOrderThroughDialog(user, (url) => {
      if (url.pathname === '/api/order') throw new TypeError('Failed to fetch');
      return undefined;
    });
    const dialog = within(screen.getByRole('dialog'));
    expect(
      await dialog.findByText(
        'La connexion a été coupée avant la réponse : votre commande est peut-être déjà enregistrée. Vous pouvez la renvoyer sans crainte, elle ne sera pas enregistrée deux fois.',
      ),
    ).toBeInTheDocument();
  });

  it('keeps what was typed when the dialog is closed by a tap beside it', async () => {
    const user = userEvent.setup();
    fillCart();
    setup();
    await user.click(screen.getByRole('button', { name: /Passer la commande/ }));
    let d = within(await screen.findByRole('dialog'));
    await user.type(d.getByLabelText('Nom complet'), 'Sara Test');
    await user.type(d.getByLabelText('Numéro de téléphone'), '0555 12 34 56');
    fireEvent.mouseDown(screen.getByTestId('dialog-backdrop'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Passer la commande/ }));
    d = within(await screen.findByRole('dialog'));
    expect(d.getByLabelText('Nom complet')).toHaveValue('Sara Test');
    expect(d.getByLabelText('Numéro de téléphone')).toHaveValue('0555 12 34 56');
  });

  it('asks to confirm a new total when prices changed, and shows order errors', async () => {
    const user = userEvent.setup();
    fillCart();
    let attempt = 0;
    const fetchMock = setup((url) => {
      if (url.pathname !== '/api/order') return undefined;
      attempt += 1;
      if (attempt === 1) {
        return fail(409, 'Les prix ont changé', {
          subtotal: 3600,
          shipping_fee: 400,
          total: 4000,
          items: [{ product_id: 1, size: 'M', unit_price: 1300 }],
        });
      }
      if (attempt === 2) return fail(400, 'Code promo expiré');
      return ok({ order_id: 43, total: 4000 }, 201);
    });
    await user.click(screen.getByRole('button', { name: /Passer la commande/ }));
    const d = within(await screen.findByRole('dialog'));
    await user.type(d.getByLabelText('Nom complet'), 'Sara');
    await user.type(d.getByLabelText('Numéro de téléphone'), '0555123456');
    await user.type(d.getByLabelText('Adresse'), 'Rue 1');
    await chooseWilaya(user, d, 'Alger');
    await chooseCommune(user, d, 'alger c', 'Alger Centre');
    await user.click(d.getByRole('button', { name: 'Confirmer la commande' }));
    expect(await d.findByText(/Les prix ont changé depuis votre visite/)).toHaveTextContent(/4.000,00 Da/);
    // The cart behind the dialog shows the new prices too: 2 × 1300 + 1000 + 400.
    expect(getCart()[0]!.cost).toBe(1300);
    expect(total()).toMatch(/4.000,00 Da/);
    await user.click(d.getByRole('button', { name: 'Confirmer avec le nouveau total' }));
    expect(await d.findByText('Code promo expiré')).toBeInTheDocument();
    expect(sentBodies(fetchMock, '/order')[1]).toMatchObject({ subtotal: '3600.00', shipping_fee: '400.00' });
    await user.click(d.getByRole('button', { name: 'Confirmer la commande' }));
    await waitFor(() => expect(screen.getByTestId('order-number')).toHaveTextContent('#43'));
  });

  it('prices a stop desk delivery, turns it off where the wilaya has none, and fills the postal code from the commune', async () => {
    const user = userEvent.setup();
    fillCart();
    const fetchMock = setup();
    await chooseWilaya(user, screen, 'Oran');
    // Oran has no stop desk: the choice is off and says so; home is the fee.
    const summary = within(screen.getByRole('group', { name: 'Mode de livraison' }));
    expect(summary.getByRole('radio', { name: /Point relais/ })).toBeDisabled();
    expect(summary.getByText('Pas de point relais dans cette wilaya')).toBeInTheDocument();
    expect(summary.getByRole('radio', { name: /À domicile/ })).toBeChecked();
    expect(total()).toMatch(/4.000,00 Da/);
    await chooseWilaya(user, screen, 'Alger');
    expect(summary.getByRole('radio', { name: /Point relais.*250,00 Da/ })).toBeEnabled();
    await user.click(summary.getByRole('radio', { name: /Point relais/ }));
    // 3400 + 250 at the stop desk instead of 400 at home.
    expect(screen.getByTestId('shipping')).toHaveTextContent(/250,00 Da/);
    expect(total()).toMatch(/3.650,00 Da/);
    // The wilaya box says the stop desk's fee too, not the home one; and its list each wilaya's,
    // the home fee where a wilaya has no stop desk.
    const box = screen.getByRole('combobox', { name: 'Wilaya' });
    expect(box.parentElement).toHaveTextContent(/250,00 Da/);
    expect(box.parentElement).not.toHaveTextContent(/400,00 Da/);
    await user.click(screen.getByRole('button', { name: 'Afficher les wilayas' }));
    expect(screen.getByRole('option', { name: /Alger.*250,00 Da/ })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: /Oran.*600,00 Da/ })).toBeInTheDocument();
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('button', { name: /Passer la commande/ }));
    const d = within(await screen.findByRole('dialog'));
    // The dialog shows the same choice.
    expect(d.getByRole('radio', { name: /Point relais/ })).toBeChecked();
    await user.type(d.getByLabelText('Nom complet'), 'Sara');
    await user.type(d.getByLabelText('Numéro de téléphone'), '0555123456');
    await user.type(d.getByLabelText('Adresse'), 'Rue 1');
    // Typed in Arabic, found all the same; its postal code fills the field.
    await chooseCommune(user, d, 'الجزائر', 'Alger Centre');
    expect(d.getByLabelText('Code postal')).toHaveValue('16000');
    await user.click(d.getByRole('button', { name: 'Confirmer la commande' }));
    await screen.findByTestId('order-number');
    expect(sentBodies(fetchMock, '/order')[0]).toMatchObject({
      delivery_type: 'stop_desk',
      commune: 'Alger Centre',
      shipping_fee: '250.00',
      customer_postal_code: '16000',
    });
    expect(screen.getByTestId('delivery-type')).toHaveTextContent('Point relais (stop desk)');
  });

  it("prices the chosen commune's own fee where it has one, shows it and sends it", async () => {
    const user = userEvent.setup();
    fillCart();
    // Hydra costs 550 Da at home; Bab El Oued 200 Da at the stop desk.
    const priced = [
      {
        ...wilayas[0],
        communes: [
          { name: 'Bab El Oued', price: null, stop_desk_price: 200 },
          { name: 'Hydra', price: 550, stop_desk_price: null },
        ],
      },
      wilayas[1],
    ];
    const fetchMock = setup((url) => (url.pathname === '/api/ShippingPrice/read' ? ok(priced) : undefined));
    await chooseWilaya(user, screen, 'Alger');
    expect(screen.getByTestId('shipping')).toHaveTextContent(/400,00 Da/);
    await user.click(screen.getByRole('button', { name: /Passer la commande/ }));
    const d = within(await screen.findByRole('dialog'));
    await user.type(d.getByLabelText('Nom complet'), 'Sara');
    await user.type(d.getByLabelText('Numéro de téléphone'), '0555123456');
    await user.type(d.getByLabelText('Adresse'), 'Rue 1');
    await user.type(d.getByLabelText('Code postal'), '16000');
    await chooseCommune(user, d, 'hyd', 'Hydra');
    // The commune's fee, in the dialog's choice and total and in the page's summary.
    expect(d.getByRole('radio', { name: /À domicile.*550,00 Da/ })).toBeChecked();
    expect(d.getByRole('radio', { name: /Point relais.*250,00 Da/ })).toBeInTheDocument();
    expect(d.getByText(/3.950,00 Da/)).toBeInTheDocument();
    expect(screen.getByTestId('shipping')).toHaveTextContent(/550,00 Da/);
    expect(total()).toMatch(/3.950,00 Da/);
    // Another commune: its stop desk fee.
    await chooseCommune(user, d, 'bab', 'Bab El Oued');
    await user.click(d.getByRole('radio', { name: /Point relais.*200,00 Da/ }));
    expect(d.getByRole('radio', { name: /À domicile.*400,00 Da/ })).toBeInTheDocument();
    expect(total()).toMatch(/3.600,00 Da/);
    await user.click(d.getByRole('button', { name: 'Confirmer la commande' }));
    await screen.findByTestId('order-number');
    expect(sentBodies(fetchMock, '/order')[0]).toMatchObject({
      delivery_type: 'stop_desk',
      commune: 'Bab El Oued',
      shipping_fee: '200.00',
    });
  });

  it('forgets a commune typed for another wilaya when the wilaya changes behind the dialog', async () => {
    const user = userEvent.setup();
    fillCart();
    setup();
    await chooseWilaya(user, screen, 'Alger');
    await user.click(screen.getByRole('button', { name: /Passer la commande/ }));
    let d = within(await screen.findByRole('dialog'));
    await chooseCommune(user, d, 'hyd', 'Hydra');
    await user.click(d.getByRole('button', { name: 'Annuler' }));
    await chooseWilaya(user, screen, 'Oran');
    await user.click(screen.getByRole('button', { name: /Passer la commande/ }));
    d = within(await screen.findByRole('dialog'));
    // Oran is not in the commune data of this test: the commune is typed, and starts empty.
    expect(await d.findByRole('textbox', { name: 'Commune' })).toHaveValue('');
  });
});
