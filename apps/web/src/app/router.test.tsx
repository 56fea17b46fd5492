import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { describe, expect, test, vi } from 'vitest';
import { forbidden, json, mockApi, noContent, pong, sessionRoutes } from '../test/api-mock.ts';
import { renderApp } from '../test/render-app.tsx';
import { createQueryClient } from './query-client.ts';
import { appRoutes } from './router.tsx';

async function mainNavNames() {
  const nav = await screen.findByRole('navigation', { name: 'Main' });
  return within(nav)
    .getAllByRole('link')
    .map((link) => link.textContent);
}

describe('protected layout and shell', () => {
  test('a regular user sees Home, Channels, Playlists but not Downloads', async () => {
    mockApi(sessionRoutes({ is_staff: false }));
    renderApp('/');
    expect(await mainNavNames()).toEqual(['Home', 'Channels', 'Playlists']);
  });

  test.each([
    ['staff', { is_staff: true }],
    ['superuser', { is_superuser: true }],
  ])('a %s also sees Downloads', async (_role, fixture) => {
    mockApi(sessionRoutes(fixture));
    renderApp('/');
    expect(await mainNavNames()).toEqual(['Home', 'Channels', 'Playlists', 'Downloads']);
  });

  test('search, settings and logout are named icons', async () => {
    mockApi(sessionRoutes());
    renderApp('/');
    const banner = await screen.findByRole('banner');
    expect(within(banner).getByRole('link', { name: 'Search' }).getAttribute('href')).toBe('/search/');
    expect(within(banner).getByRole('link', { name: 'Settings' }).getAttribute('href')).toBe('/settings/');
    expect(within(banner).getByRole('button', { name: 'Logout' })).toBeTruthy();
  });

  test('home shows the empty state pointing to the downloads page', async () => {
    mockApi(sessionRoutes());
    renderApp('/');
    expect(await screen.findByText('No videos found...')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'downloads page' }).getAttribute('href')).toBe('/downloads/');
  });

  test('the footer shows the version, and an update with Breaking Changes! and its release link', async () => {
    mockApi(sessionRoutes({ ta_update: { status: true, version: 'v0.2.0', is_breaking: true } }));
    renderApp('/');
    const footer = await screen.findByRole('contentinfo');
    await within(footer).findByText(/Tubekeeper v0\.1\.0/);
    expect(within(footer).getByText('Update available: v0.2.0')).toBeTruthy();
    expect(within(footer).getByText('Breaking Changes!')).toBeTruthy();
    expect(within(footer).getByRole('link', { name: 'Release page' }).getAttribute('href')).toContain(
      'v0.2.0',
    );
    expect(within(footer).getByRole('link', { name: 'About' }).getAttribute('href')).toBe('/about/');
    // no link to what does not exist (no published container image, no forum)
    expect(within(footer).queryByRole('link', { name: /container image|forum/i })).toBeNull();
  });

  test('no update notice without ta_update', async () => {
    mockApi(sessionRoutes());
    renderApp('/');
    await screen.findByText(/Tubekeeper v0\.1\.0/);
    expect(screen.queryByText(/Update available/)).toBeNull();
  });

  test('the theme from the user config is applied to the document', async () => {
    mockApi(sessionRoutes({ stylesheet: 'midnight' }));
    renderApp('/');
    await waitFor(() => expect(document.documentElement.dataset.theme).toBe('midnight'));
  });

  test('a stylesheet an upstream client stored as "light.css" shows the light theme', async () => {
    mockApi(sessionRoutes({ stylesheet: 'light.css' }));
    renderApp('/');
    await waitFor(() => expect(document.documentElement.dataset.theme).toBe('light'));
  });

  test('an unknown path shows the not-found page inside the shell', async () => {
    mockApi(sessionRoutes());
    renderApp('/no/such/page/');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();
  });

  /** Session answers that turn into 403s once the logout call has happened, as on the real server. */
  function sessionEndingOnLogout(extra: Parameters<typeof mockApi>[0] = {}) {
    let signedIn = true;
    return mockApi({
      ...sessionRoutes(),
      'GET /api/ping/': () => (signedIn ? pong() : forbidden()),
      'POST /api/user/logout/': () => {
        signedIn = false;
        return noContent();
      },
      ...extra,
    });
  }

  test('logout ends the session on the server and returns to /login/', async () => {
    const api = sessionEndingOnLogout();
    const { router } = renderApp('/');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('heading', { name: 'Welcome' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login/');
    expect(api.callsTo('POST', '/api/user/logout/')).toHaveLength(1);
  });

  test('a 403 on a later call logs out and redirects to /login/', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const api = sessionEndingOnLogout({
      'POST /api/user/me/': json(403, { error: 'CSRF Failed: CSRF token missing or incorrect.' }),
    });
    const { router } = renderApp('/settings/user/');
    await userEvent.setup().selectOptions(await screen.findByLabelText('Color scheme'), 'light');
    expect(await screen.findByRole('heading', { name: 'Welcome' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login/');
    expect(api.callsTo('POST', '/api/user/logout/')).toHaveLength(1);
  });
});

describe('route table', () => {
  test('every route has an error element (spec §2)', () => {
    const missing: string[] = [];
    const walk = (routes: RouteObject[]) =>
      routes.forEach((route) => {
        if (!route.errorElement) missing.push(route.path ?? '(index)');
        if (route.children) walk(route.children);
      });
    walk(appRoutes(createQueryClient()));
    expect(missing).toEqual([]);
  });

  test('a failing page shows the generic Oops page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    // A 4xx, because 5xx answers are retried first (see query-client.ts).
    mockApi({ ...sessionRoutes(), 'GET /api/user/me/': json(400, { error: 'user config unavailable' }) });
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Oops' })).toBeTruthy();
    expect(screen.getByText('Sorry, an unexpected error has occurred.')).toBeTruthy();
    expect(screen.getByText('user config unavailable')).toBeTruthy();
  });
});
