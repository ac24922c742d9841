import { afterEach, describe, expect, test, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders, stubFetch } from '../../../lib/test-utils.tsx';
import { SlipsPage } from './slips-page.tsx';

// jsdom has no canvas to measure the barcode's digits: the barcode is drawn in the e2e test.
vi.mock('jsbarcode', () => ({ default: () => undefined }));

afterEach(() => {
  vi.unstubAllGlobals();
});

const slip = {
  id: 57,
  created_at: '2026-03-01T10:00:00.000Z',
  customer_name: 'Lina Cherif',
  customer_phone: '0661002003',
  wilaya_name: 'Oran',
  commune: 'Bir El Djir',
  address: '5 rue des Frères',
  delivery_type: 'home',
  stop_desk_id: null,
  stop_desk_name: null,
  stop_desk_address: null,
  items: [
    { name: 'Personnalisée : Hoodie', size: 'M', quantity: 1, color: 'Noir' },
    { name: 'T-shirt', size: 'L', quantity: 2, color: null },
  ],
  amount: 4100,
  tracking_number: null,
  sender_name: 'Maison Lina',
  sender_phone: '0555 12 34 56',
};

describe('a delivery slip', () => {
  test('says who sends the parcel, and a custom item in French with its size and colour', async () => {
    stubFetch((url) => (url === '/api/courier/slips?ids=57' ? { data: [slip] } : undefined));
    renderWithProviders(<SlipsPage />, { route: '/admin/slips?ids=57' });
    const card = await screen.findByTestId('slip');
    expect(screen.getByTestId('slip-sender')).toHaveTextContent('Maison Lina · 0555 12 34 56');
    expect(card).toHaveTextContent('Expéditeur');
    // As the couriers' product lists write a line (domain lineText).
    expect(card).toHaveTextContent('1 × Personnalisée : Hoodie — Noir / M');
    expect(card).toHaveTextContent('2 × T-shirt (L)');
    expect(card).not.toHaveTextContent('Custom');
  });
});
