import { screen, waitFor } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { forbidden, json, mockApi, noContent, pong, sessionRoutes } from '../test/api-mock.ts';
import { renderApp } from '../test/render-app.tsx';

describe('protected layout entry check', () => {
  test('signed out (ping 403), a protected page redirects to /login/', async () => {
    mockApi({ 'GET /api/ping/': forbidden() });
    const { router } = renderApp('/settings/user/');
    expect(await screen.findByRole('heading', { name: 'Welcome' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login/');
  });

  test('a backend failure on entry also redirects to /login/', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const { router } = renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login/'));
  });

  test('a session that ends between the ping and the loads lands on login, not on Oops', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    let signedIn = true;
    mockApi({
      ...sessionRoutes(),
      'GET /api/ping/': () => (signedIn ? pong() : forbidden()),
      'GET /api/user/account/': () => {
        signedIn = false;
        return json(403, { error: 'Authentication credentials were not provided.' });
      },
      // A real round trip: the loader settles before the sign-out handler gets to navigate.
      'POST /api/user/logout/': () =>
        new Promise<Response>((resolve) => setTimeout(() => resolve(noContent()), 50)),
    });
    const { router } = renderApp('/');
    const errors: unknown[] = [];
    router.subscribe((state) => state.errors && errors.push(state.errors));
    expect(await screen.findByRole('heading', { name: 'Welcome' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login/');
    expect(errors).toEqual([]);
  });
});
