import { afterEach, describe, expect, test, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bodiesSent, renderWithProviders, stubFetch } from '../../../lib/test-utils.tsx';
import { DeskSettingsSection } from './desk-settings-form.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const saved = { blacklist_policy: 'hold', low_stock_threshold: 3, review_moderation: false, no_answer_limit: 3 };

describe('settings: order desk', () => {
  test('shows the saved rules, checks the threshold, and saves them together', async () => {
    const fetchMock = stubFetch((url, init) => {
      if (url !== '/api/settings/desk') return undefined;
      if (init?.method === 'PUT') return { data: JSON.parse(init.body as string) as unknown };
      return { data: saved };
    });
    const user = userEvent.setup();
    renderWithProviders(<DeskSettingsSection />);
    const hold = await screen.findByRole('radio', { name: /Hold them/ });
    expect(hold).toBeChecked();
    const threshold = screen.getByLabelText('Low-stock threshold');
    expect(threshold).toHaveValue(3);
    expect(screen.getByRole('checkbox', { name: /New reviews wait/ })).not.toBeChecked();

    await user.clear(threshold);
    await user.type(threshold, '-2');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The low-stock threshold is at least 0')).toBeInTheDocument();
    expect(bodiesSent(fetchMock, '/api/settings/desk', 'PUT')).toEqual([]);

    await user.clear(threshold);
    await user.type(threshold, '5');
    await user.click(screen.getByRole('radio', { name: /Refuse them/ }));
    await user.click(screen.getByRole('checkbox', { name: /New reviews wait/ }));
    const noAnswer = screen.getByLabelText('Calls without answer before cancelling');
    expect(noAnswer).toHaveValue(3);
    await user.clear(noAnswer);
    await user.type(noAnswer, '4');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Order desk settings saved')).toBeInTheDocument();
    expect(bodiesSent(fetchMock, '/api/settings/desk', 'PUT')).toEqual([
      { blacklist_policy: 'refuse', low_stock_threshold: 5, review_moderation: true, no_answer_limit: 4 },
    ]);
  });

  test("a refused save shows the server's message", async () => {
    stubFetch((url, init) => {
      if (url !== '/api/settings/desk') return undefined;
      if (init?.method === 'PUT') return { status: 400, message: 'Policy must be hold or refuse' };
      return { data: saved };
    });
    const user = userEvent.setup();
    renderWithProviders(<DeskSettingsSection />);
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Policy must be hold or refuse');
  });
});
