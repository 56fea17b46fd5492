import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { json, mockApi, sessionRoutes } from '../../../test/api-mock.ts';
import { renderApp } from '../../../test/render-app.tsx';

describe('Settings: User', () => {
  test('changing the colour scheme saves it, applies it and offers Refresh', async () => {
    const api = mockApi(sessionRoutes());
    renderApp('/settings/user/');
    const select = await screen.findByLabelText('Color scheme');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Dark', 'Light', 'Matrix', 'Midnight']);
    expect(screen.queryByRole('button', { name: 'Refresh' })).toBeNull();

    await userEvent.setup().selectOptions(select, 'matrix');
    expect(await screen.findByRole('button', { name: 'Refresh' })).toBeTruthy();
    expect(api.callsTo('POST', '/api/user/me/').map((c) => c.body)).toEqual([{ stylesheet: 'matrix' }]);
    expect((select as HTMLSelectElement).value).toBe('matrix');
    await waitFor(() => expect(document.documentElement.dataset.theme).toBe('matrix'));
  });

  test('a refused save shows the server message', async () => {
    mockApi({
      ...sessionRoutes(),
      'POST /api/user/me/': json(400, { error: 'stylesheet: stylesheet must be one of dark, light' }),
    });
    renderApp('/settings/user/');
    await userEvent.setup().selectOptions(await screen.findByLabelText('Color scheme'), 'light');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'stylesheet: stylesheet must be one of dark, light',
    );
    expect(screen.queryByRole('button', { name: 'Refresh' })).toBeNull();
  });

  test('page size: Update and Cancel show only when changed; empty is sent as null', async () => {
    const api = mockApi(sessionRoutes());
    renderApp('/settings/user/');
    const user = userEvent.setup();
    const input = await screen.findByLabelText('Archive page size');
    expect((input as HTMLInputElement).value).toBe('12');
    expect(screen.queryByRole('button', { name: 'Update' })).toBeNull();

    await user.type(input, '5');
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect((input as HTMLInputElement).value).toBe('12');
    expect(screen.queryByRole('button', { name: 'Update' })).toBeNull();

    await user.clear(input);
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect((input as HTMLInputElement).value).toBe('12'));
    expect(api.callsTo('POST', '/api/user/me/').map((c) => c.body)).toEqual([{ page_size: null }]);
  });

  test('help text toggle and file size units (SI / Binary) save on change', async () => {
    const api = mockApi(sessionRoutes());
    renderApp('/settings/user/');
    const user = userEvent.setup();
    const units = await screen.findByLabelText('File size units');
    expect(
      within(units)
        .getAllByRole('option')
        .map((o) => [o.textContent, (o as HTMLOptionElement).value]),
    ).toEqual([
      ['SI', 'metric'],
      ['Binary', 'binary'],
    ]);
    await user.selectOptions(units, 'metric');
    await waitFor(() => expect(api.callsTo('POST', '/api/user/me/')).toHaveLength(1));

    const toggle = screen.getByRole('switch', { name: 'Show help text' });
    expect((toggle as HTMLInputElement).checked).toBe(true);
    expect(screen.getAllByText(/SI counts in steps of 1000/)).toHaveLength(1);
    await user.click(toggle);
    await waitFor(() => expect(screen.queryByText(/SI counts in steps of 1000/)).toBeNull());
    expect(api.callsTo('POST', '/api/user/me/').map((c) => c.body)).toEqual([
      { file_size_unit: 'metric' },
      { show_help_text: false },
    ]);
  });

  test('only staff see the User Management link', async () => {
    mockApi(sessionRoutes({ is_staff: true }));
    const first = renderApp('/settings/user/');
    expect((await screen.findByRole('link', { name: 'User Management' })).getAttribute('href')).toBe(
      '/settings/users/',
    );
    first.unmount();

    mockApi(sessionRoutes({ is_staff: false }));
    renderApp('/settings/user/');
    await screen.findByLabelText('Color scheme');
    expect(screen.queryByRole('link', { name: 'User Management' })).toBeNull();
  });

  test('the settings navigation offers Dashboard and User, and Application, Scheduling and Actions to staff', async () => {
    mockApi(sessionRoutes({ is_staff: true }));
    renderApp('/settings/');
    const nav = await screen.findByRole('navigation', { name: 'Settings' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Dashboard', 'User', 'Application', 'Scheduling', 'Actions']);
    expect(screen.getByRole('heading', { name: 'Dashboard' })).toBeTruthy();
  });
});
