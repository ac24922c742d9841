// The desk's Abandoned tab: the leads the server lists, a call outcome per tap, and "Create order"
// then "Place the order" turning a lead into an order, shown recovered.
import { afterEach, describe, expect, test, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Lead } from '@shop/domain/checkout-drafts';
import { bodiesSent, renderWithProviders, stubFetch } from '../../../lib/test-utils.tsx';
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
    created_at: new Date(Date.now() - 40 * 60_000).toISOString(),
    updated_at: new Date(Date.now() - 35 * 60_000).toISOString(),
    call_state: 'new',
    call_attempts: 0,
    call_back_at: null,
    last_call_at: null,
    last_call_by: null,
    order_id: null,
    converted_by: null,
    ...overrides,
  };
}

function leadServer(initial: Lead[]) {
  let leads = [...initial];
  return stubFetch((url, init) => {
    if (url === '/api/leads') return { data: leads };
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
      };
      leads =
        body.outcome === 'not_interested'
          ? leads.filter((l) => l.id !== was.id)
          : leads.map((l) => (l.id === was.id ? after : l));
      return { data: after };
    }
    const order = /^\/api\/leads\/(\d+)\/order$/.exec(url);
    if (order && init?.method === 'POST') {
      const was = leads.find((l) => l.id === Number(order[1]))!;
      const after: Lead = { ...was, order_id: 41, converted_by: 'desk' };
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
    await user.type(samia.getByLabelText('Street address (what the customer says)'), '3 rue Ben Aknoun');
    await user.click(samia.getByRole('button', { name: 'Place the order' }));
    expect(await screen.findByText(/^Order #41 placed .*: it waits in To confirm$/)).toBeInTheDocument();
    expect(samia.getByText('Recovered · order #41')).toBeInTheDocument();
    expect(samia.queryByRole('button', { name: 'No answer' })).not.toBeInTheDocument();
    expect(bodiesSent(fetchMock, '/api/leads/5/order', 'POST')).toEqual([{ address: '3 rue Ben Aknoun' }]);
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

  test('a custom checkout has no Create order: the pictures are needed', async () => {
    leadServer([makeLead({ checkout: 'custom', lines: [] })]);
    renderWithProviders(<ConfirmRoute />, { route: '/admin/confirm?tab=abandoned' });
    const samia = within(await card('Samia B.'));
    expect(samia.getByText(/Custom order/)).toBeInTheDocument();
    expect(samia.queryByRole('button', { name: 'Create order' })).not.toBeInTheDocument();
  });
});
