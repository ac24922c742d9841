import { afterEach, describe, expect, test, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bodiesSent, makeOrder, renderWithProviders, stubFetch } from '../../../lib/test-utils.tsx';
import type { Order } from '../../../lib/types.ts';
import { ConfirmQueuePage } from './confirm-queue-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const amina = makeOrder({
  id: 12,
  customer_name: 'Amina B.',
  customer_phone: '0551234567',
  final_total: 4600,
  wilaya_name: 'Oran',
  item_summary: '2× Hoodie (M), 1× Savon',
  held: true,
  possible_duplicate: true,
  reputation: { orders: 5, delivered: 3, returned: 1, refused: 1, cancelled: 1 },
});
const karim = makeOrder({ id: 13, customer_name: 'Karim D.', customer_phone: '0661002003', final_total: 2500 });

/**
 * A server with a queue: PUT /order/confirmation answers the order as the outcome leaves it, and
 * the queue no longer lists a confirmed or refused one.
 */
function queueServer(initial: Order[], { failWith }: { failWith?: { status: number; message: string } } = {}) {
  let queue = [...initial];
  const before = new Map<number, Order>();
  return stubFetch((url, init) => {
    if (url.startsWith('/api/order/confirmQueue')) return { data: queue };
    const undo = /^\/api\/order\/confirmation\/undo\/(\d+)$/.exec(url);
    if (undo && init?.method === 'POST') {
      const restored = before.get(Number(undo[1]));
      if (!restored) return { status: 409, message: 'Nothing to undo' };
      before.delete(restored.id);
      queue = [...queue.filter((o) => o.id !== restored.id), restored].sort((a, b) => a.id - b.id);
      return { data: { ...restored, undoable_call: null } };
    }
    if (url === '/api/settings') return { data: { shop_name: 'Maison Lina' } };
    const match = /^\/api\/order\/confirmation\/(\d+)$/.exec(url);
    if (match && init?.method === 'PUT') {
      if (failWith) return failWith;
      const id = Number(match[1]);
      const body = JSON.parse(init.body as string) as { outcome: Order['confirmation']; call_back_at?: string };
      const was = queue.find((o) => o.id === id)!;
      before.set(id, was);
      const after: Order = {
        ...was,
        undoable_call: { event_id: 1, detail: 'Confirmed by phone' },
        confirmation: body.outcome,
        call_attempts: was.call_attempts + (body.outcome === 'no_answer' ? 1 : 0),
        call_back_at: body.call_back_at ?? null,
        status: body.outcome === 'confirmed' ? 'approved' : body.outcome === 'refused' ? 'cancelled' : 'pending',
      };
      queue = queue.flatMap((o) => (o.id !== id ? [o] : after.status === 'pending' ? [after] : []));
      return { data: after };
    }
    return undefined;
  });
}

const card = (id: number) => screen.findByRole('article', { name: new RegExp(`^#${id} ·`) });

describe('the confirmation queue', () => {
  test('a mis-tapped outcome is undone from its notice: the order is back in the queue', async () => {
    const fetchMock = queueServer([amina, karim]);
    const user = userEvent.setup();
    renderWithProviders(<ConfirmQueuePage />, { route: '/admin/confirm' });
    await user.click(within(await card(12)).getByRole('button', { name: 'Confirmed' }));
    const notice = await screen.findByRole('status');
    expect(notice).toHaveTextContent('Order #12 confirmed');
    await waitFor(() => expect(screen.queryByRole('article', { name: /^#12 ·/ })).not.toBeInTheDocument());
    await user.click(within(notice).getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Order #12: the last call outcome is undone')).toBeInTheDocument();
    expect(await card(12)).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([u]) => u === '/api/order/confirmation/undo/12')).toHaveLength(1);
  });

  test("shows each order with its summary, flags, the phone's past orders, and links to call or write", async () => {
    queueServer([amina, karim]);
    renderWithProviders(<ConfirmQueuePage />, { route: '/admin/confirm' });
    const first = await card(12);
    expect(first).toHaveTextContent('#12 · Amina B.');
    expect(first).toHaveTextContent('2× Hoodie (M), 1× Savon');
    expect(first).toHaveTextContent('Oran');
    expect(first).toHaveTextContent(/Ordered 2 h ago/);
    expect(first).toHaveTextContent('Blacklisted phone');
    expect(first).toHaveTextContent('Possible duplicate');
    expect(first).toHaveTextContent('5 orders: 3 delivered, 1 returned, 1 refused');

    const call = within(first).getByRole('link', { name: 'Call 0551234567' });
    expect(call).toHaveAttribute('href', 'tel:0551234567');
    const whatsapp = within(first).getByRole('link', { name: 'Message Amina B. on WhatsApp' });
    const href = new URL(whatsapp.getAttribute('href')!);
    // Algeria's code, the leading 0 dropped.
    expect(`${href.origin}${href.pathname}`).toBe('https://wa.me/213551234567');
    const message = href.searchParams.get('text')!.replace(/\s/g, ' ');
    expect(message).toBe(
      "Bonjour Amina B., c'est Maison Lina. Nous vous appelons pour confirmer votre commande n°12 de 4 600,00 Da. Merci de nous répondre.",
    );
    // The other order has no flag, and its phone no history.
    const second = await card(13);
    expect(second).not.toHaveTextContent('Blacklisted phone');
    expect(second).toHaveTextContent('First order from this phone');
  });

  test('Confirmed sends the outcome, the card leaves and a notice says so', async () => {
    const fetchMock = queueServer([amina, karim]);
    const user = userEvent.setup();
    renderWithProviders(<ConfirmQueuePage />, { route: '/admin/confirm' });
    await user.click(within(await card(12)).getByRole('button', { name: 'Confirmed' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Order #12 confirmed');
    await waitFor(() => expect(screen.queryByRole('article', { name: /^#12 ·/ })).not.toBeInTheDocument());
    expect(screen.getByRole('article', { name: /^#13 ·/ })).toBeInTheDocument();
    expect(bodiesSent(fetchMock, '/api/order/confirmation/12', 'PUT')).toEqual([{ outcome: 'confirmed' }]);
  });

  test('No answer is counted and the order stays to be called again', async () => {
    const fetchMock = queueServer([amina]);
    const user = userEvent.setup();
    renderWithProviders(<ConfirmQueuePage />, { route: '/admin/confirm' });
    await user.click(within(await card(12)).getByRole('button', { name: 'No answer' }));
    expect(await screen.findByRole('status')).toHaveTextContent('No answer recorded for order #12 (call 1)');
    expect(await card(12)).toHaveTextContent('1 call without answer');
    expect(bodiesSent(fetchMock, '/api/order/confirmation/12', 'PUT')).toEqual([{ outcome: 'no_answer' }]);
  });

  test('Call back asks when, then sends that time', async () => {
    const fetchMock = queueServer([amina]);
    const user = userEvent.setup();
    renderWithProviders(<ConfirmQueuePage />, { route: '/admin/confirm' });
    const first = await card(12);
    await user.click(within(first).getByRole('button', { name: 'Call back' }));
    await user.click(within(first).getByRole('button', { name: 'Save call-back' }));
    expect(within(first).getByRole('alert')).toHaveTextContent('Choose when to call back');
    expect(bodiesSent(fetchMock, '/api/order/confirmation/12', 'PUT')).toEqual([]);

    const input = within(first).getByLabelText('Call back at');
    await user.type(input, '2030-05-04T15:30');
    await user.click(within(first).getByRole('button', { name: 'Save call-back' }));
    await screen.findByText(/Order #12: call back/);
    expect(bodiesSent(fetchMock, '/api/order/confirmation/12', 'PUT')).toEqual([
      { outcome: 'call_back', call_back_at: new Date('2030-05-04T15:30').toISOString() },
    ]);
  });

  test('Refused needs a reason, then sends it with the note and the card leaves', async () => {
    const fetchMock = queueServer([amina]);
    const user = userEvent.setup();
    renderWithProviders(<ConfirmQueuePage />, { route: '/admin/confirm' });
    const first = await card(12);
    await user.click(within(first).getByRole('button', { name: 'Refused' }));
    const reason = within(first).getByLabelText('Reason');
    // Readable labels, one per reason.
    expect(
      within(reason)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'Choose a reason',
      'Did not order',
      'Changed their mind',
      'Price too high',
      'Delivery too slow',
      'Wrong number or unreachable',
      'Other',
    ]);
    await user.click(within(first).getByRole('button', { name: 'Refuse and cancel' }));
    expect(within(first).getByRole('alert')).toHaveTextContent('Choose why the customer refused');
    expect(bodiesSent(fetchMock, '/api/order/confirmation/12', 'PUT')).toEqual([]);

    await user.selectOptions(reason, 'Price too high');
    await user.type(within(first).getByLabelText('Note (optional)'), 'Trouve moins cher ailleurs');
    await user.click(within(first).getByRole('button', { name: 'Refuse and cancel' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Order #12 refused and cancelled');
    expect(bodiesSent(fetchMock, '/api/order/confirmation/12', 'PUT')).toEqual([
      { outcome: 'refused', reason: 'price', note: 'Trouve moins cher ailleurs' },
    ]);
    expect(await screen.findByText('Nothing to confirm')).toBeInTheDocument();
  });

  test("a refused call shows the server's message and the card stays", async () => {
    queueServer([amina], {
      failWith: { status: 409, message: 'A confirmation call is recorded only for pending or approved orders' },
    });
    const user = userEvent.setup();
    renderWithProviders(<ConfirmQueuePage />, { route: '/admin/confirm' });
    const first = await card(12);
    await user.click(within(first).getByRole('button', { name: 'Confirmed' }));
    expect(await within(first).findByRole('alert')).toHaveTextContent(
      'A confirmation call is recorded only for pending or approved orders',
    );
    expect(screen.getByRole('article', { name: /^#12 ·/ })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  test('an empty queue says there is nothing to confirm', async () => {
    queueServer([]);
    renderWithProviders(<ConfirmQueuePage />, { route: '/admin/confirm' });
    expect(await screen.findByText('Nothing to confirm')).toBeInTheDocument();
  });
});

describe('the call card: where it goes, when it was tried, and the number', () => {
  test('shows the commune, the delivery type and the address', async () => {
    queueServer([
      makeOrder({
        id: 21,
        wilaya_name: 'Oran',
        commune_name: 'Bir El Djir',
        delivery_type: 'stop_desk',
        customer_address: 'Oran | Cité 200 logements, bloc C',
      }),
    ]);
    renderWithProviders(<ConfirmQueuePage />, { route: '/admin/confirm' });
    const shown = await card(21);
    const facts = within(shown)
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    expect(facts).toEqual([
      ['Wilaya', 'Oran · Bir El Djir'],
      ['Delivery', 'Stop desk'],
      ['Address', 'Cité 200 logements, bloc C'],
    ]);
  });

  test('says when an order that did not answer was last tried', async () => {
    const at = new Date(Date.now() - 25 * 60_000).toISOString();
    queueServer([makeOrder({ id: 22, confirmation: 'no_answer', call_attempts: 2, last_call_at: at })]);
    renderWithProviders(<ConfirmQueuePage />, { route: '/admin/confirm' });
    expect(await card(22)).toHaveTextContent('2 calls without answer · last tried 25 min ago');
  });

  test("the no-answer that reaches the owner's limit says the order was cancelled as unreachable", async () => {
    const order = makeOrder({ id: 23, confirmation: 'no_answer', call_attempts: 2 });
    stubFetch((url, init) => {
      if (url.startsWith('/api/order/confirmQueue')) return { data: [order] };
      if (url === '/api/order/confirmation/23' && init?.method === 'PUT') {
        return {
          data: {
            ...order,
            status: 'cancelled',
            confirmation: 'refused',
            refusal_reason: 'unreachable',
            call_attempts: 3,
          },
        };
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<ConfirmQueuePage />, { route: '/admin/confirm' });
    await user.click(within(await card(23)).getByRole('button', { name: 'No answer' }));
    expect(await screen.findByText(/No answer after 3 calls: order #23 cancelled as unreachable/)).toBeInTheDocument();
  });

  test('blacklists the number from the card, with an optional reason, and says so', async () => {
    const fetchMock = stubFetch((url, init) => {
      if (url.startsWith('/api/order/confirmQueue')) return { data: [karim] };
      if (url === '/api/order/blacklist' && init?.method === 'POST') {
        return { status: 201, data: { phone: '0661002003', reason: 'Fausses commandes', created_at: '2026-03-01' } };
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<ConfirmQueuePage />, { route: '/admin/confirm' });
    const shown = await card(13);
    await user.click(within(shown).getByRole('button', { name: 'Blacklist this number' }));
    expect(shown).toHaveTextContent('Orders from 0661002003 will then be held or refused');
    await user.type(within(shown).getByLabelText('Reason (optional)'), 'Fausses commandes');
    await user.click(within(shown).getByRole('button', { name: 'Blacklist' }));
    expect(await screen.findByText('0661002003 is blacklisted')).toBeInTheDocument();
    expect(bodiesSent(fetchMock, '/api/order/blacklist', 'POST')).toEqual([
      { phone: '0661002003', reason: 'Fausses commandes' },
    ]);
  });
});

describe('the desk shared by several agents', () => {
  const sara = { id: 7, username: 'sara', role: 'agent' } as const;
  const held = (order: Order, by: { id: number; username: string }, expires: string | null = '2099-01-01T00:00:00Z') =>
    ({ ...order, claim: { user_id: by.id, username: by.username, expires_at: expires } }) satisfies Order;

  test('Next order takes a customer for me: the card comes first, marked as mine', async () => {
    let queue: Order[] = [amina, karim];
    const fetchMock = stubFetch((url, init) => {
      if (url.startsWith('/api/order/confirmQueue')) return { data: queue };
      if (url === '/api/settings') return { data: { shop_name: 'Maison Lina' } };
      if (url === '/api/order/next' && init?.method === 'POST') {
        queue = [amina, held(karim, sara)];
        return { data: queue[1], message: 'Order #13 is yours: call the customer' };
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<ConfirmQueuePage />, { route: '/admin/confirm', as: sara });
    await card(12);
    await user.click(screen.getByRole('button', { name: 'Next order' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Order #13 is yours: call the customer');
    await waitFor(() => expect(screen.getAllByRole('article')[0]).toHaveAccessibleName(/^#13 ·/));
    expect(within(await card(13)).getByTestId('holder-13')).toHaveTextContent('You are calling this customer');
    expect(fetchMock.mock.calls.filter(([u]) => u === '/api/order/next')).toHaveLength(1);
  });

  test('says when nothing waits', async () => {
    stubFetch((url) => {
      if (url.startsWith('/api/order/confirmQueue')) return { data: [] };
      if (url === '/api/order/next') return { data: null, message: 'Nothing to call now' };
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<ConfirmQueuePage />, { route: '/admin/confirm', as: sara });
    await user.click(await screen.findByRole('button', { name: 'Next order' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Nothing to call now');
  });

  test("an agent sees who calls another's customer, and cannot record that call", async () => {
    stubFetch((url) =>
      url.startsWith('/api/order/confirmQueue') ? { data: [held(amina, { id: 9, username: 'amine' })] } : undefined,
    );
    renderWithProviders(<ConfirmQueuePage />, { route: '/admin/confirm', as: sara });
    const first = await card(12);
    expect(within(first).getByTestId('holder-12')).toHaveTextContent('amine is calling this customer');
    for (const name of ['Confirmed', 'No answer', 'Call back', 'Refused']) {
      expect(within(first).getByRole('button', { name })).toBeDisabled();
    }
    expect(within(first).queryByRole('button', { name: 'Give order #12 back to the queue' })).not.toBeInTheDocument();
    expect(within(first).queryByLabelText('Assign order #12 to')).not.toBeInTheDocument();
  });

  test('the owner assigns an order to an agent, and takes it back', async () => {
    let queue: Order[] = [amina];
    const fetchMock = stubFetch((url, init) => {
      if (url.startsWith('/api/order/confirmQueue')) return { data: queue };
      if (url === '/api/staff/desk') return { data: [{ id: 7, username: 'sara', role: 'agent' }] };
      if (url === '/api/order/assign/12' && init?.method === 'PUT') {
        const { user_id } = JSON.parse(init.body as string) as { user_id: number | null };
        queue = [user_id ? held(amina, sara, null) : amina];
        return { data: queue[0] };
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<ConfirmQueuePage />, { route: '/admin/confirm' });
    const first = await card(12);
    const select = within(first).getByLabelText('Assign order #12 to');
    await within(first).findByRole('option', { name: 'sara' });
    await user.selectOptions(select, 'sara');
    expect(await screen.findByRole('status')).toHaveTextContent('Assigned to sara');
    expect(await within(await card(12)).findByTestId('holder-12')).toHaveTextContent('Assigned to sara');
    // The owner may still record the call.
    expect(within(await card(12)).getByRole('button', { name: 'Confirmed' })).toBeEnabled();
    await user.selectOptions(within(await card(12)).getByLabelText('Assign order #12 to'), 'Nobody (queue)');
    expect(bodiesSent(fetchMock, '/api/order/assign/12', 'PUT')).toEqual([{ user_id: 7 }, { user_id: null }]);
  });
});
