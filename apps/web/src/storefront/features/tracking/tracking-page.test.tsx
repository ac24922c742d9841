import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import userEvent from '@testing-library/user-event';
import type { OrderTracking } from '@shop/domain/order-responses';
import { formatDa } from '@shop/domain/money';
import { QUERY_DEFAULTS } from '../../../lib/query-defaults.ts';
import { fail, ok, renderPage } from '../../test-utils.tsx';
import { TrackingPage } from './components/tracking-page.tsx';
import { TrackingResult } from './components/tracking-result.tsx';
import { activateLanguage } from '../../i18n/i18n.ts';

const settings = {
  shop_name: 'Boutique DZ',
  phone: '0555 00 11 22',
  email: 'contact@boutique.dz',
  whatsapp: '213555001122',
  whatsapp_url: 'https://wa.me/213555001122',
  social: { facebook: '', instagram: '', tiktok: '' },
};

// Noon UTC: the same day in any time zone the tests run in.
const shipped: OrderTracking = {
  order_id: 12,
  status: 'shipping',
  timeline: [
    { step: 'received', at: '2026-03-12T12:00:00.000Z' },
    { step: 'confirmed', at: '2026-03-13T12:00:00.000Z' },
    { step: 'shipping', at: '2026-03-14T12:00:00.000Z' },
  ],
  tracking_number: 'YAL-7781-DZ',
  items: [
    { name: 'Robe kabyle', size: 'M', quantity: 2 },
    { name: 'Savon à l’argan', size: '', quantity: 1 },
    // The colour the order path adds to a line (issue 30).
    Object.assign({ name: 'Robe été', size: 'L', quantity: 1 }, { color: 'Rouge' }),
  ],
  total: 5400,
  amount_due: 5400,
  delivery_type: 'stop_desk',
  commune: 'Azazga',
  wilaya: 'Tizi Ouzou',
};

type Answer = ReturnType<typeof ok> | 'network';

/** /api/settings answers the shop; /api/order/track answers the next of `answers` (the last one again). */
function serve(answers: Answer[]) {
  const asked: URL[] = [];
  const fetchMock = vi.fn((input: string) => {
    const url = new URL(input, 'http://localhost');
    let answer: Answer = fail(404, 'Not found');
    if (url.pathname === '/api/settings') answer = ok(settings);
    if (url.pathname === '/api/order/track') {
      asked.push(url);
      answer = answers[Math.min(asked.length, answers.length) - 1]!;
    }
    if (answer === 'network') return Promise.reject(new TypeError('Failed to fetch'));
    return Promise.resolve(
      new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'content-type': 'application/json' },
      }),
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  return asked;
}

afterEach(() => vi.unstubAllGlobals());

async function search(user: ReturnType<typeof userEvent.setup>, orderNumber: string, phone: string) {
  const number = screen.getByLabelText('Numéro de commande');
  const tel = screen.getByLabelText('Téléphone');
  await user.clear(number);
  await user.type(number, orderNumber);
  await user.clear(tel);
  await user.type(tel, phone);
  await user.click(screen.getByRole('button', { name: 'Suivre' }));
}

function steps() {
  const list = screen.getByRole('list', { name: 'Étapes de la commande' });
  return within(list)
    .getAllByRole('listitem')
    .map((li) => li.textContent);
}

describe('TrackingPage', () => {
  it('shows a found order as a French timeline with long dates, the next step greyed, and its details', async () => {
    const asked = serve([ok(shipped)]);
    const user = userEvent.setup();
    renderPage(<TrackingPage />, { path: '/suivi', at: '/suivi' });
    await search(user, '#12', '0555 12 34 56');

    expect(await screen.findByRole('heading', { name: 'Commande #12' })).toHaveFocus();
    // The server is asked with the number and the phone it stores, and the address keeps them.
    expect(asked.map((u) => u.search)).toEqual(['?order_id=12&phone=0555123456']);
    expect(screen.getByTestId('location')).toHaveTextContent('/suivi?commande=12&tel=0555123456');
    expect(steps()).toEqual([
      'Commande reçue12 mars 2026',
      'Confirmée13 mars 2026',
      'Expédiée14 mars 2026',
      'Livrée · Prochaine étapeLe livreur vous appelle avant de passer ; vous payez à la réception.',
    ]);
    const items = within(screen.getByRole('list', { name: 'Étapes de la commande' })).getAllByRole('listitem');
    expect(items.map((li) => li.getAttribute('aria-current'))).toEqual([null, null, 'step', null]);
    expect(within(items[2]!).getByText('14 mars 2026')).toHaveAttribute('datetime', '2026-03-14T12:00:00.000Z');
    // Only the next expected step is greyed.
    expect(items.map((li) => li.hasAttribute('data-next'))).toEqual([false, false, false, true]);
    expect(items[3]!.querySelector('div')).toHaveClass('text-neutral-500');
    expect(screen.getByText('Statut :').parentElement).toHaveTextContent('Statut : Expédiée');
    expect(screen.getByTestId('carrier-number')).toHaveTextContent('YAL-7781-DZ');
    expect(screen.getByText('Robe kabyle').closest('li')).toHaveTextContent('Robe kabyle · Taille M× 2');
    // A line of a product in colours names its colour (issue 30).
    expect(screen.getByText('Robe été').closest('li')).toHaveTextContent('Robe été · Taille L · Rouge× 1');
    expect(screen.getByText('Savon à l’argan').closest('li')).toHaveTextContent(/^Savon à l’argan× 1$/);
    expect(screen.getByTestId('tracking-total').textContent).toBe(formatDa(5400));
    // Where and how it is delivered.
    expect(screen.getByTestId('tracking-delivery')).toHaveTextContent('Azazga, Tizi OuzouPoint relais (stop desk)');
    // A question about it goes to the shop's phone and WhatsApp, quoting the number.
    expect(screen.getByRole('link', { name: 'Appeler le 0555 00 11 22' })).toHaveAttribute('href', 'tel:0555001122');
    expect(screen.getByRole('link', { name: 'Écrire sur WhatsApp' })).toHaveAttribute(
      'href',
      `https://wa.me/213555001122?text=${encodeURIComponent('Bonjour, j’ai une question sur ma commande #12.')}`,
    );
    // "Suivre" again with the same values asks the server again (the order may have moved).
    await user.click(screen.getByRole('button', { name: 'Suivre' }));
    await waitFor(() => expect(asked).toHaveLength(2));
  });

  it('reads an order number and a phone typed in Arabic-Indic digits', async () => {
    const asked = serve([ok(shipped)]);
    const user = userEvent.setup();
    renderPage(<TrackingPage />, { path: '/suivi', at: '/suivi' });
    await search(user, '#١٢', '٠٥٥٥ ١٢ ٣٤ ٥٦');
    expect(await screen.findByRole('heading', { name: 'Commande #12' })).toBeInTheDocument();
    expect(asked.map((u) => u.search)).toEqual(['?order_id=12&phone=0555123456']);
  });

  it('checks both fields with the domain’s rules before asking anything', async () => {
    const asked = serve([ok(shipped)]);
    const user = userEvent.setup();
    renderPage(<TrackingPage />, { path: '/suivi', at: '/suivi' });
    await user.click(screen.getByRole('button', { name: 'Suivre' }));
    expect(await screen.findByText('Le numéro de commande est requis')).toBeInTheDocument();
    expect(screen.getByText('Le numéro de téléphone est requis')).toBeInTheDocument();
    expect(screen.getByLabelText('Téléphone')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Numéro de commande')).toHaveFocus();
    // A field's message goes as it is edited; the other stays.
    await user.type(screen.getByLabelText('Téléphone'), '0');
    expect(screen.queryByText('Le numéro de téléphone est requis')).not.toBeInTheDocument();
    expect(screen.getByText('Le numéro de commande est requis')).toBeInTheDocument();
    await search(user, '12a', '0855 12 34 56');
    expect(await screen.findByText('Numéro de commande invalide')).toBeInTheDocument();
    expect(screen.getByText('Numéro de téléphone invalide (ex. 0555 12 34 56)')).toBeInTheDocument();
    expect(asked).toEqual([]);
  });

  it('says the same "Commande introuvable" whether the phone or the number is wrong', async () => {
    const asked = serve([fail(404, 'Commande introuvable')]);
    const user = userEvent.setup();
    renderPage(<TrackingPage />, { path: '/suivi', at: '/suivi' });
    await search(user, '12', '0661 00 00 00');
    const first = await screen.findByRole('alert');
    expect(within(first).getByRole('heading', { name: 'Commande introuvable' })).toHaveFocus();
    const said = first.textContent;
    expect(said).toContain('Vérifiez le numéro de commande');
    expect(said).toContain('le téléphone donné en commandant');
    expect(screen.queryByTestId('tracking-result')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Écrire sur WhatsApp' })).toHaveAttribute(
      'href',
      `https://wa.me/213555001122?text=${encodeURIComponent('Bonjour, je ne trouve pas ma commande #12 sur la page de suivi.')}`,
    );

    await search(user, '9999', '0555 12 34 56');
    await waitFor(() => expect(asked).toHaveLength(2));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(said));
    expect(screen.queryByRole('button', { name: 'Réessayer' })).not.toBeInTheDocument();
  });

  it('asks to wait after too many searches (429), without asking again by itself', async () => {
    const asked = serve([fail(429, 'Trop de demandes, veuillez réessayer dans quelques minutes')]);
    const user = userEvent.setup();
    // The app's own query defaults (one retry), not the tests' (none).
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: QUERY_DEFAULTS })}>
        <MemoryRouter initialEntries={['/suivi']}>
          <TrackingPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await search(user, '12', '0555123456');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Trop de recherches' })).toBeInTheDocument();
    expect(alert).toHaveTextContent('Patientez quelques minutes, puis réessayez.');
    expect(screen.queryByText('Commande introuvable')).not.toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 1_500));
    expect(asked).toHaveLength(1);
  });

  it('offers "Réessayer" after a network failure, and shows the order when it answers', async () => {
    const asked = serve(['network', ok(shipped)]);
    const user = userEvent.setup();
    renderPage(<TrackingPage />, { path: '/suivi', at: '/suivi' });
    await search(user, '12', '0555123456');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Impossible de joindre la boutique' })).toHaveFocus();
    expect(asked).toHaveLength(1);
    await user.click(within(alert).getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByRole('heading', { name: 'Commande #12' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(asked).toHaveLength(2);
  });

  it('fills the form from ?commande=N&tel=… and asks at once', async () => {
    const asked = serve([ok(shipped)]);
    renderPage(<TrackingPage />, { path: '/suivi', at: '/suivi?commande=12&tel=0555%2012%2034%2056' });
    expect(screen.getByLabelText('Numéro de commande')).toHaveValue('12');
    expect(screen.getByLabelText('Téléphone')).toHaveValue('0555 12 34 56');
    expect(await screen.findByRole('heading', { name: 'Commande #12' })).toBeInTheDocument();
    expect(asked.map((u) => u.search)).toEqual(['?order_id=12&phone=0555123456']);
  });

  it("brings the whole answer to the top of the screen, not only its heading (a phone's fold)", async () => {
    serve([ok(shipped)]);
    const scrolled: Element[] = [];
    const scrollIntoView = vi.fn(function (this: Element) {
      scrolled.push(this);
    });
    Element.prototype.scrollIntoView = scrollIntoView;
    try {
      renderPage(<TrackingPage />, { path: '/suivi', at: '/suivi?commande=12&tel=0555123456' });
      const heading = await screen.findByRole('heading', { name: 'Commande #12' });
      await waitFor(() => expect(scrolled).toContain(screen.getByTestId('tracking-result')));
      expect(scrollIntoView).toHaveBeenCalledWith(expect.objectContaining({ block: 'start' }));
      expect(heading).toHaveFocus();
    } finally {
      delete (Element.prototype as Partial<Element>).scrollIntoView;
    }
  });

  it('with only the number in the address, fills it and waits in the phone field', async () => {
    const asked = serve([ok(shipped)]);
    renderPage(<TrackingPage />, { path: '/suivi', at: '/suivi?commande=12' });
    expect(screen.getByLabelText('Numéro de commande')).toHaveValue('12');
    await waitFor(() => expect(screen.getByLabelText('Téléphone')).toHaveFocus());
    expect(screen.queryByText('Le numéro de téléphone est requis')).not.toBeInTheDocument();
    expect(asked).toEqual([]);
  });

  it('says what is wrong in an address whose values are not an order number and a phone', () => {
    const asked = serve([ok(shipped)]);
    renderPage(<TrackingPage />, { path: '/suivi', at: '/suivi?commande=abc&tel=123' });
    expect(screen.getByText('Numéro de commande invalide')).toBeInTheDocument();
    expect(screen.getByText('Numéro de téléphone invalide (ex. 0555 12 34 56)')).toBeInTheDocument();
    expect(asked).toEqual([]);
  });

  it('says what is left to pay at the door when part was paid in advance', async () => {
    serve([ok({ ...shipped, amount_due: 3400 })]);
    renderPage(<TrackingPage />, { path: '/suivi', at: '/suivi?commande=12&tel=0555123456' });
    await screen.findByRole('heading', { name: 'Commande #12' });
    expect(screen.getByTestId('tracking-total').textContent).toBe(formatDa(5400));
    expect(screen.getByText('Déjà payé').nextElementSibling?.textContent).toBe(formatDa(2000));
    expect(screen.getByTestId('tracking-due').textContent).toBe(formatDa(3400));
  });

  it('shows no "left to pay" when nothing was paid in advance', async () => {
    serve([ok(shipped)]);
    renderPage(<TrackingPage />, { path: '/suivi', at: '/suivi?commande=12&tel=0555123456' });
    await screen.findByRole('heading', { name: 'Commande #12' });
    expect(screen.queryByTestId('tracking-due')).not.toBeInTheDocument();
  });

  it('ends a cancelled order at "Annulée", with no next step', async () => {
    serve([
      ok({
        ...shipped,
        status: 'cancelled',
        tracking_number: null,
        timeline: [
          { step: 'received', at: '2026-03-12T12:00:00.000Z' },
          { step: 'cancelled', at: '2026-03-15T12:00:00.000Z' },
        ],
      }),
    ]);
    renderPage(<TrackingPage />, { path: '/suivi', at: '/suivi?commande=12&tel=0555123456' });
    await screen.findByRole('heading', { name: 'Commande #12' });
    expect(steps()).toEqual(['Commande reçue12 mars 2026', 'Annulée15 mars 2026']);
    expect(screen.getByText(/Cette commande a été annulée/)).toBeInTheDocument();
    expect(screen.queryByText('Numéro de suivi du transporteur')).not.toBeInTheDocument();
  });
});

describe('a found order on the Arabic storefront', () => {
  afterEach(async () => {
    await act(() => activateLanguage('fr'));
  });

  it('names its commune and wilaya in Arabic (the order keeps their French names)', async () => {
    await act(() => activateLanguage('ar'));
    vi.stubGlobal(
      'fetch',
      vi.fn((input: string) => {
        const url = new URL(input, 'http://localhost');
        const body =
          url.pathname === '/api/ShippingPrice/read'
            ? { data: [{ id: 15, wilaya_code: 15, wilaya_name: 'Tizi Ouzou', price: 600, stop_desk_price: 400 }] }
            : url.pathname === '/api/commune' && url.searchParams.get('wilaya') === 'Tizi Ouzou'
              ? { data: [{ name: 'Azazga', name_ar: 'عزازقة', postal_code: null }] }
              : null;
        return Promise.resolve(
          new Response(JSON.stringify({ status: body ? 200 : 404, message: '', ...(body ?? { data: null }) }), {
            status: body ? 200 : 404,
            headers: { 'content-type': 'application/json' },
          }),
        );
      }),
    );
    renderPage(<TrackingResult order={shipped} headingRef={null} />);
    const delivery = screen.getByTestId('tracking-delivery');
    await waitFor(() => expect(delivery).toHaveTextContent('عزازقة, تيزي وزو'));
    expect(delivery).not.toHaveTextContent('Azazga');
  });

  it('names the wilaya each order was placed with: M’Sila for one of 2026, Bou Saâda for one of 2027', async () => {
    await act(() => activateLanguage('ar'));
    const asked: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((input: string) => {
        const url = new URL(input, 'http://localhost');
        asked.push(url.pathname);
        // M'Sila's communes of 2027: Bou Saâda's left it, and are still named for the orders before.
        const body =
          url.pathname === '/api/commune'
            ? {
                data: [
                  { name: 'Magra', name_ar: 'مقرة', postal_code: null },
                  {
                    name: 'Bou Saada',
                    name_ar: 'بوسعادة',
                    postal_code: null,
                    moved_to: { code: 68, name: 'Bou Saâda' },
                  },
                ],
              }
            : null;
        return Promise.resolve(
          new Response(JSON.stringify({ status: body ? 200 : 404, message: '', ...(body ?? { data: null }) }), {
            status: body ? 200 : 404,
            headers: { 'content-type': 'application/json' },
          }),
        );
      }),
    );
    const before: OrderTracking = { ...shipped, delivery_type: 'home', commune: 'Bou Saada', wilaya: "M'Sila" };
    const { unmount } = renderPage(<TrackingResult order={before} headingRef={null} />);
    await waitFor(() => expect(screen.getByTestId('tracking-delivery')).toHaveTextContent('بوسعادة, المسيلة'));
    unmount();
    renderPage(<TrackingResult order={{ ...before, wilaya: 'Bou Saâda' }} headingRef={null} />);
    expect(screen.getByTestId('tracking-delivery')).toHaveTextContent('بوسعادة');
    // The wilaya's Arabic name is the app's own: the shipping list is not asked for it.
    expect(asked).not.toContain('/api/ShippingPrice/read');
  });
});
