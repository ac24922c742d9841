// The checkout draft as the customer makes it: saved once a name and a valid phone are typed (not
// before), with the cart's lines, under the browser's key; the order carries the key, which is
// then forgotten. The notice under the phone field, in French and in Arabic.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { activateLanguage } from '../../../i18n/i18n.ts';
import { mockFetch, ok, renderPage, sentBodies } from '../../../test-utils.tsx';
import { addToCart, clearCart } from '../cart-store.ts';
import { CartPage } from './cart-page.tsx';
import { existingDraftKey } from '../../checkout/draft-save.ts';
import { captureLanding } from '../../marketing/attribution.ts';

const wilayas = [{ id: 16, wilaya_code: 16, wilaya_name: 'Alger', price: 400, stop_desk_price: 250 }];

function setup() {
  const fetchMock = mockFetch((url) => {
    if (url.pathname === '/api/ShippingPrice/read') return ok(wilayas);
    if (url.pathname === '/api/commune') return ok([{ name: 'Hydra', name_ar: 'حيدرة', postal_code: '16035' }]);
    if (url.pathname === '/api/settings') return ok({ whatsapp_url: '', social: {} });
    if (url.pathname === '/api/product/checkStock') return ok({ ok: true, items: [] });
    if (url.pathname.startsWith('/api/checkout-drafts/')) return ok({ saved: true });
    if (url.pathname === '/api/order') {
      return ok({ order_id: 42, subtotal: 2400, discount_percentage: 0, shipping_fee: 400, total: 2800 }, 201);
    }
    return undefined;
  });
  renderPage(<CartPage />);
  return fetchMock;
}

const draftCalls = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls.filter(([input]) => input.startsWith('/api/checkout-drafts/'));

beforeEach(() => {
  clearCart();
  localStorage.clear();
  sessionStorage.clear();
  addToCart({ id: 7, name: 'T-shirt', cost: 1200, src: '/uploads/a.webp', size: 'M', Quantity: 2 });
});
afterEach(async () => {
  await act(() => activateLanguage('fr'));
});

describe('the checkout draft', () => {
  it('is saved once a name and a valid phone are typed, and the order carries and spends its key', async () => {
    const fetchMock = setup();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /Passer la commande/ }));
    const d = within(await screen.findByRole('dialog'));
    expect(
      d.getByText('Nous pouvons vous appeler au sujet de cette commande si vous ne la terminez pas.'),
    ).toBeVisible();
    await user.type(d.getByLabelText('Nom complet'), 'Sara');
    await user.type(d.getByLabelText('Numéro de téléphone'), '0555 12 34 56');

    await waitFor(() => expect(draftCalls(fetchMock)).toHaveLength(1), { timeout: 4000 });
    const [url, init] = draftCalls(fetchMock)[0]!;
    expect(init?.method).toBe('PUT');
    const key = existingDraftKey();
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(url).toBe(`/api/checkout-drafts/${key}`);
    // Never a draft without the whole phone: the first one sent has it.
    expect(JSON.parse(init?.body as string)).toEqual({
      checkout: 'cart',
      customer_name: 'Sara',
      customer_phone: '0555 12 34 56',
      wilaya: '',
      commune: '',
      address: '',
      postal_code: '',
      delivery_type: 'home',
      lines: [{ product_id: 7, size: 'M', quantity: 2 }],
      page_url: '/',
    });

    await user.type(d.getByLabelText('Adresse'), '12 rue Didouche');
    await user.type(d.getByRole('combobox', { name: 'Wilaya' }), 'Alger');
    await user.click(await d.findByRole('option', { name: /Alger/ }));
    const commune = d.getByRole('combobox', { name: 'Commune' });
    await waitFor(() => expect(commune).toBeEnabled());
    await user.type(commune, 'hyd');
    await user.click(await d.findByRole('option', { name: /Hydra/ }));
    await user.click(d.getByRole('button', { name: 'Confirmer la commande' }));
    await waitFor(() => expect(sentBodies(fetchMock, '/order')).toHaveLength(1));
    expect(sentBodies(fetchMock, '/order')[0]).toMatchObject({ customer_name: 'Sara', checkout_draft_key: key });
    // The next checkout is a new draft.
    await waitFor(() => expect(existingDraftKey()).toBeNull());
  });

  it('carries where the customer came from, without an event id, as the order would', async () => {
    const landing = 'https://boutique.example/produit/7?utm_source=facebook&utm_campaign=Soldes&fbclid=IwAR-draft';
    const landedAt = Date.now();
    captureLanding(landing, landedAt);
    document.cookie = '_fbp=fb.1.1764000000000.987654321';
    try {
      const fetchMock = setup();
      const user = userEvent.setup();
      await user.click(screen.getByRole('button', { name: /Passer la commande/ }));
      const d = within(await screen.findByRole('dialog'));
      await user.type(d.getByLabelText('Nom complet'), 'Sara');
      await user.type(d.getByLabelText('Numéro de téléphone'), '0555 12 34 56');

      await waitFor(() => expect(draftCalls(fetchMock)).toHaveLength(1), { timeout: 4000 });
      const body = JSON.parse(draftCalls(fetchMock)[0]![1]?.body as string) as Record<string, unknown>;
      expect(body).toMatchObject({
        customer_name: 'Sara',
        fbp: 'fb.1.1764000000000.987654321',
        fbc: `fb.1.${landedAt}.IwAR-draft`,
        utm_source: 'facebook',
        utm_campaign: 'Soldes',
        landing_url: landing,
      });
      expect(body).not.toHaveProperty('event_id');
    } finally {
      document.cookie = '_fbp=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
    }
  });

  it('says in Arabic that the shop may call', async () => {
    await act(() => activateLanguage('ar'));
    setup();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /اطلب الآن/ }));
    const d = within(await screen.findByRole('dialog'));
    expect(d.getByText('قد نتصل بك بخصوص هذا الطلب إذا لم تُكمله.')).toBeVisible();
  });
});
