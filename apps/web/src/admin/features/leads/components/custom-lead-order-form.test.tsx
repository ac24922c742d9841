// "Create order" of a custom order page's lead (issue 31): the form starts from what the customer
// chose, offers the active custom items as the storefront does, takes the pictures from the
// phone's camera or gallery, says what is missing in place, and the card shows the lead recovered.
import { afterEach, describe, expect, test, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Lead } from '@shop/domain/checkout-drafts';
import type { CustomItem } from '@shop/domain/custom-item-responses';
import { renderWithProviders, stubFetch } from '../../../lib/test-utils.tsx';
import { ConfirmRoute } from '../../../routes/confirm.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const item = (id: number, name: string, sizes: string[] | null, colors: string[], price: number): CustomItem => ({
  id,
  name,
  description: '',
  name_ar: null,
  description_ar: null,
  base_price: price,
  available_sizes: sizes,
  available_colors: colors,
  active: true,
});
const ITEMS = [
  item(1, 'T-shirt', ['S', 'M', 'L'], ['Blanc', 'Noir'], 2000),
  item(4, 'hoodie', ['M', 'L', 'XL'], ['Rouge', 'Noir'], 3200),
  item(9, 'cup', null, ['Blanc'], 1200),
];

function customLead(custom: Lead['custom'], overrides: Partial<Lead> = {}): Lead {
  return {
    id: 8,
    checkout: 'custom',
    customer_name: 'Nadia K.',
    customer_phone: '0661234567',
    wilaya: 'Oran',
    commune: 'Bir El Djir',
    address: 'Cité 200 logements',
    delivery_type: 'home',
    lines: [],
    page_url: '/custom-order',
    custom,
    created_at: new Date(Date.now() - 50 * 60_000).toISOString(),
    updated_at: new Date(Date.now() - 45 * 60_000).toISOString(),
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

/** The desk's server; `refuse` answers the custom order with that 400 instead of placing it. */
function server(lead: Lead, refuse?: { message: string; errors?: { field: string; message: string }[] }) {
  let current = lead;
  const sent: FormData[] = [];
  const fetchMock = stubFetch((url, init) => {
    if (url === '/api/leads') return { data: [current] };
    if (url === '/api/order/confirmQueue' || url.startsWith('/api/order/confirmQueue')) return { data: [] };
    if (url === '/api/CustomOrderItem/getAll') return { data: ITEMS };
    if (url === '/api/ShippingPrice/read') return { data: WILAYAS };
    if (url.startsWith('/api/commune?')) return { data: [] };
    if (url === `/api/leads/${lead.id}/claim`) return { data: current };
    if (url === `/api/leads/${lead.id}/custom-order` && init?.method === 'POST') {
      sent.push(init.body as FormData);
      if (refuse)
        return { status: 400, message: refuse.message, data: refuse.errors ? { errors: refuse.errors } : null };
      current = { ...current, order_id: 77, converted_by: 'desk', claim: null };
      const order = {
        order_id: 77,
        subtotal: 3200,
        discount_percentage: 0,
        discount_amount: 0,
        shipping_fee: 600,
        total: 3800,
      };
      return { status: 201, data: { order, lead: current } };
    }
    return undefined;
  });
  return { fetchMock, sent };
}

const png = (name: string) => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });

async function openForm(lead: Lead) {
  const user = userEvent.setup();
  renderWithProviders(<ConfirmRoute />, { route: '/admin/confirm?tab=abandoned' });
  const card = within(await screen.findByRole('article', { name: lead.customer_name }));
  await user.click(card.getByRole('button', { name: 'Create order' }));
  await card.findByLabelText('Item');
  return { user, card };
}

describe('Create order of a custom lead', () => {
  test('starts from what the customer chose, sends it with the pictures, and the lead shows recovered', async () => {
    const lead = customLead({ clothing_type: '4', item_id: 4, item_name: 'hoodie', color: 'noir', size: 'XL' });
    const { sent } = server(lead);
    const { user, card } = await openForm(lead);
    expect(card.getByText('Custom: Hoodie — noir / XL')).toBeInTheDocument();
    expect(card.getByLabelText('Item')).toHaveValue('4');
    expect(card.getByLabelText('Colour')).toHaveValue('Noir');
    expect(card.getByLabelText('Size')).toHaveValue('XL');
    expect(card.getByLabelText('Street address (what the customer says)')).toHaveValue('Cité 200 logements');
    // Where the parcel goes, from the draft: Bir El Djir, Oran, at home (its own fee, 700 DA).
    expect(card.getByLabelText('Wilaya')).toHaveValue('Oran');
    expect(card.getByLabelText('Commune')).toHaveValue('Bir El Djir');
    expect(card.getByLabelText('Delivery')).toHaveValue('home');
    expect(card.getByTestId('lead-order-total')).toHaveTextContent(/^3\D?900[.,]00/);
    // The active items, as the storefront offers them, with their price.
    expect(
      within(card.getByLabelText('Item'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      expect.stringMatching(/^T-shirt — 2[\s\u202f]?000/),
      expect.stringMatching(/^Hoodie — 3[\s\u202f]?200/),
      expect.stringMatching(/^Cup — 1[\s\u202f]?200/),
    ]);
    for (const name of ['Front picture', 'Back picture', 'Side picture']) {
      expect(card.getByLabelText(name)).toHaveAttribute('accept', 'image/*');
    }

    await user.selectOptions(card.getByLabelText('Size'), 'L');
    await user.upload(card.getByLabelText('Front picture'), png('front.png'));
    await user.upload(card.getByLabelText('Back picture'), png('back.png'));
    await user.click(card.getByRole('button', { name: 'Place the order' }));

    expect(await screen.findByText(/^Order #77 placed .*: it waits in To confirm$/)).toBeInTheDocument();
    expect(card.getByText('Recovered · order #77')).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    const form = sent[0]!;
    expect(form.get('clothing_type')).toBe('4');
    expect(form.get('color')).toBe('Noir');
    expect(form.get('size')).toBe('L');
    expect(form.get('address')).toBe('Cité 200 logements');
    expect([form.get('wilaya'), form.get('commune'), form.get('delivery_type')]).toEqual([
      'Oran',
      'Bir El Djir',
      'home',
    ]);
    expect((form.get('reference_image_front') as File).name).toBe('front.png');
    expect((form.get('reference_image_back') as File).name).toBe('back.png');
    expect(form.has('reference_image_side')).toBe(false);
  });

  test('a cup: no size, the front picture only, sent as the word cup', async () => {
    const lead = customLead({ clothing_type: 'cup', item_id: null, item_name: 'cup', color: 'Blanc', size: '' });
    const { sent } = server(lead);
    const { user, card } = await openForm(lead);
    expect(card.getByText('Custom: Cup — Blanc')).toBeInTheDocument();
    expect(card.getByLabelText('Item')).toHaveValue('9');
    expect(card.queryByLabelText('Size')).not.toBeInTheDocument();
    expect(card.queryByLabelText('Back picture')).not.toBeInTheDocument();
    await user.upload(card.getByLabelText('Front picture'), png('mug.png'));
    await user.click(card.getByRole('button', { name: 'Place the order' }));
    expect(await card.findByText('Recovered · order #77')).toBeInTheDocument();
    expect(sent[0]!.get('clothing_type')).toBe('cup');
    expect(sent[0]!.has('size')).toBe(false);
  });

  test('says in place that a picture is missing, sending nothing; then shows the server’s refusal', async () => {
    const lead = customLead({ clothing_type: '', item_id: null, item_name: null, color: '', size: '' });
    const { sent } = server(lead, { message: 'This colour is not offered for this item' });
    const { user, card } = await openForm(lead);
    expect(card.getByText('Custom order: nothing chosen yet')).toBeInTheDocument();
    // Nothing chosen: the first item, its first colour and size.
    expect(card.getByLabelText('Item')).toHaveValue('1');
    expect(card.getByLabelText('Colour')).toHaveValue('Blanc');
    await user.click(card.getByRole('button', { name: 'Place the order' }));
    expect(card.getByRole('alert')).toHaveTextContent('Add at least one picture');
    expect(sent).toHaveLength(0);

    await user.upload(card.getByLabelText('Side picture'), png('side.png'));
    expect(card.queryByText('Add at least one picture')).not.toBeInTheDocument();
    await user.click(card.getByRole('button', { name: 'Place the order' }));
    expect(await card.findByText('This colour is not offered for this item')).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    expect(card.getByRole('button', { name: 'Place the order' })).toBeEnabled();
    expect(card.queryByText(/Recovered/)).not.toBeInTheDocument();
  });

  test('a lead without a wilaya: the form asks for it in place, then sends the agent’s place with the total shown', async () => {
    const lead = customLead(
      { clothing_type: '4', item_id: 4, item_name: 'hoodie', color: 'Noir', size: 'M' },
      { wilaya: '', commune: '', address: '' },
    );
    const { sent } = server(lead);
    const { user, card } = await openForm(lead);
    expect(card.getByLabelText('Wilaya')).toHaveValue('');
    expect(card.getByTestId('lead-order-total')).toHaveTextContent('—');
    await user.upload(card.getByLabelText('Front picture'), png('front.png'));
    await user.click(card.getByRole('button', { name: 'Place the order' }));
    expect(card.getByRole('alert')).toHaveTextContent('Choose the wilaya');
    expect(sent).toHaveLength(0);

    await user.selectOptions(card.getByLabelText('Wilaya'), 'Alger');
    // Alger has no stop desk: only home is offered there, at 400 DA.
    expect(within(card.getByLabelText('Delivery')).getByRole('option', { name: /^Stop desk/ })).toBeDisabled();
    await user.type(card.getByLabelText('Commune'), 'Hydra');
    expect(card.getByTestId('lead-order-total')).toHaveTextContent(/^3\D?600[.,]00/);
    await user.click(card.getByRole('button', { name: 'Place the order' }));
    expect(await card.findByText('Recovered · order #77')).toBeInTheDocument();
    const form = sent[0]!;
    expect([form.get('wilaya'), form.get('commune'), form.get('delivery_type')]).toEqual(['Alger', 'Hydra', 'home']);
    expect(form.has('address')).toBe(false);
  });

  test('changing the item keeps the colour it also has, else its first', async () => {
    const lead = customLead({ clothing_type: '1', item_id: 1, item_name: 'T-shirt', color: 'Noir', size: 'S' });
    server(lead);
    const { user, card } = await openForm(lead);
    await user.selectOptions(card.getByLabelText('Item'), '4');
    expect(card.getByLabelText('Colour')).toHaveValue('Noir');
    expect(card.getByLabelText('Size')).toHaveValue('M');
  });
});
