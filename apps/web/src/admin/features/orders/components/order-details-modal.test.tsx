import { afterEach, describe, expect, test, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formatDa } from '@shop/domain/money';
import { bodiesSent, renderWithProviders, stubFetch } from '../../../lib/test-utils.tsx';
import type { Order } from '../../../lib/types.ts';
import { OrderDetailsModal } from './order-details-modal.tsx';

/** An amount as the page shows it; jest-dom folds the narrow spaces of fr-DZ into plain ones. */
const da = (amount: number) => formatDa(amount).replace(/\s/g, ' ');

afterEach(() => {
  vi.unstubAllGlobals();
});

const item = {
  product_id: 4,
  product_description: '',
  product_type: 'T-shirts',
  product_images: [],
};

/** Two lines (one discounted 25 %), a 10 % coupon and delivery to Oran. */
const order: Order = {
  id: 41,
  type: 'regular',
  status: 'pending',
  customer_name: 'Amina B.',
  customer_phone: '0551234567',
  customer_address: 'Oran | 3 rue Larbi Ben M’hidi',
  customer_postal_code: '31000',
  wilaya_name: 'Oran',
  delivery_type: 'stop_desk',
  commune_name: 'Es Senia',
  subtotal: 6600,
  discount_percentage: 10,
  discount_amount: 660,
  shipping_fee: 600,
  final_total: 6540,
  coupon_code: 'BIENVENUE10',
  clothing_type: null,
  color: null,
  size: null,
  reference_images: [],
  confirmation: 'to_confirm',
  call_attempts: 0,
  call_back_at: null,
  confirmed_at: null,
  refusal_reason: null,
  refusal_note: null,
  held: false,
  possible_duplicate: false,
  duplicates: [],
  tracking_number: null,
  courier: null,
  label_url: null,
  courier_status: null,
  courier_sent_at: null,
  courier_error: null,
  courier_account_id: null,
  courier_account_chosen: false,
  return_received_at: null,
  stock_reserved: true,
  courier_attention: null,
  payments: [],
  amount_paid: 0,
  amount_due: 6540,
  item_summary: '2× Hoodie (M), 1× Savon au lait de chèvre',
  reputation: { orders: 1, delivered: 0, returned: 0, refused: 0, cancelled: 0 },
  claim: null,
  created_at: '2026-03-01 09:30:00',
  updated_at: '2026-03-01 09:30:00',
  order_items: [
    {
      ...item,
      id: 1,
      product_name: 'Hoodie Zippé',
      quantity: 2,
      price_at_time: 4000,
      unit_price: 3000,
      size: 'M',
      product_discount_percentage: 25,
    },
    {
      ...item,
      id: 2,
      product_name: 'Savon au lait de chèvre',
      quantity: 1,
      price_at_time: 600,
      unit_price: 600,
      size: '',
      product_discount_percentage: 0,
    },
  ],
  status_history: [],
};

/**
 * The server's product reads the edit form makes: one product by id, and the search (`q`, each
 * word in the name), a page of 20. The form never asks for the whole catalogue.
 */
function productReads(url: string, products: readonly { id: number; name: string }[]) {
  const byId = /^\/api\/product\/get\/(\d+)$/.exec(url);
  if (byId) return { data: products.find((p) => p.id === Number(byId[1])) };
  if (!url.startsWith('/api/product/getAll?')) return undefined;
  const params = new URL(url, 'http://shop').searchParams;
  expect(params.get('page')).toBe('1');
  const words = (params.get('q') ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  const found = products.filter((p) => words.every((w) => p.name.toLowerCase().includes(w)));
  return {
    data: {
      data: found,
      pagination: { page: 1, limit: 20, total: found.length, total_pages: 1, has_next_page: false },
    },
  };
}

describe("an order's details", () => {
  test('show each line with its unit price, list price and total, and the coupon in Da and percent', async () => {
    stubFetch((url) => (url === '/api/order/getOrder/41' ? { data: order } : undefined));
    renderWithProviders(<OrderDetailsModal orderId={41} onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Order #41' });
    const lines = await within(dialog).findAllByRole('listitem');
    const [hoodie, soap] = lines.filter((li) => li.querySelector('[data-testid="line-total"]'));

    expect(hoodie).toHaveTextContent(`Unit price: ${da(3000)}`);
    expect(hoodie).toHaveTextContent(`List price: ${da(4000)}`);
    expect(hoodie).toHaveTextContent('Discount: 25%');
    expect(within(hoodie!).getByTestId('line-total')).toHaveTextContent(`Line total: ${da(6000)}`);
    // No list price when the product was not discounted.
    expect(soap).toHaveTextContent(`Unit price: ${da(600)}`);
    expect(soap).not.toHaveTextContent('List price');
    expect(within(soap!).getByTestId('line-total')).toHaveTextContent(da(600));

    const receipt = within(dialog).getByTestId('receipt');
    expect(receipt).toHaveTextContent(`Lines${da(6600)}`);
    expect(receipt).toHaveTextContent(`Coupon BIENVENUE10 (-10%)−${da(660)}`);
    expect(receipt).toHaveTextContent(`Shipping fee (Oran, Stop desk)${da(600)}`);
    // How and where it is delivered.
    expect(within(dialog).getByText('Delivery').nextElementSibling).toHaveTextContent('Stop desk');
    expect(within(dialog).getByText('Commune').nextElementSibling).toHaveTextContent('Es Senia');
    expect(receipt).toHaveTextContent(`Total${da(6540)}`);
    expect(formatDa(6540)).toMatch(/^6\s540,00 Da$/);
  });

  test("show each line's colour with its size, a size on an age scale in words", async () => {
    const coloured: Order = {
      ...order,
      order_items: [
        { ...order.order_items[0]!, product_name: 'Robe été', color: 'Rouge', color_id: 41, size: 'M' },
        { ...order.order_items[0]!, id: 3, product_name: 'Ensemble enfant', color: 'Vert', color_id: 43, size: '2a' },
        { ...order.order_items[1]!, color: '', color_id: 0 },
      ],
    };
    stubFetch((url) => (url === '/api/order/getOrder/41' ? { data: coloured } : undefined));
    renderWithProviders(<OrderDetailsModal orderId={41} onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Order #41' });
    const lines = (await within(dialog).findAllByRole('listitem')).filter((li) =>
      li.querySelector('[data-testid="line-total"]'),
    );
    const [dress, kids, soap] = lines;
    expect(dress).toHaveTextContent('Colour / size: Rouge / M');
    expect(kids).toHaveTextContent('Colour / size: Vert / 2 ans');
    expect(soap).toHaveTextContent('Size: —');
    expect(soap).not.toHaveTextContent('Colour');
  });

  test('without a coupon the receipt has no coupon line', async () => {
    const plain = { ...order, coupon_code: null, discount_percentage: 0, discount_amount: 0, final_total: 7200 };
    stubFetch((url) => (url === '/api/order/getOrder/41' ? { data: plain } : undefined));
    renderWithProviders(<OrderDetailsModal orderId={41} onClose={() => undefined} />);
    const receipt = await screen.findByTestId('receipt');
    expect(receipt).not.toHaveTextContent('Coupon');
    expect(receipt).toHaveTextContent(`Total${da(7200)}`);
  });
});

describe("an order's money and warnings", () => {
  test('a payment received in advance is recorded, then the receipt says what is left to collect', async () => {
    let current: Order = { ...order, status: 'approved' };
    const fetchMock = stubFetch((url, init) => {
      if (url === '/api/order/getOrder/41') return { data: current };
      if (url === '/api/order/payments/41' && init?.method === 'POST') {
        current = {
          ...current,
          payments: [
            {
              id: 3,
              amount: 2000,
              method: 'ccp',
              reference: 'CCP 77',
              paid_on: '2026-03-01',
              author: 'admin',
              created_at: '2026-03-01T10:00:00.000Z',
            },
          ],
          amount_paid: 2000,
          amount_due: 4540,
        };
        return { status: 201, data: current };
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<OrderDetailsModal orderId={41} onClose={() => undefined} />);
    const payments = await screen.findByTestId('payments');
    expect(payments).toHaveTextContent('None: the courier collects the whole total.');
    await user.click(within(payments).getByRole('button', { name: 'Record payment' }));
    expect(await within(payments).findByRole('alert')).toHaveTextContent('Amount is required');
    await user.type(within(payments).getByLabelText('Amount (Da)'), '2000');
    await user.selectOptions(within(payments).getByLabelText('Method'), 'ccp');
    await user.type(within(payments).getByLabelText('Reference'), 'CCP 77');
    await user.clear(within(payments).getByLabelText('Received on'));
    await user.type(within(payments).getByLabelText('Received on'), '2026-03-01');
    await user.click(within(payments).getByRole('button', { name: 'Record payment' }));
    const receipt = await screen.findByTestId('receipt');
    await waitFor(() => expect(receipt).toHaveTextContent(`To collect at delivery${da(4540)}`));
    expect(receipt).toHaveTextContent(`Paid in advance−${da(2000)}`);
    expect(bodiesSent(fetchMock, '/api/order/payments/41', 'POST')).toEqual([
      { amount: '2000', method: 'ccp', reference: 'CCP 77', paid_on: '2026-03-01' },
    ]);
    expect(within(payments).getByRole('button', { name: /^Remove the payment of 2.000,00 Da$/ })).toBeInTheDocument();
  });

  test('an order with its courier takes no more payments', async () => {
    const shipped: Order = { ...order, status: 'shipping', tracking_number: 'yal-000001', courier: 'yalidine' };
    stubFetch((url) => (url === '/api/order/getOrder/41' ? { data: shipped } : undefined));
    renderWithProviders(<OrderDetailsModal orderId={41} onClose={() => undefined} />);
    await screen.findByTestId('receipt');
    expect(screen.queryByTestId('payments')).not.toBeInTheDocument();
  });

  test('what the courier said against the order is shown until marked checked', async () => {
    let current: Order = {
      ...order,
      status: 'successful',
      courier_attention: 'Yalidine says "Retour vers vendeur" (returned) but the order is successful',
    };
    stubFetch((url, init) => {
      if (url === '/api/order/getOrder/41') return { data: current };
      if (url === '/api/order/courierChecked/41' && init?.method === 'POST') {
        current = { ...current, courier_attention: null };
        return { data: current };
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<OrderDetailsModal orderId={41} onClose={() => undefined} />);
    const warning = await screen.findByText('Check this order');
    expect(warning.parentElement).toHaveTextContent('Retour vers vendeur');
    await user.click(screen.getByRole('button', { name: 'Mark as checked' }));
    await waitFor(() => expect(screen.queryByText('Check this order')).not.toBeInTheDocument());
  });

  test("the last call's outcome is undone from the order", async () => {
    let current: Order = {
      ...order,
      status: 'approved',
      confirmation: 'confirmed',
      undoable_call: { event_id: 9, detail: 'Confirmed by phone' },
    };
    stubFetch((url, init) => {
      if (url === '/api/order/getOrder/41') return { data: current };
      if (url === '/api/order/confirmation/undo/41' && init?.method === 'POST') {
        current = { ...current, status: 'pending', confirmation: 'to_confirm', undoable_call: null };
        return { data: current };
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<OrderDetailsModal orderId={41} onClose={() => undefined} />);
    await user.click(await screen.findByRole('button', { name: 'Undo: Confirmed by phone' }));
    expect(await screen.findByText('Order #41: the last call outcome is undone')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Undo:/ })).not.toBeInTheDocument();
  });
});

const hoodie = {
  id: 4,
  name: 'Hoodie Zippé',
  has_sizes: true,
  stock: 9,
  sizes: [
    { name: 'S', stock: 0 },
    { name: 'M', stock: 5 },
    { name: 'L', stock: 4 },
  ],
};
const soap = { id: 7, name: 'Savon au lait de chèvre', has_sizes: false, stock: 12, sizes: [] };
const wilayas = [
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
const lines = order.order_items.map((item, i) => ({ ...item, product_id: i === 0 ? 4 : 7 }));
const editable: Order = { ...order, order_items: lines };
const oranCommunes = [
  { name: 'Es Senia', name_ar: 'السانية', postal_code: null },
  { name: 'Bir El Djir', name_ar: 'بئر الجير', postal_code: null },
];
const algerCommunes = [{ name: 'Hydra', name_ar: 'حيدرة', postal_code: '16035' }];

describe("an order's desk facts", () => {
  test("show the call, the flags, the phone's past orders, the tracking number and the history in time order", async () => {
    const called: Order = {
      ...order,
      status: 'cancelled',
      confirmation: 'refused',
      call_attempts: 2,
      refusal_reason: 'price',
      refusal_note: 'Trop cher',
      held: true,
      possible_duplicate: true,
      tracking_number: 'YAL-123456',
      reputation: { orders: 4, delivered: 2, returned: 1, refused: 1, cancelled: 1 },
      status_history: [
        { from_status: null, to_status: 'pending', changed_at: '2026-03-01 09:30:00' },
        { from_status: 'pending', to_status: 'cancelled', changed_at: '2026-03-01T11:00:00.000Z' },
      ],
      events: [
        {
          kind: 'confirmation',
          detail: 'No answer (attempt 1)',
          author: 'admin',
          created_at: '2026-03-01T10:00:00.000Z',
        },
        {
          kind: 'confirmation',
          detail: 'Refused by phone: Price too high',
          author: 'admin',
          created_at: '2026-03-01T11:00:00.000Z',
        },
      ],
    };
    stubFetch((url) => (url === '/api/order/getOrder/41' ? { data: called } : undefined));
    renderWithProviders(<OrderDetailsModal orderId={41} onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Order #41' });
    await within(dialog).findByText('Refused');
    expect(dialog).toHaveTextContent('Calls without answer2');
    expect(dialog).toHaveTextContent('Refused becausePrice too high — Trop cher');
    expect(dialog).toHaveTextContent('Blacklisted phone');
    expect(dialog).toHaveTextContent('Possible duplicate');
    expect(dialog).toHaveTextContent('4 orders: 2 delivered, 1 returned, 1 refused');
    expect(dialog).toHaveTextContent('Tracking numberYAL-123456');
    // A cancelled order can no longer be changed.
    expect(within(dialog).queryByRole('button', { name: 'Edit order' })).not.toBeInTheDocument();
    const history = within(dialog)
      .getAllByRole('listitem')
      .filter((li) => li.closest('[data-testid="history"]'));
    expect(history.map((li) => li.textContent?.replace(/^.*?(?=pending|Call|Status)/, ''))).toEqual([
      'Status:pending',
      'Call: No answer (attempt 1) · admin',
      'Status:pending→cancelled',
      'Call: Refused by phone: Price too high · admin',
    ]);
  });

  test('a note is added with its text, then shown with its author', async () => {
    let notes: NonNullable<Order['notes']> = [];
    const fetchMock = stubFetch((url, init) => {
      if (url === '/api/order/getOrder/41') return { data: { ...order, notes } };
      if (url === '/api/order/notes/41' && init?.method === 'POST') {
        const { text } = JSON.parse(init.body as string) as { text: string };
        notes = [{ id: 1, author: 'admin', text, created_at: '2026-03-01T10:00:00.000Z' }];
        return { status: 201, data: notes[0] };
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<OrderDetailsModal orderId={41} onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Order #41' });
    await within(dialog).findByText('No notes yet.');
    await user.click(within(dialog).getByRole('button', { name: 'Add note' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Write the note first');
    expect(bodiesSent(fetchMock, '/api/order/notes/41', 'POST')).toEqual([]);

    const box = within(dialog).getByLabelText('New note');
    await user.type(box, 'Livrer après 17 h');
    await user.click(within(dialog).getByRole('button', { name: 'Add note' }));
    const shown = await within(dialog).findByTestId('notes');
    expect(shown).toHaveTextContent('Livrer après 17 h');
    expect(shown).toHaveTextContent(/admin, 1 Mar 2026/);
    expect(box).toHaveValue('');
    expect(bodiesSent(fetchMock, '/api/order/notes/41', 'POST')).toEqual([{ text: 'Livrer après 17 h' }]);
  });
});

describe("an order's correction", () => {
  function deskServer(
    editAnswer: (body: Record<string, unknown>) => { status?: number; data?: unknown; message?: string },
  ) {
    let current: Order = editable;
    return stubFetch((url, init) => {
      if (url === '/api/order/getOrder/41') return { data: current };
      if (url === '/api/ShippingPrice/read') return { data: wilayas };
      const product = productReads(url, [hoodie, soap]);
      if (product) return product;
      if (url === '/api/commune?wilaya=Oran') return { data: oranCommunes };
      if (url === '/api/commune?wilaya=Alger') return { data: algerCommunes };
      if (url === '/api/order/edit/41' && init?.method === 'PUT') {
        const answer = editAnswer(JSON.parse(init.body as string) as Record<string, unknown>);
        if (!answer.status || answer.status < 300) current = answer.data as Order;
        return answer;
      }
      return undefined;
    });
  }

  test('sends only what changed (a quantity, a size, a new line, the wilaya) and shows the new total', async () => {
    const fetchMock = deskServer(() => ({
      data: { ...editable, final_total: 9999, shipping_fee: 400, wilaya_name: 'Alger' },
    }));
    const user = userEvent.setup();
    renderWithProviders(<OrderDetailsModal orderId={41} onClose={() => undefined} />);
    let dialog = await screen.findByRole('dialog', { name: 'Order #41' });
    await user.click(await within(dialog).findByRole('button', { name: 'Edit order' }));
    dialog = await screen.findByRole('dialog', { name: 'Edit order #41' });
    const quantity = await within(dialog).findByLabelText('Quantity of Hoodie Zippé');
    await user.clear(quantity);
    await user.type(quantity, '3');
    await user.selectOptions(within(dialog).getByLabelText('Size of Hoodie Zippé'), 'L');
    await user.click(within(dialog).getByRole('button', { name: 'Remove Savon au lait de chèvre' }));
    await user.selectOptions(within(dialog).getByLabelText('Add a product'), 'Hoodie Zippé');
    // A size out of stock cannot be chosen.
    expect(within(within(dialog).getByLabelText('Size')).getByRole('option', { name: 'S (0)' })).toBeDisabled();
    await user.selectOptions(within(dialog).getByLabelText('Size'), 'M (5)');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await user.selectOptions(within(dialog).getByLabelText('Wilaya'), '16 - Alger');
    await user.type(within(dialog).getByLabelText('Postal code'), '16000');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    dialog = await screen.findByRole('dialog', { name: 'Order #41' });
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Order #41 changed');
    expect(within(dialog).getByTestId('receipt')).toHaveTextContent(`Total${da(9999)}`);
    expect(bodiesSent(fetchMock, '/api/order/edit/41', 'PUT')).toEqual([
      {
        customer_postal_code: '16000',
        wilaya: 'Alger',
        items: [
          { product_id: 4, size: 'L', quantity: 3 },
          { product_id: 4, size: 'M', quantity: 1 },
        ],
      },
    ]);
  });

  test("finds the product to add through the server's search, never reading the whole catalogue", async () => {
    const fetchMock = deskServer(() => ({ data: editable }));
    const user = userEvent.setup();
    renderWithProviders(<OrderDetailsModal orderId={41} onClose={() => undefined} />);
    await user.click(await screen.findByRole('button', { name: 'Edit order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit order #41' });
    const choices = () =>
      within(within(dialog).getByLabelText('Add a product'))
        .getAllByRole('option')
        .map((o) => o.textContent);
    await waitFor(() => expect(choices()).toEqual(['Choose a product', 'Hoodie Zippé', 'Savon au lait de chèvre']));
    await user.type(within(dialog).getByLabelText('Find a product'), 'savon');
    await waitFor(() => expect(choices()).toEqual(['Choose a product', 'Savon au lait de chèvre']));
    const reads = fetchMock.mock.calls.flatMap(([url]) =>
      typeof url === 'string' && url.startsWith('/api/product/') ? [url] : [],
    );
    expect(reads).toContain('/api/product/getAll?page=1&limit=20&q=savon');
    expect(reads).not.toContain('/api/product/getAll');
  });

  test('a line of a product in colours changes to another colour × size; its colour is sent with each line', async () => {
    const dressVariant = (colorId: number, color: string, size: string, stock: number) => ({
      color_id: colorId,
      color,
      color_ar: null,
      slug: color.toLowerCase(),
      swatch: '#cc0000',
      size,
      size_label: size,
      stock,
      sku: null,
      price_diff: 0,
      final_price: 3000,
    });
    const dress = {
      id: 9,
      name: 'Robe été',
      has_sizes: true,
      stock: 8,
      sizes: [],
      size_scale: 'letters',
      colors: [
        { id: 41, name: 'Rouge', name_ar: null, slug: 'rouge', swatch: '#cc0000', image_ids: [] },
        { id: 42, name: 'Bleu', name_ar: null, slug: 'bleu', swatch: '#1d4ed8', image_ids: [] },
      ],
      variants: [
        dressVariant(41, 'Rouge', 'M', 0),
        dressVariant(41, 'Rouge', 'L', 3),
        dressVariant(42, 'Bleu', 'M', 5),
      ],
    };
    const coloured: Order = {
      ...editable,
      order_items: [
        {
          ...editable.order_items[0]!,
          product_id: 9,
          product_name: 'Robe été',
          size: 'M',
          color: 'Rouge',
          color_id: 41,
        },
        editable.order_items[1]!,
      ],
    };
    const fetchMock = stubFetch((url, init) => {
      if (url === '/api/order/getOrder/41') return { data: coloured };
      if (url === '/api/ShippingPrice/read') return { data: wilayas };
      const product = productReads(url, [dress, soap]);
      if (product) return product;
      if (url === '/api/commune?wilaya=Oran') return { data: oranCommunes };
      if (url === '/api/order/edit/41' && init?.method === 'PUT') return { data: coloured };
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<OrderDetailsModal orderId={41} onClose={() => undefined} />);
    await user.click(await screen.findByRole('button', { name: 'Edit order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit order #41' });
    const variant = await within(dialog).findByLabelText('Colour and size of Robe été');
    // The line's own variant counts what the order holds (2); another colour out of stock cannot be chosen.
    expect(
      within(variant)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Rouge / M (2)', 'Rouge / L (3)', 'Bleu / M (5)']);
    expect(variant).toHaveValue('Rouge|M');
    await user.selectOptions(variant, 'Bleu / M (5)');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByRole('dialog', { name: 'Order #41' });
    expect(bodiesSent(fetchMock, '/api/order/edit/41', 'PUT')).toEqual([
      {
        items: [
          { product_id: 9, size: 'M', color: 'Bleu', quantity: 2 },
          { product_id: 7, size: '', quantity: 1 },
        ],
      },
    ]);
  });

  test('changes the delivery type and the commune, offering the wilaya’s communes', async () => {
    const fetchMock = deskServer((body) => ({ data: { ...editable, ...body, commune_name: body.commune } }));
    const user = userEvent.setup();
    renderWithProviders(<OrderDetailsModal orderId={41} onClose={() => undefined} />);
    await user.click(await screen.findByRole('button', { name: 'Edit order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit order #41' });
    const commune = await within(dialog).findByLabelText('Commune');
    expect(commune).toHaveValue('Es Senia');
    // The wilaya's communes are the input's suggestions.
    await waitFor(() =>
      expect([...(commune as HTMLInputElement).list!.options].map((o) => o.value)).toEqual(
        oranCommunes.map((c) => c.name),
      ),
    );
    await user.selectOptions(within(dialog).getByLabelText('Delivery'), 'home');
    await user.clear(commune);
    await user.type(commune, 'Bir El Djir');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Order #41 changed');
    expect(bodiesSent(fetchMock, '/api/order/edit/41', 'PUT')).toEqual([
      { delivery_type: 'home', commune: 'Bir El Djir' },
    ]);
  });

  test('asks for the commune when the delivery type changes and the new wilaya has none chosen', async () => {
    const fetchMock = deskServer(() => ({ data: editable }));
    const user = userEvent.setup();
    renderWithProviders(<OrderDetailsModal orderId={41} onClose={() => undefined} />);
    await user.click(await screen.findByRole('button', { name: 'Edit order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit order #41' });
    await user.selectOptions(await within(dialog).findByLabelText('Wilaya'), '16 - Alger');
    // Es Senia is in Oran: it does not follow the order to Alger.
    expect(within(dialog).getByLabelText('Commune')).toHaveValue('');
    await user.selectOptions(within(dialog).getByLabelText('Delivery'), 'home');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Choose the commune for this delivery type');
    expect(bodiesSent(fetchMock, '/api/order/edit/41', 'PUT')).toEqual([]);
  });

  test('a new wilaya clears the old postal code (a listed commune gives its own), each delivery type says its fee, each size its stock', async () => {
    const fetchMock = deskServer((body) => ({ data: { ...editable, ...body } }));
    const user = userEvent.setup();
    renderWithProviders(<OrderDetailsModal orderId={41} onClose={() => undefined} />);
    await user.click(await screen.findByRole('button', { name: 'Edit order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit order #41' });
    const options = (label: string) =>
      [...within(dialog).getByLabelText<HTMLSelectElement>(label).options].map((o) =>
        (o.textContent ?? '').replace(/\s/g, ' '),
      );
    // Oran, at Es Senia (no fee of its own): the wilaya's fees.
    expect(options('Delivery')).toEqual([`Home · ${da(600)}`, `Stop desk · ${da(450)}`]);
    // The order holds 2 M: with the 5 in stock, the line can have 7; S has none.
    expect(options('Size of Hoodie Zippé')).toEqual(['S (0)', 'M (7)', 'L (4)']);
    expect(
      within(within(dialog).getByLabelText('Size of Hoodie Zippé')).getByRole('option', { name: 'S (0)' }),
    ).toBeDisabled();
    // Bir El Djir has its own home fee; its stop desk is the wilaya's.
    const commune = within(dialog).getByLabelText('Commune');
    await user.clear(commune);
    await user.type(commune, 'Bir El Djir');
    expect(options('Delivery')).toEqual([`Home · ${da(700)}`, `Stop desk · ${da(450)}`]);

    const postal = within(dialog).getByLabelText('Postal code');
    expect(postal).toHaveValue('31000');
    await user.selectOptions(within(dialog).getByLabelText('Wilaya'), '16 - Alger');
    expect(postal).toHaveValue('');
    // Alger has no stop desk.
    expect(options('Delivery')).toEqual([`Home · ${da(400)}`, 'Stop desk · none in this wilaya']);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Enter the 5-digit postal code in Alger');
    expect(bodiesSent(fetchMock, '/api/order/edit/41', 'PUT')).toEqual([]);
    await user.type(within(dialog).getByLabelText('Commune'), 'Hydra');
    expect(postal).toHaveValue('16035');
    // Back to the order's wilaya: its postal code again.
    await user.selectOptions(within(dialog).getByLabelText('Wilaya'), '31 - Oran');
    expect(postal).toHaveValue('31000');
  });

  test("shows the server's refusal (409) and keeps the form", async () => {
    deskServer(() => ({ status: 409, message: 'Stock insuffisant pour certains articles' }));
    const user = userEvent.setup();
    renderWithProviders(<OrderDetailsModal orderId={41} onClose={() => undefined} />);
    await user.click(await screen.findByRole('button', { name: 'Edit order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit order #41' });
    const name = await within(dialog).findByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Amina Benali');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Stock insuffisant pour certains articles');
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Amina Benali');
  });

  test('is offered only before shipping', async () => {
    stubFetch((url) => (url === '/api/order/getOrder/41' ? { data: { ...editable, status: 'shipping' } } : undefined));
    renderWithProviders(<OrderDetailsModal orderId={41} onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Order #41' });
    await within(dialog).findByTestId('receipt');
    expect(within(dialog).queryByRole('button', { name: 'Edit order' })).not.toBeInTheDocument();
  });
});

describe('a returned order', () => {
  test('is marked received once: the button sends the call and goes away', async () => {
    let current: Order = { ...order, status: 'returned' };
    const fetchMock = stubFetch((url, init) => {
      if (url === '/api/order/getOrder/41') return { data: current };
      if (url === '/api/order/returnReceived/41' && init?.method === 'POST') {
        current = { ...current, return_received_at: '2026-03-05T10:00:00.000Z' };
        return { data: current };
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<OrderDetailsModal orderId={41} onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Order #41' });
    expect(await within(dialog).findByText('Waiting for the parcel to come back')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Mark return received' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Order #41: the return is back in stock');
    await waitFor(() =>
      expect(within(dialog).queryByRole('button', { name: 'Mark return received' })).not.toBeInTheDocument(),
    );
    expect(fetchMock.mock.calls.filter(([u]) => u === '/api/order/returnReceived/41')).toHaveLength(1);
  });
});
