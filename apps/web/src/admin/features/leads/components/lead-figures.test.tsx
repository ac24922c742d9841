import { afterEach, expect, test, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bodiesSent, renderWithProviders, stubFetch } from '../../../lib/test-utils.tsx';
import { LeadFigures } from './lead-figures.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

test('the dashboard shows the leads, the recovered orders and the rate; the owner sets the delay', async () => {
  const fetchMock = stubFetch((url, init) => {
    if (url === '/api/leads/figures') return { data: { days: 30, leads: 8, recovered: 2, recovery_rate: 0.25 } };
    if (url === '/api/leads/settings') {
      return { data: init?.method === 'PUT' ? JSON.parse(init.body as string) : { delay_minutes: 20 } };
    }
    return undefined;
  });
  const user = userEvent.setup();
  renderWithProviders(<LeadFigures />);
  const figures = within(await screen.findByTestId('lead-figures'));
  expect(figures.getByText('Leads').nextSibling).toHaveTextContent('8');
  expect(figures.getByText('Recovered orders').nextSibling).toHaveTextContent('2');
  expect(figures.getByText('Recovery rate').nextSibling).toHaveTextContent('25 %');
  const delay = await screen.findByLabelText('Minutes before an abandoned checkout is shown to the desk');
  expect(delay).toHaveValue('20');
  await user.clear(delay);
  await user.type(delay, '45');
  await user.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByRole('status')).toHaveTextContent('Saved');
  expect(bodiesSent(fetchMock, '/api/leads/settings', 'PUT')).toEqual([{ delay_minutes: 45 }]);
});

test('an agent sees no delay setting', async () => {
  stubFetch((url) =>
    url === '/api/leads/figures' ? { data: { days: 30, leads: 0, recovered: 0, recovery_rate: null } } : undefined,
  );
  renderWithProviders(<LeadFigures />, { as: { id: 3, username: 'sara', role: 'agent' } });
  expect(within(await screen.findByTestId('lead-figures')).getByText('—')).toBeInTheDocument();
  expect(screen.queryByLabelText(/Minutes before/)).not.toBeInTheDocument();
});
