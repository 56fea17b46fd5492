import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { json, mockApi, noContent, sessionRoutes } from '../../../test/api-mock.ts';
import { renderApp } from '../../../test/render-app.tsx';

const admin = {
  id: 1,
  username: 'alice',
  is_staff: true,
  is_superuser: true,
  is_active: true,
  date_joined: '2026-01-01T00:00:00.000Z',
  last_login: '2026-11-20T10:00:00.000Z',
};
const bob = { ...admin, id: 2, username: 'bob', is_staff: false, is_superuser: false, last_login: null };

async function rowOf(username: string) {
  return (await screen.findByRole('rowheader', { name: username })).closest('tr')!;
}

describe('User management', () => {
  test('a superuser sees every user with roles, status and last login, and can add one', async () => {
    const users = [admin, bob];
    const api = mockApi({
      ...sessionRoutes({ is_superuser: true }),
      'GET /api/admin/users/': () => json(200, { data: users }),
      'POST /api/admin/users/': (call) => {
        const created = { ...bob, id: 3, ...(call.body as object), last_login: null };
        users.push(created);
        return json(201, created);
      },
    });
    renderApp('/settings/users/');
    const bobRow = await rowOf('bob');
    expect(within(bobRow).getByText('User')).toBeTruthy();
    expect(within(bobRow).getByText('Active')).toBeTruthy();
    expect(within(bobRow).getByText('Never')).toBeTruthy();
    expect(within(await rowOf('alice')).getByText('Superuser')).toBeTruthy();

    const user = userEvent.setup();
    const form = screen.getByRole('form', { name: 'Add a user' });
    await user.type(within(form).getByLabelText('Username'), 'carol');
    await user.type(within(form).getByLabelText('Password'), 'carol-password');
    await user.click(within(form).getByLabelText('Staff'));
    await user.click(within(form).getByRole('button', { name: 'Create user' }));

    expect(await screen.findByText('Created user carol.')).toBeTruthy();
    expect(await rowOf('carol')).toBeTruthy();
    expect(api.callsTo('POST', '/api/admin/users/')[0]!.body).toEqual({
      username: 'carol',
      password: 'carol-password',
      is_staff: true,
      is_superuser: false,
    });
  });

  test('role and status buttons send PATCH and show the new state', async () => {
    const api = mockApi({
      ...sessionRoutes({ is_superuser: true }),
      'GET /api/admin/users/': () => json(200, { data: [admin, bob] }),
      'PATCH /api/admin/users/2/': (call) => json(200, { ...bob, ...(call.body as object) }),
    });
    renderApp('/settings/users/');
    const user = userEvent.setup();
    await user.click(within(await rowOf('bob')).getByRole('button', { name: 'Make staff' }));
    expect(await within(await rowOf('bob')).findByRole('button', { name: 'Remove staff' })).toBeTruthy();
    expect(within(await rowOf('bob')).getByText('Staff')).toBeTruthy();
    expect(api.callsTo('PATCH', '/api/admin/users/2/')[0]!.body).toEqual({ is_staff: true });
  });

  test('reset password asks for the new one inline', async () => {
    const api = mockApi({
      ...sessionRoutes({ is_superuser: true }),
      'GET /api/admin/users/': () => json(200, { data: [admin, bob] }),
      'PATCH /api/admin/users/2/': () => json(200, bob),
    });
    renderApp('/settings/users/');
    const user = userEvent.setup();
    await user.click(within(await rowOf('bob')).getByRole('button', { name: 'Reset password' }));
    await user.type(screen.getByLabelText('New password for bob'), 'new-password-1');
    await user.click(screen.getByRole('button', { name: 'Save password' }));
    expect(await screen.findByText('Password changed; bob must sign in again.')).toBeTruthy();
    expect(api.callsTo('PATCH', '/api/admin/users/2/')[0]!.body).toEqual({ password: 'new-password-1' });
  });

  test('delete takes a confirm step, and a refusal shows the server message', async () => {
    const api = mockApi({
      ...sessionRoutes({ is_superuser: true }),
      'GET /api/admin/users/': () => json(200, { data: [admin, bob] }),
      'DELETE /api/admin/users/1/': () =>
        json(400, { error: 'The last active superuser cannot be removed, disabled or demoted' }),
      'DELETE /api/admin/users/2/': () => noContent(),
    });
    renderApp('/settings/users/');
    const user = userEvent.setup();

    await user.click(within(await rowOf('bob')).getByRole('button', { name: 'Delete' }));
    expect(api.callsTo('DELETE', '/api/admin/users/2/')).toHaveLength(0);
    expect(screen.getByText('Delete bob?')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Confirm delete' }));
    await waitFor(() => expect(api.callsTo('DELETE', '/api/admin/users/2/')).toHaveLength(1));

    const aliceRow = await rowOf('alice');
    await user.click(within(aliceRow).getByRole('button', { name: 'Delete' }));
    await user.click(within(aliceRow).getByRole('button', { name: 'Confirm delete' }));
    expect((await within(aliceRow).findByRole('alert')).textContent).toBe(
      'The last active superuser cannot be removed, disabled or demoted',
    );
  });

  test('staff who are not superusers see the list read-only', async () => {
    mockApi({
      ...sessionRoutes({ is_staff: true }),
      'GET /api/admin/users/': () => json(200, { data: [admin, bob] }),
    });
    renderApp('/settings/users/');
    await rowOf('bob');
    expect(screen.queryByRole('button', { name: 'Make staff' })).toBeNull();
    expect(screen.queryByRole('form', { name: 'Add a user' })).toBeNull();
    expect(screen.getByText(/Only a superuser can add or change users/)).toBeTruthy();
  });

  test('regular users are told the page is for staff, without asking the server', async () => {
    const api = mockApi(sessionRoutes());
    renderApp('/settings/users/');
    expect(await screen.findByText('User management is available to staff accounts only.')).toBeTruthy();
    expect(api.callsTo('GET', '/api/admin/users/')).toHaveLength(0);
  });
});
