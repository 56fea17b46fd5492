import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, test, vi } from 'vitest';
import { createQueryClient } from '../../../app/query-client.ts';
import { forbidden, json, mockApi, noContent } from '../../../test/api-mock.ts';
import { LoginRoute } from './login-route.tsx';

function renderLogin() {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <LoginRoute /> },
      { path: '/', element: <p>Home page</p> },
    ],
    { initialEntries: ['/login/'] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

async function submit(username = 'alice', password = 'secret') {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Username'), username);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Login' }));
  return user;
}

/** Lets the poll's timers run while React processes the resulting updates. */
async function advance(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}

describe('login page', () => {
  test('shows the form: Welcome, username (max 150), password, Remember me, Login', async () => {
    mockApi({ 'GET /api/ping/': forbidden() });
    renderLogin();
    expect(screen.getByRole('heading', { name: 'Welcome' })).toBeTruthy();
    const username = screen.getByLabelText('Username') as HTMLInputElement;
    expect(username.required).toBe(true);
    expect(username.maxLength).toBe(150);
    expect((screen.getByLabelText('Password') as HTMLInputElement).required).toBe(true);
    expect(screen.getByRole('checkbox', { name: 'Remember me' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Project on GitHub' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Donate' })).toBeTruthy();
  });

  test('a 400 shows "Failed to login." with the server message and stays on the page', async () => {
    mockApi({
      'GET /api/ping/': forbidden(),
      'POST /api/user/login/': json(400, { error: 'Invalid credentials' }),
    });
    const router = renderLogin();
    await submit();
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to login. Invalid credentials');
    expect(router.state.location.pathname).toBe('/login/');
  });

  test('an answer without an error text shows "Unknown Error"', async () => {
    mockApi({
      'GET /api/ping/': forbidden(),
      'POST /api/user/login/': new Response('<html>oops</html>', { status: 500 }),
    });
    renderLogin();
    await submit();
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to login. Unknown Error');
  });

  test('a 204 goes home, and Remember me is sent as on/off', async () => {
    const api = mockApi({ 'GET /api/ping/': forbidden(), 'POST /api/user/login/': noContent() });
    renderLogin();
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: 'Remember me' }));
    await submit('bob', 'pw');
    expect(await screen.findByText('Home page')).toBeTruthy();
    expect(api.callsTo('POST', '/api/user/login/')[0]!.body).toEqual({
      username: 'bob',
      password: 'pw',
      remember_me: 'on',
    });
  });

  test('a pong from the backend check means a session exists: go home', async () => {
    mockApi({
      'GET /api/ping/': json(200, { response: 'pong', user: 1, version: 'v0.1.0', ta_update: null }),
    });
    renderLogin();
    expect(await screen.findByText('Home page')).toBeTruthy();
  });

  test('a 403 from the backend check stops the polling', async () => {
    vi.useFakeTimers();
    const api = mockApi({ 'GET /api/ping/': forbidden() });
    renderLogin();
    await advance(5000);
    expect(api.callsTo('GET', '/api/ping/')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Login' })).toBeTruthy();
  });

  test('an unreachable backend: spinner instead of Login, then "Having issues?" after more than 10 failures', async () => {
    vi.useFakeTimers();
    const fetchMock = vi.fn().mockRejectedValue(new TypeError('Failed to fetch'));
    vi.stubGlobal('fetch', fetchMock);
    renderLogin();

    await advance(0);
    expect(screen.queryByRole('button', { name: 'Login' })).toBeNull();
    expect(screen.getByRole('status', { name: 'Waiting for the server' })).toBeTruthy();

    await advance(9000); // 10 failed checks: not yet
    expect(fetchMock).toHaveBeenCalledTimes(10);
    expect(screen.queryByText('Having issues?')).toBeNull();

    await advance(1000); // the 11th
    expect(screen.getByRole('heading', { name: 'Having issues?' })).toBeTruthy();
    expect(screen.getByText(/^TK_HOST=/)).toBeTruthy();
    expect(screen.getByText(/^REDIS_URL=/)).toBeTruthy();
  });

  test('clicking a hint copies it to the clipboard', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderLogin();
    await advance(11_000);

    await act(async () => screen.getByText(/^TK_HOST=/).click());
    expect(writeText).toHaveBeenCalledWith(`TK_HOST=${window.location.origin}`);
    expect(screen.getByText('Copied TK_HOST to the clipboard.')).toBeTruthy();
  });
});
