import { afterEach, describe, expect, test, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { formatDa } from '@shop/domain/money';
import { renderWithProviders, stubFetch } from '../../../lib/test-utils.tsx';
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
  tracking_number: null,
  return_received_at: null,
  item_summary: '2× Hoodie (M), 1× Savon au lait de chèvre',
  reputation: { orders: 1, delivered: 0, returned: 0, refused: 0, cancelled: 0 },
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
    expect(receipt).toHaveTextContent(`Shipping fee (Oran)${da(600)}`);
    expect(receipt).toHaveTextContent(`Total${da(6540)}`);
    expect(formatDa(6540)).toMatch(/^6\s540,00 Da$/);
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
