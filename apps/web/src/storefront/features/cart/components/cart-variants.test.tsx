// Cart lines of a product in colours (issue 30): one line per product, colour and size (SPEC §3),
// shown with the colour's swatch and name; the colour goes with the stock check, the draft and the
// order, and the unavailable list names it. Older carts (no colour fields) keep working.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { activateLanguage } from '../../../i18n/i18n.ts';
import { fail, mockFetch, ok, renderPage, sentBodies } from '../../../test-utils.tsx';
import {
  addToCart,
  CART_STORAGE_KEY,
  clearCart,
  getCart,
  reloadCart,
  repriceCart,
  setLineStock,
  type CartLine,
} from '../cart-store.ts';
import { CartPage } from './cart-page.tsx';

const wilayas = [{ id: 16, wilaya_code: 16, wilaya_name: 'Alger', price: 400, stop_desk_price: 250 }];

const redM: CartLine = {
  id: 7,
  name: 'Robe été',
  name_ar: 'فستان صيفي',
  cost: 3000,
  src: '/uploads/red.webp',
  size: 'M',
  Quantity: 1,
  color: 'Rouge',
  color_ar: 'أحمر',
  swatch: '#cc0000',
  max: 3,
};
const blueM: CartLine = {
  ...redM,
  src: '/uploads/blue.webp',
  color: 'Bleu',
  color_ar: null,
  swatch: '#0033cc',
  max: 6,
};

type Handler = Parameters<typeof mockFetch>[0];

function setup(extra: Handler = () => undefined) {
  const fetchMock = mockFetch((url, init) => {
    const answer = extra(url, init);
    if (answer) return answer;
    if (url.pathname === '/api/ShippingPrice/read') return ok(wilayas);
    if (url.pathname === '/api/commune') return ok([{ name: 'Hydra', name_ar: 'حيدرة', postal_code: '16035' }]);
    if (url.pathname === '/api/settings') return ok({ whatsapp_url: '', social: {} });
    if (url.pathname === '/api/product/checkStock') return ok({ ok: true, items: [] });
    if (url.pathname.startsWith('/api/checkout-drafts/')) return ok({ saved: true });
    if (url.pathname === '/api/order')
      return ok({ order_id: 42, subtotal: 6000, discount_percentage: 0, shipping_fee: 400, total: 6400 }, 201);
    return undefined;
  });
  renderPage(<CartPage />);
  return fetchMock;
}

beforeEach(() => {
  clearCart();
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(async () => {
  await act(() => activateLanguage('fr'));
});

describe('cart lines per colour', () => {
  it('puts red M and blue M on two lines, red M twice on one, each capped by its own stock', () => {
    addToCart(redM);
    addToCart(blueM);
    addToCart(redM);
    expect(getCart().map((l) => [l.color, l.size, l.Quantity])).toEqual([
      ['Rouge', 'M', 2],
      ['Bleu', 'M', 1],
    ]);
    // Red M has 3: two more stop at 3, blue M is not counted against it.
    expect(addToCart({ ...redM, Quantity: 2 })).toEqual({ quantity: 3, added: 1 });
    // The stock check's answer is per colour (its name as the server says it).
    setLineStock([
      { product_id: 7, size: 'M', color: 'rouge', available: 1 },
      { product_id: 7, size: 'M', color: 'Bleu', available: 4 },
    ]);
    expect(getCart().map((l) => [l.color, l.max])).toEqual([
      ['Rouge', 1],
      ['Bleu', 4],
    ]);
  });

  it('takes the server’s prices per colour, and drops a stored line whose colour is not a text', () => {
    addToCart(redM);
    addToCart(blueM);
    repriceCart([{ product_id: 7, size: 'M', color: 'Bleu', unit_price: 3400 }]);
    expect(getCart().map((l) => [l.color, l.cost])).toEqual([
      ['Rouge', 3000],
      ['Bleu', 3400],
    ]);
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify([{ ...redM, color: 42 }, blueM]));
    reloadCart();
    expect(getCart().map((l) => l.color)).toEqual(['Bleu']);
  });

  it('restores an older cart without colour fields, and one holding only the colour’s name', async () => {
    localStorage.setItem(
      CART_STORAGE_KEY,
      JSON.stringify([
        { id: 1, name: 'T-shirt', cost: 1200, src: '', size: 'Medium', Quantity: 2 },
        { id: 7, name: 'Robe été', cost: 3000, src: '', size: 'M', Quantity: 1, color: 'Rouge' },
      ]),
    );
    reloadCart();
    expect(getCart()).toHaveLength(2);
    const fetchMock = setup();
    const [shirt, dress] = screen.getAllByRole('listitem').filter((li) => li.querySelector('h2'));
    expect(shirt).toHaveTextContent('Taille: Medium');
    expect(within(shirt!).queryByTestId('line-color')).not.toBeInTheDocument();
    expect(within(dress!).getByTestId('line-color')).toHaveTextContent('Couleur: Rouge');
    await waitFor(() => expect(sentBodies(fetchMock, '/product/checkStock')).toHaveLength(1));
    expect(sentBodies(fetchMock, '/product/checkStock')[0]).toEqual({
      items: [
        { product_id: 1, size: 'M', quantity: 1 },
        { product_id: 7, size: 'M', quantity: 1, color: 'Rouge' },
      ],
    });
  });

  it('shows each line’s colour and size, sends the colour with the check, the draft and the order', async () => {
    const user = userEvent.setup();
    addToCart({ ...redM, Quantity: 2 });
    addToCart(blueM);
    addToCart({
      ...redM,
      id: 8,
      name: 'Jean',
      color: undefined,
      swatch: undefined,
      size: '42.5',
      size_scale: 'numbers',
    });
    const fetchMock = setup();
    const lines = screen.getAllByRole('listitem').filter((li) => li.querySelector('h2'));
    expect(lines.map((li) => within(li).queryByTestId('line-color')?.textContent ?? '')).toEqual([
      'Couleur: Rouge',
      'Couleur: Bleu',
      '',
    ]);
    expect(lines[0]!.querySelector('[data-testid="line-color"] [aria-hidden="true"]')).toHaveStyle({
      backgroundColor: '#cc0000',
    });
    expect(lines[2]).toHaveTextContent('Taille: 42.5');

    await user.click(screen.getByRole('button', { name: /Passer la commande/ }));
    const d = within(await screen.findByRole('dialog'));
    await user.type(d.getByLabelText('Nom complet'), 'Sara');
    await user.type(d.getByLabelText('Numéro de téléphone'), '0555123456');
    const items = [
      { product_id: 7, quantity: 2, size: 'M', color: 'Rouge' },
      { product_id: 7, quantity: 1, size: 'M', color: 'Bleu' },
      { product_id: 8, quantity: 1, size: '42.5' },
    ];
    await waitFor(() => expect(sentBodies(fetchMock, '/product/checkStock').length).toBeGreaterThanOrEqual(2), {
      timeout: 4000,
    });
    expect(sentBodies(fetchMock, '/product/checkStock').at(-1)).toEqual({ items });
    await waitFor(
      () =>
        expect(
          fetchMock.mock.calls.filter(([input]) => input.startsWith('/api/checkout-drafts/')).length,
        ).toBeGreaterThan(0),
      { timeout: 4000 },
    );
    const draft = fetchMock.mock.calls.find(([input]) => input.startsWith('/api/checkout-drafts/'))!;
    expect((JSON.parse(draft[1]?.body as string) as { lines: unknown }).lines).toEqual(items);
    await user.type(d.getByLabelText('Adresse'), '12 rue Didouche');
    await user.type(d.getByRole('combobox', { name: 'Wilaya' }), 'Alger');
    await user.click(await d.findByRole('option', { name: /Alger/ }));
    const commune = d.getByRole('combobox', { name: 'Commune' });
    await waitFor(() => expect(commune).toBeEnabled());
    await user.type(commune, 'hyd');
    await user.click(await d.findByRole('option', { name: /Hydra/ }));
    await user.click(d.getByRole('button', { name: 'Confirmer la commande' }));
    expect(await screen.findByTestId('order-number')).toHaveTextContent('#42');
    expect(sentBodies(fetchMock, '/order')[0]).toMatchObject({ items });
    // The thank-you screen lists each line's size and colour.
    expect(screen.getByText(/^Medium · Rouge · /)).toBeInTheDocument();
    expect(screen.getByText(/^Medium · Bleu · /)).toBeInTheDocument();
    expect(screen.getByText(/^42\.5 · /)).toBeInTheDocument();
  });

  it('says what the server refuses in a line, such as a colour not chosen on a product now sold in colours', async () => {
    const user = userEvent.setup();
    addToCart({ ...redM, color: undefined, color_ar: undefined, swatch: undefined });
    setup((url) =>
      url.pathname === '/api/product/checkStock' ? fail(400, 'Veuillez sélectionner une couleur') : undefined,
    );
    await user.click(screen.getByRole('button', { name: /Passer la commande/ }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Veuillez sélectionner une couleur');
    expect(alert).toHaveTextContent('Veuillez ajuster votre panier avant de continuer.');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('names the colour of a refused line in the unavailable list, in Arabic on /ar', async () => {
    await act(() => activateLanguage('ar'));
    const user = userEvent.setup();
    addToCart(redM);
    addToCart(blueM);
    setup((url) =>
      url.pathname === '/api/product/checkStock'
        ? ok({
            ok: false,
            items: [
              { product_id: 7, name: 'Robe été', size: 'M', color: 'Rouge', requested: 1, available: 0, ok: false },
              { product_id: 7, name: 'Robe été', size: 'M', color: 'Bleu', requested: 1, available: 6, ok: true },
            ],
          })
        : undefined,
    );
    const lines = screen.getAllByRole('listitem').filter((li) => li.querySelector('h2'));
    expect(within(lines[0]!).getByTestId('line-color')).toHaveTextContent('اللون: أحمر');
    // No Arabic name given: the French one.
    expect(within(lines[1]!).getByTestId('line-color')).toHaveTextContent('اللون: Bleu');
    await user.click(screen.getByRole('button', { name: /اطلب الآن/ }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Robe été (أحمر / متوسط (M))');
    expect(alert).not.toHaveTextContent('Bleu');
  });
});
