import { afterEach, describe, expect, test, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bodiesSent, renderWithProviders, stubFetch } from '../../../lib/test-utils.tsx';
import { BlacklistSection } from './blacklist-section.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** A server keeping its blacklist, newest first. */
function blacklistServer() {
  let entries = [{ phone: '0661002003', reason: 'Refused 3 parcels', created_at: '2026-03-01T10:00:00.000Z' }];
  return stubFetch((url, init) => {
    if (url === '/api/order/blacklist' && init?.method === 'POST') {
      const body = JSON.parse(init.body as string) as { phone: string; reason: string };
      const entry = { ...body, created_at: '2026-03-02T10:00:00.000Z' };
      entries = [entry, ...entries];
      return { status: 201, data: entry };
    }
    if (url === '/api/order/blacklist') return { data: entries };
    const match = /^\/api\/order\/blacklist\/(\d+)$/.exec(url);
    if (match && init?.method === 'DELETE') {
      entries = entries.filter((e) => e.phone !== match[1]);
      return { data: null };
    }
    return undefined;
  });
}

describe('settings: blacklist', () => {
  test('lists the phones, adds one (normalised, with its reason) and shows it', async () => {
    const fetchMock = blacklistServer();
    const user = userEvent.setup();
    renderWithProviders(<BlacklistSection />);
    const table = await screen.findByRole('region', { name: 'Blacklisted phones' });
    expect(await within(table).findByText('0661002003')).toBeInTheDocument();
    expect(table).toHaveTextContent('Refused 3 parcels');

    await user.type(screen.getByLabelText('Phone'), '12');
    await user.click(screen.getByRole('button', { name: 'Add to blacklist' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid phone number (e.g. 0555 12 34 56)');
    expect(bodiesSent(fetchMock, '/api/order/blacklist', 'POST')).toEqual([]);

    await user.clear(screen.getByLabelText('Phone'));
    await user.type(screen.getByLabelText('Phone'), '0555 12 34 56');
    await user.type(screen.getByLabelText('Reason'), 'Never answers');
    await user.click(screen.getByRole('button', { name: 'Add to blacklist' }));
    expect(await screen.findByRole('status')).toHaveTextContent('0555123456 blacklisted');
    expect(await within(table).findByText('0555123456')).toBeInTheDocument();
    expect(screen.getByLabelText('Phone')).toHaveValue('');
    expect(bodiesSent(fetchMock, '/api/order/blacklist', 'POST')).toEqual([
      { phone: '0555123456', reason: 'Never answers' },
    ]);
  });

  test('removes a phone only after asking', async () => {
    const fetchMock = blacklistServer();
    const user = userEvent.setup();
    renderWithProviders(<BlacklistSection />);
    const remove = await screen.findByRole('button', { name: 'Remove 0661002003 from the blacklist' });
    await user.click(remove);
    let dialog = screen.getByRole('dialog', { name: 'Remove from the blacklist?' });
    expect(dialog).toHaveTextContent('Orders from 0661002003 will be taken normally again.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE')).toHaveLength(0);

    await user.click(remove);
    dialog = screen.getByRole('dialog', { name: 'Remove from the blacklist?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByRole('status')).toHaveTextContent('0661002003 removed from the blacklist');
    expect(await screen.findByText('No phone is blacklisted.')).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE').map(([url]) => url)).toEqual([
      '/api/order/blacklist/0661002003',
    ]);
  });
});
