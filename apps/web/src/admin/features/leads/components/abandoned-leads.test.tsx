// The desk's Abandoned tab: the leads the server lists, a call outcome per tap, and "Create order"
// then "Place the order" turning a lead into an order, shown recovered.
import { afterEach, describe, expect, test, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Lead } from '@shop/domain/checkout-drafts';
import type { Identity } from '@shop/domain/staff';
import { bodiesSent, OWNER, renderWithProviders, stubFetch } from '../../../lib/test-utils.tsx';
import { ConfirmRoute } from '../../../routes/confirm.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function makeLead(overrides: Partial<Lead> = {}): Lead {
  return {
    id: 5,
    checkout: 'cart',
    customer_name: 'Samia B.',
    customer_phone: '0551234567',
    wilaya: 'Alger',
    commune: 'Hydra',
    address: '',
    delivery_type: 'home',
    lines: [{ product_id: 7, size: 'M', quantity: 2, product_name: 'Hoodie' }],
    page_url: '/cart',
    custom: null,
    created_at: new Date(Date.now() - 40 * 60_000).toISOString(),
    updated_at: new Date(Date.now() - 35 * 60_000).toISOString(),
    call_state: 'new',
    call_attempts: 0,
    call_back_at: null,
    last_call_at: null,
    last_call_by: null,
    order_id: null,
    converted_by: null,
    claim: null,
    ...overrides,
  };
}

/** The shop's wilayas and fees (Da): Alger has no stop desk; Oran has one, and Bir El Djir its own home fee. */
const WILAYAS = [
  { id: 16, wilaya_code: 16, wilaya_name: 'Alger', price: 400, stop_desk_price: null, communes: [] },
  {
    id: 31,
    wilaya_code: 31,
    wilaya_name: 'Oran',
    price: 600,
    stop_desk_price: 450,
    communes: [{ name: 'Bir El Djir', price: 700, stop_desk_price: null }],
  },
];
/** The Hoodie of the carts: 1 500 Da, sold in S to L. */
const PRODUCTS = [
  {
    id: 7,
    name: 'Hoodie',
    price: 2000,
    final_price: 1500,
    discount_percentage: 25,
    has_sizes: true,
    stock: 9,
    sizes: [{ name: 'M', stock: 5 }],
    variants: [],
  },
];
const COMMUNES: Record<string, { name: string; name_ar: string; postal_code: string | null }[]> = {
  Alger: [{ name: 'Hydra', name_ar: 'حيدرة', postal_code: '16035' }],
  Oran: [
    { name: 'Es Senia', name_ar: 'السانية', postal_code: null },
    { name: 'Bir El Djir', name_ar: 'بئر الجير', postal_code: null },
  ],
};

/** The desk's server: `me` is who signs in (their claims), `taker` takes a lead before them when set. */
function leadServer(
  initial: Lead[],
  { me = OWNER, taker, refuseOrder }: { me?: Identity; taker?: Identity; refuseOrder?: string } = {},
) {
  let leads = [...initial];
  const holdOf = (who: Identity) => ({
    user_id: who.id,
    username: who.username,
    expires_at: new Date(Date.now() + 15 * 60_000).toISOString(),
  });
  return stubFetch((url, init) => {
    if (url === '/api/leads') return { data: leads };
    if (url === '/api/ShippingPrice/read') return { data: WILAYAS };
    const product = /^\/api\/product\/get\/(\d+)$/.exec(url);
    if (product) return { data: PRODUCTS.find((p) => p.id === Number(product[1])) };
    const communes = /^\/api\/commune\?wilaya=(.+)$/.exec(url);
    if (communes) return { data: COMMUNES[decodeURIComponent(communes[1] ?? '')] ?? [] };
    if (url === '/api/CustomOrderItem/getAll') {
      const hoodie = { id: 4, name: 'hoodie', description: '', name_ar: null, description_ar: null, base_price: 3200 };
      return { data: [{ ...hoodie, available_sizes: ['M', 'L'], available_colors: ['Noir'], active: true }] };
    }
    const hold = /^\/api\/leads\/(\d+)\/(claim|release)$/.exec(url);
    if (hold && init?.method === 'POST') {
      const was = leads.find((l) => l.id === Number(hold[1]))!;
      if (hold[2] === 'claim' && taker) {
        leads = leads.map((l) => (l.id === was.id ? { ...was, claim: holdOf(taker) } : l));
        const message = `Being called by ${taker.username}: the lead is theirs until they record the call or give it back`;
        return { status: 409, message };
      }
      const after: Lead = { ...was, claim: hold[2] === 'claim' ? holdOf(me) : null };
      leads = leads.map((l) => (l.id === was.id ? after : l));
      return { data: after };
    }
    if (url.startsWith('/api/order/confirmQueue')) return { data: [] };
    const call = /^\/api\/leads\/(\d+)\/call$/.exec(url);
    if (call && init?.method === 'PUT') {
      const body = JSON.parse(init.body as string) as { outcome: Lead['call_state']; call_back_at?: string };
      const was = leads.find((l) => l.id === Number(call[1]))!;
      const after: Lead = {
        ...was,
        call_state: body.outcome,
        call_attempts: was.call_attempts + (body.outcome === 'no_answer' ? 1 : 0),
        call_back_at: body.call_back_at ?? null,
        claim: null,
      };
      leads =
        body.outcome === 'not_interested'
          ? leads.filter((l) => l.id !== was.id)
          : leads.map((l) => (l.id === was.id ? after : l));
      return { data: after };
    }
    const order = /^\/api\/leads\/(\d+)\/order$/.exec(url);
    if (order && init?.method === 'POST') {
      if (refuseOrder) return { status: 400, message: refuseOrder };
      const was = leads.find((l) => l.id === Number(order[1]))!;
      const after: Lead = { ...was, order_id: 41, converted_by: 'desk', claim: null };
      leads = leads.map((l) => (l.id === was.id ? after : l));
      return {
        status: 201,
        data: {
          order: {
            order_id: 41,
            subtotal: 3000,
            discount_percentage: 0,
            discount_amount: 0,
            shipping_fee: 400,
            total: 3400,
          },
          lead: after,
        },
      };
    }
    return undefined;
  });
}

/** The POSTs sent to an address (the holds have no body). */
const posted = (fetchMock: ReturnType<typeof stubFetch>, url: string) =>
  fetchMock.mock.calls.filter(([u, init]) => u === url && init?.method === 'POST');

const card = (name: string) => screen.findByRole('article', { name });

describe('the Abandoned tab', () => {
  test('opens from the desk’s tabs and lists who left, with their cart', async () => {
    leadServer([makeLead()]);
    const user = userEvent.setup();
    renderWithProviders(<ConfirmRoute />, { route: '/admin/confirm' });
    await user.click(await screen.findByRole('tab', { name: 'Abandoned' }));
    const samia = within(await card('Samia B.'));
    expect(samia.getByText('2 × Hoodie (M)')).toBeInTheDocument();
    expect(samia.getByRole('link', { name: '0551234567' })).toHaveAttribute('href', 'tel:0551234567');
    expect(samia.getByText(/Left the checkout .* · Hydra, Alger/)).toBeInTheDocument();
  });

  test('a cart line in a colour shows it with its size', async () => {
    const lines = [
      { product_id: 9, size: 'M', color: 'Rouge', quantity: 1, product_name: 'Robe été' },
      { product_id: 7, size: 'M', quantity: 2, product_name: 'Hoodie' },
    ] as Lead['lines'];
    leadServer([makeLead({ lines })]);
    renderWithProviders(<ConfirmRoute />, { route: '/admin/confirm?tab=abandoned' });
    const samia = within(await card('Samia B.'));
    expect(samia.getByText('1 × Robe été (Rouge / M)')).toBeInTheDocument();
    expect(samia.getByText('2 × Hoodie (M)')).toBeInTheDocument();
  });

  test('Create order, then Place the order: the server places it and the lead shows recovered', async () => {
    const fetchMock = leadServer([makeLead()]);
    const user = userEvent.setup();
    renderWithProviders(<ConfirmRoute />, { route: '/admin/confirm?tab=abandoned' });
    const samia = within(await card('Samia B.'));
    await user.click(samia.getByRole('button', { name: 'Create order' }));
    // Where the parcel goes starts from the draft's: Hydra, Alger, at home; the total at today's prices.
    expect(await samia.findByLabelText('Wilaya')).toHaveValue('Alger');
    expect(samia.getByLabelText('Commune')).toHaveValue('Hydra');
    expect(samia.getByLabelText('Delivery')).toHaveValue('home');
    expect(samia.getByTestId('lead-order-total')).toHaveTextContent(/^3\D?400[.,]00/);
    await user.type(samia.getByLabelText('Street address (what the customer says)'), '3 rue Ben Aknoun');
    await user.click(samia.getByRole('button', { name: 'Place the order' }));
    expect(await screen.findByText(/^Order #41 placed .*: it waits in To confirm$/)).toBeInTheDocument();
    expect(samia.getByText('Recovered · order #41')).toBeInTheDocument();
    expect(samia.queryByRole('button', { name: 'No answer' })).not.toBeInTheDocument();
    expect(bodiesSent(fetchMock, '/api/leads/5/order', 'POST')).toEqual([
      { wilaya: 'Alger', commune: 'Hydra', delivery_type: 'home', address: '3 rue Ben Aknoun' },
    ]);
  });

  test('a lead without a wilaya: the agent chooses where the parcel goes, and sees the total', async () => {
    const fetchMock = leadServer([makeLead({ wilaya: '', commune: '', delivery_type: 'home' })]);
    const user = userEvent.setup();
    renderWithProviders(<ConfirmRoute />, { route: '/admin/confirm?tab=abandoned' });
    const samia = within(await card('Samia B.'));
    await user.click(samia.getByRole('button', { name: 'Create order' }));
    const wilaya = await samia.findByLabelText('Wilaya');
    expect(wilaya).toHaveValue('');
    // No fee before a wilaya: the total waits for it.
    expect(samia.getByTestId('lead-order-total')).toHaveTextContent('—');
    await user.click(samia.getByRole('button', { name: 'Place the order' }));
    expect(samia.getByRole('alert')).toHaveTextContent('Choose the wilaya');
    expect(posted(fetchMock, '/api/leads/5/order')).toEqual([]);

    // Alger has no stop desk; Oran has one at 450 DA.
    await user.selectOptions(wilaya, 'Oran');
    const delivery = samia.getByLabelText('Delivery');
    expect(within(delivery).getByRole('option', { name: /^Stop desk · 450/ })).toBeEnabled();
    await user.selectOptions(delivery, 'stop_desk');
    await user.click(samia.getByRole('button', { name: 'Place the order' }));
    expect(samia.getByRole('alert')).toHaveTextContent('Choose the commune (the stop desk’s, for a stop desk)');
    expect(posted(fetchMock, '/api/leads/5/order')).toEqual([]);
    await user.type(samia.getByLabelText('Commune'), 'Bir El Djir');
    expect(samia.getByTestId('lead-order-total')).toHaveTextContent(/^3\D?450[.,]00/);
    // At home, Bir El Djir's own fee (700 DA).
    await user.selectOptions(delivery, 'home');
    expect(samia.getByTestId('lead-order-total')).toHaveTextContent(/^3\D?700[.,]00/);
    await user.selectOptions(delivery, 'stop_desk');
    await user.click(samia.getByRole('button', { name: 'Place the order' }));
    expect(await samia.findByText('Recovered · order #41')).toBeInTheDocument();
    expect(bodiesSent(fetchMock, '/api/leads/5/order', 'POST')).toEqual([
      { wilaya: 'Oran', commune: 'Bir El Djir', delivery_type: 'stop_desk' },
    ]);
  });

  test('at home without a commune, only the wilaya is sent: the order pays the wilaya’s fee', async () => {
    const fetchMock = leadServer([makeLead({ commune: '' })]);
    const user = userEvent.setup();
    renderWithProviders(<ConfirmRoute />, { route: '/admin/confirm?tab=abandoned' });
    const samia = within(await card('Samia B.'));
    await user.click(samia.getByRole('button', { name: 'Create order' }));
    expect(await samia.findByTestId('lead-order-total')).toHaveTextContent(/^3\D?400[.,]00/);
    await user.click(samia.getByRole('button', { name: 'Place the order' }));
    expect(await samia.findByText('Recovered · order #41')).toBeInTheDocument();
    expect(bodiesSent(fetchMock, '/api/leads/5/order', 'POST')).toEqual([{ wilaya: 'Alger' }]);
  });

  test('the server’s refusal of the place shows in the form, and the lead stays open', async () => {
    const fetchMock = leadServer([makeLead()], { refuseOrder: 'This commune is not in the wilaya Alger' });
    const user = userEvent.setup();
    renderWithProviders(<ConfirmRoute />, { route: '/admin/confirm?tab=abandoned' });
    const samia = within(await card('Samia B.'));
    await user.click(samia.getByRole('button', { name: 'Create order' }));
    await user.clear(await samia.findByLabelText('Commune'));
    await user.type(samia.getByLabelText('Commune'), 'Maghnia');
    await user.click(samia.getByRole('button', { name: 'Place the order' }));
    expect(await samia.findByText('This commune is not in the wilaya Alger')).toBeInTheDocument();
    expect(samia.getByRole('button', { name: 'Place the order' })).toBeEnabled();
    expect(samia.queryByText(/^Recovered/)).not.toBeInTheDocument();
    expect(bodiesSent(fetchMock, '/api/leads/5/order', 'POST')).toEqual([
      { wilaya: 'Alger', commune: 'Maghnia', delivery_type: 'home' },
    ]);
  });

  test('No answer counts the call; Not interested takes the lead off the list', async () => {
    const fetchMock = leadServer([
      makeLead(),
      makeLead({ id: 6, customer_name: 'Karim D.', customer_phone: '0661002003' }),
    ]);
    const user = userEvent.setup();
    renderWithProviders(<ConfirmRoute />, { route: '/admin/confirm?tab=abandoned' });
    const samia = within(await card('Samia B.'));
    await user.click(samia.getByRole('button', { name: 'No answer' }));
    expect(await samia.findByText('1 call without an answer')).toBeInTheDocument();
    await user.click(within(await card('Karim D.')).getByRole('button', { name: 'Not interested' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Karim D.' })).not.toBeInTheDocument());
    expect(bodiesSent(fetchMock, '/api/leads/5/call', 'PUT')).toEqual([{ outcome: 'no_answer' }]);
    expect(bodiesSent(fetchMock, '/api/leads/6/call', 'PUT')).toEqual([{ outcome: 'not_interested' }]);
  });

  test('a custom checkout shows what the customer chose, and its Create order takes the pictures', async () => {
    const custom = { clothing_type: '4', item_id: 4, item_name: 'hoodie', color: 'Noir', size: 'M' };
    leadServer([makeLead({ checkout: 'custom', lines: [], custom })]);
    const user = userEvent.setup();
    renderWithProviders(<ConfirmRoute />, { route: '/admin/confirm?tab=abandoned' });
    const samia = within(await card('Samia B.'));
    expect(samia.getByText('Custom: Hoodie — Noir / M')).toBeInTheDocument();
    await user.click(samia.getByRole('button', { name: 'Create order' }));
    expect(
      await samia.findByText('Ask the customer to send the pictures (WhatsApp, Messenger), then add them here.'),
    ).toBeInTheDocument();
  });
});

describe('two agents on one lead', () => {
  const sara: Identity = { id: 2, username: 'sara', role: 'agent' };
  const amine: Identity = { id: 3, username: 'amine', role: 'agent' };
  const saraCalling = {
    user_id: sara.id,
    username: sara.username,
    expires_at: new Date(Date.now() + 10 * 60_000).toISOString(),
  };

  test('another agent sees who is calling and cannot call, record an outcome or create the order', async () => {
    const fetchMock = leadServer([makeLead({ claim: saraCalling })], { me: amine });
    renderWithProviders(<ConfirmRoute />, { route: '/admin/confirm?tab=abandoned', as: amine });
    const samia = within(await card('Samia B.'));
    expect(samia.getByTestId('lead-holder-5')).toHaveTextContent('Being called by sara');
    for (const name of ['Call', 'Create order', 'No answer', 'Call back', 'Not interested']) {
      expect(samia.getByRole('button', { name })).toBeDisabled();
    }
    expect(samia.queryByRole('link', { name: '0551234567' })).not.toBeInTheDocument();
    expect(samia.queryByRole('button', { name: 'Give back' })).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST' || init?.method === 'PUT')).toEqual([]);
  });

  test('opening a lead holds it for me; Give back ends the hold', async () => {
    const fetchMock = leadServer([makeLead()], { me: sara });
    const user = userEvent.setup();
    renderWithProviders(<ConfirmRoute />, { route: '/admin/confirm?tab=abandoned', as: sara });
    const samia = within(await card('Samia B.'));
    await user.click(samia.getByRole('button', { name: 'Create order' }));
    expect(await samia.findByText('You are calling this customer')).toBeInTheDocument();
    expect(await samia.findByRole('button', { name: 'Place the order' })).toBeEnabled();
    expect(posted(fetchMock, '/api/leads/5/claim')).toHaveLength(1);
    await user.click(samia.getByRole('button', { name: 'Give the lead of Samia B. back' }));
    expect(await screen.findByText('The lead of Samia B. is back in the list')).toBeInTheDocument();
    expect(samia.queryByTestId('lead-holder-5')).not.toBeInTheDocument();
  });

  test('a lead another agent took at the same moment: the refusal says who, and the card follows', async () => {
    leadServer([makeLead()], { me: sara, taker: amine });
    const user = userEvent.setup();
    renderWithProviders(<ConfirmRoute />, { route: '/admin/confirm?tab=abandoned', as: sara });
    const samia = within(await card('Samia B.'));
    await user.click(samia.getByRole('button', { name: 'Call back' }));
    expect(await samia.findByText(/^Being called by amine: the lead is theirs/)).toBeInTheDocument();
    expect(await samia.findByTestId('lead-holder-5')).toHaveTextContent('Being called by amine');
    expect(samia.queryByRole('button', { name: 'Save call-back' })).not.toBeInTheDocument();
    expect(samia.getByRole('button', { name: 'No answer' })).toBeDisabled();
  });

  test('the owner may step in: the outcome buttons stay, and Give back', async () => {
    const fetchMock = leadServer([makeLead({ claim: saraCalling })]);
    const user = userEvent.setup();
    renderWithProviders(<ConfirmRoute />, { route: '/admin/confirm?tab=abandoned' });
    const samia = within(await card('Samia B.'));
    expect(samia.getByTestId('lead-holder-5')).toHaveTextContent('Being called by sara');
    await user.click(samia.getByRole('button', { name: 'No answer' }));
    expect(await samia.findByText('1 call without an answer')).toBeInTheDocument();
    expect(samia.queryByTestId('lead-holder-5')).not.toBeInTheDocument();
    // Stepping in takes no hold of the owner's own.
    expect(posted(fetchMock, '/api/leads/5/claim')).toEqual([]);
  });
});
