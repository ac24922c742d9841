import { afterEach, describe, expect, test, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from '@shop/domain/staff';
import { bodiesSent, renderWithProviders, stubFetch } from '../../../lib/test-utils.tsx';
import { UsersPage } from './users-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const owner: User = {
  id: 1,
  username: 'admin',
  role: 'owner',
  disabled: false,
  commission_per_delivery: 0,
  created_at: '2026-01-01T08:00:00.000Z',
  last_seen_at: '2026-03-01T08:00:00.000Z',
};

/** A server of users: POST adds, PUT changes, disable and enable set the state. */
function usersServer() {
  let users: User[] = [owner];
  return stubFetch((url, init) => {
    if (url === '/api/users' && init?.method === 'POST') {
      const body = JSON.parse(init.body as string) as { username: string; role: User['role'] };
      if (users.some((u) => u.username.toLowerCase() === body.username.toLowerCase())) {
        return { status: 409, message: `A user named "${body.username}" already exists` };
      }
      const user: User = { ...owner, ...body, id: users.length + 1, commission_per_delivery: 150, last_seen_at: null };
      users = [...users, user];
      return { status: 201, data: user };
    }
    if (url === '/api/users') return { data: users };
    const state = /^\/api\/users\/(\d+)\/(disable|enable)$/.exec(url);
    if (state) {
      users = users.map((u) => (u.id === Number(state[1]) ? { ...u, disabled: state[2] === 'disable' } : u));
      return { data: users.find((u) => u.id === Number(state[1])) };
    }
    const change = /^\/api\/users\/(\d+)$/.exec(url);
    if (change && init?.method === 'PUT') {
      const body = JSON.parse(init.body as string) as Partial<User>;
      users = users.map((u) => (u.id === Number(change[1]) ? { ...u, ...body } : u));
      return { data: users.find((u) => u.id === Number(change[1])) };
    }
    return undefined;
  });
}

describe('the users page', () => {
  test('the owner adds an agent with a password and a commission; a name taken is said', async () => {
    const fetchMock = usersServer();
    const user = userEvent.setup();
    renderWithProviders(<UsersPage />, { route: '/admin/settings/users' });
    expect(await screen.findByTestId('user-admin')).toHaveTextContent('admin (you)');
    await user.click(screen.getByRole('button', { name: '+ Add a user' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Create user' }));
    expect(await within(dialog).findByText('The password must be at least 8 characters')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Username'), 'sara');
    await user.type(within(dialog).getByLabelText('Password'), 'sara-password-1');
    await user.selectOptions(within(dialog).getByLabelText('Role'), 'agent');
    await user.clear(within(dialog).getByLabelText('Commission per delivered order (Da)'));
    await user.type(within(dialog).getByLabelText('Commission per delivered order (Da)'), '150');
    await user.click(within(dialog).getByRole('button', { name: 'Create user' }));
    expect(await screen.findByRole('status')).toHaveTextContent('sara can sign in now');
    expect(bodiesSent(fetchMock, '/api/users', 'POST')).toEqual([
      { username: 'sara', password: 'sara-password-1', role: 'agent', commission_per_delivery: 150 },
    ]);
    expect(await screen.findByTestId('user-sara')).toHaveTextContent('Confirmation agent');

    await user.click(screen.getByRole('button', { name: '+ Add a user' }));
    const again = await screen.findByRole('dialog');
    await user.type(within(again).getByLabelText('Username'), 'Sara');
    await user.type(within(again).getByLabelText('Password'), 'other-password-2');
    await user.click(within(again).getByRole('button', { name: 'Create user' }));
    expect(await within(again).findByText('A user named "Sara" already exists')).toBeInTheDocument();
  });

  test('disables a user after asking, resets a password; the owner cannot disable themselves here', async () => {
    const fetchMock = usersServer();
    const user = userEvent.setup();
    renderWithProviders(<UsersPage />, { route: '/admin/settings/users' });
    expect(within(await screen.findByTestId('user-admin')).queryByRole('button', { name: 'Disable' })).toBeNull();
    await user.click(screen.getByRole('button', { name: '+ Add a user' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Username'), 'karim');
    await user.type(within(dialog).getByLabelText('Password'), 'karim-password');
    await user.selectOptions(within(dialog).getByLabelText('Role'), 'packer');
    await user.click(within(dialog).getByRole('button', { name: 'Create user' }));
    const row = await screen.findByTestId('user-karim');

    await user.click(within(row).getByRole('button', { name: 'Change' }));
    const edit = await screen.findByRole('dialog', { name: 'Change karim' });
    await user.type(within(edit).getByLabelText('New password (optional)'), 'new-password-9');
    await user.click(within(edit).getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('status')).toHaveTextContent('karim saved');
    // Only what changed is sent.
    expect(bodiesSent(fetchMock, '/api/users/2', 'PUT')).toEqual([{ password: 'new-password-9' }]);

    await user.click(within(await screen.findByTestId('user-karim')).getByRole('button', { name: 'Disable' }));
    const confirm = await screen.findByRole('dialog', { name: 'Disable karim?' });
    await user.click(within(confirm).getByRole('button', { name: 'Disable' }));
    expect(await screen.findByRole('status')).toHaveTextContent('karim disabled and signed out');
    await waitFor(() => expect(screen.getByTestId('user-karim')).toHaveTextContent('Disabled'));
    expect(fetchMock.mock.calls.filter(([u]) => u === '/api/users/2/disable')).toHaveLength(1);
  });
});
