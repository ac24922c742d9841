import { afterEach, describe, expect, test, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders, stubFetch } from '../../../lib/test-utils.tsx';
import { SettingsPage } from './settings-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const saved = { ccp: '0012345678 clé 90', rip: '', baridimob: '' };

describe('settings: payment details', () => {
  test('shows the saved accounts, checks them with the shared rules, and saves', async () => {
    const fetchMock = stubFetch((url, init) => {
      if (url !== '/api/settings/payment') return undefined;
      if (init?.method === 'PUT') return { data: JSON.parse(init.body as string) as unknown, message: 'Saved' };
      return { data: saved };
    });
    renderWithProviders(<SettingsPage />);
    const user = userEvent.setup();
    expect(await screen.findByLabelText('CCP')).toHaveValue('0012345678 clé 90');

    const rip = screen.getByLabelText('RIP');
    await user.type(rip, '0079 9999');
    await user.type(screen.getByLabelText('BaridiMob'), '12');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('RIP must have 20 digits (e.g. 00799999 0012345678 90)')).toBeInTheDocument();
    expect(screen.getByText('BaridiMob: a RIP (20 digits) or a phone number')).toBeInTheDocument();
    expect(rip).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT')).toHaveLength(0);

    await user.clear(rip);
    await user.type(rip, '00799999 0012345678 90');
    await user.clear(screen.getByLabelText('BaridiMob'));
    await user.type(screen.getByLabelText('BaridiMob'), '0555 12 34 56');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Payment details saved')).toBeInTheDocument();
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(JSON.parse(put[1]!.body as string)).toEqual({
      ccp: '0012345678 clé 90',
      rip: '00799999 0012345678 90',
      baridimob: '0555 12 34 56',
    });
  });

  test("a refused save shows the server's message and keeps what was typed", async () => {
    stubFetch((url, init) => {
      if (url !== '/api/settings/payment') return undefined;
      if (init?.method === 'PUT') return { status: 400, message: 'CCP must be at most 40 characters' };
      return { data: saved };
    });
    renderWithProviders(<SettingsPage />);
    const user = userEvent.setup();
    const ccp = await screen.findByLabelText('CCP');
    await user.clear(ccp);
    await user.type(ccp, '0012345678 clé 91');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('CCP must be at most 40 characters')).toBeInTheDocument();
    expect(ccp).toHaveValue('0012345678 clé 91');
  });

  test('a failed load offers Retry, which loads the form', async () => {
    let down = true;
    stubFetch((url) => {
      // The other sections load: only the payment details' Retry is on the page.
      if (url === '/api/settings/desk') {
        return { data: { blacklist_policy: 'hold', low_stock_threshold: 3, review_moderation: false } };
      }
      if (url === '/api/order/blacklist') return { data: [] };
      if (url === '/api/courier/accounts') return { data: [] };
      if (url === '/api/courier/routes') return { data: { routes: [], version: '' } };
      if (url === '/api/courier/settings') return { data: { stranded_days: 7 } };
      if (url === '/api/marketing/settings') {
        const platform = {
          pixel_id: '',
          access_token_set: false,
          test_event_code: '',
          purchase_stage: 'confirmed',
          server_events: false,
        };
        return { data: { meta: platform, tiktok: platform } };
      }
      if (url !== '/api/settings/payment') return undefined;
      return down ? { status: 500, message: 'Internal server error' } : { data: saved };
    });
    renderWithProviders(<SettingsPage />);
    expect(await screen.findByText('Failed to fetch payment details')).toBeInTheDocument();
    expect(screen.queryByLabelText('CCP')).not.toBeInTheDocument();
    down = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.getByLabelText('CCP')).toHaveValue('0012345678 clé 90'));
  });
});
