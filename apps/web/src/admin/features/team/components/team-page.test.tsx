import { afterEach, describe, expect, test, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AgentFigures } from '@shop/domain/staff';
import { renderWithProviders, stubFetch } from '../../../lib/test-utils.tsx';
import { TeamPage } from './team-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const sara: AgentFigures = {
  user_id: 7,
  username: 'sara',
  role: 'agent',
  disabled: false,
  calls: 42,
  confirmed: 30,
  refused: 10,
  confirmation_rate: 0.75,
  confirmed_orders: 30,
  delivered: 18,
  returned: 2,
  delivery_rate: 0.9,
  return_rate: 0.1,
  commission_per_delivery: 150,
  delivered_in_period: 18,
  commission: 2700,
};

describe('the team page', () => {
  test("shows each agent's calls, rates and commission for this month, and reads another period", async () => {
    const fetchMock = stubFetch((url) =>
      url.startsWith('/api/staff/figures') ? { data: { from: '', to: '', agents: [sara] } } : undefined,
    );
    renderWithProviders(<TeamPage />, { route: '/admin/team' });
    const row = await screen.findByTestId('figures-sara');
    expect(row).toHaveTextContent('42');
    expect(row).toHaveTextContent('30(75%)');
    expect(row).toHaveTextContent('18(90%)');
    expect(row).toHaveTextContent('2(10%)');
    expect(row).toHaveTextContent(/2\s700,00 Da/);
    expect(row).toHaveTextContent(/18 delivered × 150,00 Da/);
    const today = new Date().toISOString().slice(0, 10);
    expect(fetchMock.mock.calls[0]?.[0]).toBe(`/api/staff/figures?from=${today.slice(0, 7)}-01&to=${today}`);
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-01-01' } });
    await waitFor(() =>
      expect(fetchMock.mock.calls.map(([u]) => u)).toContain(`/api/staff/figures?from=2026-01-01&to=${today}`),
    );
    expect(screen.getByRole('link', { name: 'Users and commissions' })).toHaveAttribute(
      'href',
      '/admin/settings/users',
    );
  });

  test("downloads the month's commissions with the token", async () => {
    const fetchMock = stubFetch((url) =>
      url.startsWith('/api/staff/figures') ? { data: { from: '', to: '', agents: [sara] } } : undefined,
    );
    fetchMock.mockImplementationOnce(() =>
      Promise.resolve(
        new Response(JSON.stringify({ status: 200, message: 'OK', data: { from: '', to: '', agents: [] } })),
      ),
    );
    const create = vi.fn(() => 'blob:commissions');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: create, revokeObjectURL: vi.fn() }));
    const user = userEvent.setup();
    renderWithProviders(<TeamPage />, { route: '/admin/team', as: { id: 2, username: 'lina', role: 'manager' } });
    await screen.findByText('No agent and no call in this period.');
    expect(screen.queryByRole('link', { name: 'Users and commissions' })).not.toBeInTheDocument();
    fetchMock.mockImplementationOnce(() =>
      Promise.resolve(
        new Response('\uFEFFAgent;Role\r\n', {
          headers: { 'content-disposition': 'attachment; filename="commissions-2026-03.csv"' },
        }),
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Download the month’s commissions (CSV)' }));
    const month = new Date().toISOString().slice(0, 7);
    await waitFor(() => expect(create).toHaveBeenCalled());
    expect(fetchMock.mock.calls.at(-1)?.[0]).toBe(`/api/staff/commissions?month=${month}`);
  });
});
