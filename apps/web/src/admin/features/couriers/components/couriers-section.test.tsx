import { afterEach, describe, expect, test, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CourierAccount } from '@shop/domain/courier-accounts';
import { bodiesSent, renderWithProviders, stubFetch } from '../../../lib/test-utils.tsx';
import { CouriersSection } from './couriers-section.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const account = (over: Partial<CourierAccount>): CourierAccount => ({
  id: 1,
  kind: 'ecotrack',
  name: 'DHD',
  division: 'wilayas-2019',
  host: 'https://dhd.ecotrack.dz',
  from_wilaya: '',
  hand_over: 'manual',
  active: true,
  source: 'admin',
  credentials_set: ['token'],
  webhook_secret_set: false,
  webhook_path: '/api/courier/webhook/account/1',
  places_synced_at: null,
  communes_matched: 0,
  desks: 0,
  updated_at: '2026-03-01T10:00:00.000Z',
  ...over,
});

function stub(accounts: CourierAccount[]) {
  return stubFetch((url, init) => {
    if (url === '/api/courier/accounts' && (init?.method ?? 'GET') === 'GET') return { data: accounts };
    if (url === '/api/courier/accounts/1' && init?.method === 'PUT') return { data: accounts[0] };
    if (url === '/api/courier/accounts' && init?.method === 'POST') return { status: 201, data: accounts[0] };
    if (url === '/api/courier/routes' && (init?.method ?? 'GET') === 'GET') {
      return { data: { routes: [{ wilaya: null, delivery_type: 'any', account_id: 1 }], version: '*:any:1' } };
    }
    if (url === '/api/courier/routes' && init?.method === 'PUT')
      return { data: JSON.parse(init.body as string) as unknown };
    if (url === '/api/ShippingPrice/read') return { data: [{ wilaya_name: 'Oran', wilaya_code: 31 }] };
    if (url === '/api/courier/settings') return { data: { stranded_days: 7 } };
    return undefined;
  });
}

describe('settings: couriers', () => {
  test('an account never shows its token: editing sends only what was typed, against the version read', async () => {
    const fetchMock = stub([
      account({}),
      account({ id: 2, kind: 'yalidine', name: 'Yalidine (environment)', source: 'env', host: '' }),
    ]);
    renderWithProviders(<CouriersSection />);
    const user = userEvent.setup();
    const env = await screen.findByTestId('courier-account-2');
    expect(within(env).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(env).toHaveTextContent(/environment variables/);
    await user.click(within(screen.getByTestId('courier-account-1')).getByRole('button', { name: 'Edit' }));
    const form = screen.getByRole('form', { name: 'Edit DHD' });
    const token = within(form).getByLabelText('API token (Bearer)');
    expect(token).toHaveValue('');
    expect(form).toHaveTextContent('set — leave empty to keep it');
    await user.clear(within(form).getByLabelText('Name'));
    await user.type(within(form).getByLabelText('Name'), 'DHD Alger');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Courier account saved.')).toBeInTheDocument();
    const [sent] = bodiesSent(fetchMock, '/api/courier/accounts/1', 'PUT') as Record<string, unknown>[];
    expect(sent).toMatchObject({
      name: 'DHD Alger',
      host: 'https://dhd.ecotrack.dz',
      credentials: {},
      version: '2026-03-01T10:00:00.000Z',
    });
    expect(sent).not.toHaveProperty('webhook_secret');
  });

  test('routes a wilaya to an account and saves the table with its version', async () => {
    const fetchMock = stub([account({}), account({ id: 3, name: 'Packers', host: 'https://packers.ecotrack.dz' })]);
    renderWithProviders(<CouriersSection />);
    const user = userEvent.setup();
    await screen.findAllByTestId('courier-route');
    await user.click(screen.getByRole('button', { name: 'Add a line' }));
    const rows = screen.getAllByTestId('courier-route');
    await user.selectOptions(within(rows[1]!).getByLabelText('Wilaya'), 'Oran');
    await user.selectOptions(within(rows[1]!).getByLabelText('Account'), 'Packers');
    const saves = screen.getAllByRole('button', { name: 'Save' });
    await user.click(saves[0]!);
    expect(await screen.findByText('Routing saved.')).toBeInTheDocument();
    expect(bodiesSent(fetchMock, '/api/courier/routes', 'PUT')).toEqual([
      {
        version: '*:any:1',
        routes: [
          { wilaya: null, delivery_type: 'any', account_id: 1 },
          { wilaya: 'Oran', delivery_type: 'any', account_id: 3 },
        ],
      },
    ]);
  });
});
