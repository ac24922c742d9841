// The ad platforms' settings in the back office: the token is never shown, only whether one is
// saved; a save sends a token only when one was typed (or removed); the test event says what the
// platform answered; the platform's server events are listed.
import { afterEach, describe, expect, test, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdEvent, MarketingSettingsRead } from '@shop/domain/marketing';
import { bodiesSent, renderWithProviders, stubFetch } from '../../../lib/test-utils.tsx';
import { MarketingSection } from './marketing-section.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const saved: MarketingSettingsRead = {
  meta: {
    pixel_id: '123456789012345',
    access_token_set: true,
    test_event_code: 'TEST123',
    purchase_stage: 'confirmed',
    server_events: true,
  },
  tiktok: {
    pixel_id: '',
    access_token_set: false,
    test_event_code: '',
    purchase_stage: 'confirmed',
    server_events: false,
  },
};

const refused: AdEvent = {
  id: 9,
  order_id: 42,
  platform: 'meta',
  stage: 'confirmed',
  event_name: 'Purchase',
  event_id: 'ord-abc',
  state: 'failed',
  attempts: 1,
  message: 'HTTP 400: Invalid OAuth access token',
  created_at: '2026-11-20T10:00:00.000Z',
  sent_at: null,
  order_undone: false,
};

describe('marketing settings', () => {
  test('shows whether a token is set, sends one only when typed, tests the platform and lists its events', async () => {
    const fetchMock = stubFetch((url, init) => {
      if (url === '/api/marketing/settings' && init?.method === 'PUT') {
        return {
          data: {
            ...saved,
            tiktok: { ...saved.tiktok, pixel_id: 'CTIKTOK', access_token_set: true, server_events: true },
          },
        };
      }
      if (url === '/api/marketing/settings') return { data: saved };
      if (url === '/api/marketing/events?platform=meta') return { data: [refused] };
      if (url === '/api/marketing/events?platform=tiktok') return { data: [] };
      if (url === '/api/marketing/test-event') {
        return {
          data: { ok: true, status: 200, message: 'events received: 1' },
          message: 'Test event sent to Meta (Facebook, Instagram)',
        };
      }
      return undefined;
    });
    renderWithProviders(<MarketingSection />);
    const user = userEvent.setup();
    const metaToken = await screen.findByLabelText('Access token (set)', { selector: '#marketing-meta-token' });
    expect(metaToken).toHaveValue('');
    expect(screen.getByLabelText('Access token (not set)', { selector: '#marketing-tiktok-token' })).toHaveValue('');
    expect(await screen.findByText('HTTP 400: Invalid OAuth access token')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Send test event' }));
    expect(await screen.findByText('Test event sent to Meta (Facebook, Instagram)')).toBeInTheDocument();
    expect(bodiesSent(fetchMock, '/api/marketing/test-event', 'POST')).toEqual([{ platform: 'meta' }]);

    const tiktok = screen.getByRole('group', { name: 'TikTok' });
    await user.type(within(tiktok).getByLabelText('TikTok pixel id'), 'CTIKTOK');
    await user.type(within(tiktok).getByLabelText('Access token (not set)'), 'tiktok-secret');
    await user.click(within(tiktok).getByLabelText('delivered by the courier'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Marketing settings saved')).toBeInTheDocument();
    expect(bodiesSent(fetchMock, '/api/marketing/settings', 'PUT')).toEqual([
      {
        meta: { pixel_id: '123456789012345', test_event_code: 'TEST123', purchase_stage: 'confirmed' },
        tiktok: {
          pixel_id: 'CTIKTOK',
          access_token: 'tiktok-secret',
          test_event_code: '',
          purchase_stage: 'delivered',
        },
      },
    ]);
    // The typed token is not kept on the page once saved.
    expect(screen.getByLabelText('Access token (set)', { selector: '#marketing-tiktok-token' })).toHaveValue('');
  });
});
