import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { json, mockApi, noContent, sessionRoutes } from '../../../test/api-mock.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { SAVED_MARK_MS } from '../components/saved-mark.tsx';

const DEFAULTS: Record<string, unknown> = { sleep_interval: 10, limit_speed: null };

function settingsRoutes(userConfig: Record<string, unknown> = {}) {
  const downloads: Record<string, unknown> = { sleep_interval: 10, limit_speed: null, cookie_import: false };
  const routes = sessionRoutes({ is_staff: true, userConfig, appConfig: { downloads } });
  let cookie: Record<string, unknown> = { cookie_enabled: false };
  let potoken: string | null = null;
  return {
    ...routes,
    // Like the server: merge the section, null means the default, answer the whole config.
    'POST /api/appsettings/config/': (call: { body: unknown }) => {
      const changes = (call.body as { downloads?: Record<string, unknown> }).downloads ?? {};
      for (const [key, value] of Object.entries(changes)) downloads[key] = value ?? DEFAULTS[key] ?? null;
      return json(200, { subscriptions: {}, downloads, application: { enable_cast: false } });
    },
    'GET /api/appsettings/cookie/': () => json(200, cookie),
    'GET /api/appsettings/snapshot/': () =>
      json(200, {
        next_exec: 1709294400,
        next_exec_str: '2024-03-01 12:00',
        expire_after: '30d',
        snapshots: [
          {
            id: 'ta_daily_20240229-120000',
            state: 'SUCCESS',
            es_version: 'Tubekeeper v0.1.0 (sqlite)',
            start_date: '2024-02-29 12:00',
            end_date: '2024-02-29 12:00',
            end_stamp: 1709208000,
            duration_s: 2,
          },
        ],
      }),
    'POST /api/appsettings/snapshot/ta_daily_20240229-120000/': () =>
      json(200, { accepted: true, task_id: 's1' }),
    'GET /api/task/by-id/s1/': () =>
      json(200, {
        task_id: 's1',
        name: 'restore_backup',
        status: 'STARTED',
        result: null,
        traceback: null,
        date_done: null,
        kwargs: {},
      }),
    'PUT /api/appsettings/cookie/': () => {
      cookie = { cookie_enabled: true, status: true, validated: 1, validated_str: '2024-01-01 10:00' };
      return json(200, cookie);
    },
    'GET /api/appsettings/potoken/': () =>
      potoken ? json(200, { potoken }) : json(404, { error: 'PO token not found' }),
    'POST /api/appsettings/potoken/': (call: { body: unknown }) => {
      potoken = (call.body as { potoken: string }).potoken;
      return json(200, { potoken });
    },
    'DELETE /api/appsettings/potoken/': () => {
      potoken = null;
      return noContent();
    },
  };
}

const rowOf = (label: string) => screen.getByLabelText(label).closest('.setting-row') as HTMLElement;
const buttonsIn = (row: HTMLElement) =>
  within(row)
    .queryAllByRole('button')
    .map((b) => b.textContent);

describe('Settings: Application', () => {
  afterEach(() => vi.useRealTimers());

  test('a number field: Update and Cancel only when changed, reset when stored, empty saves null', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = mockApi(settingsRoutes());
    renderApp('/settings/application/');
    const input = (await screen.findByLabelText('Sleep interval')) as HTMLInputElement;
    expect(input.value).toBe('10');
    expect(buttonsIn(rowOf('Sleep interval'))).toEqual(['reset']);
    expect(buttonsIn(rowOf('Download speed limit'))).toEqual([]);

    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.clear(input);
    await user.type(input, '20');
    expect(buttonsIn(rowOf('Sleep interval'))).toEqual(['Update', 'Cancel', 'reset']);
    await user.click(within(rowOf('Sleep interval')).getByRole('button', { name: 'Cancel' }));
    expect(input.value).toBe('10');
    expect(buttonsIn(rowOf('Sleep interval'))).toEqual(['reset']);

    await user.clear(input);
    await user.click(within(rowOf('Sleep interval')).getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/appsettings/config/')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/appsettings/config/')[0]!.body).toEqual({
      downloads: { sleep_interval: null },
    });
    // the server put the default back; the check mark shows for 3 seconds
    await waitFor(() => expect(input.value).toBe('10'));
    expect(within(rowOf('Sleep interval')).getByRole('status', { name: 'Saved' })).toBeTruthy();
    act(() => vi.advanceTimersByTime(SAVED_MARK_MS - 100));
    expect(within(rowOf('Sleep interval')).queryByRole('status', { name: 'Saved' })).toBeTruthy();
    act(() => vi.advanceTimersByTime(200));
    expect(within(rowOf('Sleep interval')).queryByRole('status', { name: 'Saved' })).toBeNull();

    const limit = screen.getByLabelText('Download speed limit') as HTMLInputElement;
    await user.type(limit, '500');
    await user.click(within(rowOf('Download speed limit')).getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(buttonsIn(rowOf('Download speed limit'))).toEqual(['reset']));
    expect(api.callsTo('POST', '/api/appsettings/config/')[1]!.body).toEqual({
      downloads: { limit_speed: 500 },
    });
  });

  test('help text shows only while show_help_text is on', async () => {
    mockApi(settingsRoutes({ show_help_text: true }));
    const { unmount } = renderApp('/settings/application/');
    expect(await screen.findByText(/recommended at least 10/)).toBeTruthy();
    unmount();
    mockApi(settingsRoutes({ show_help_text: false }));
    renderApp('/settings/application/');
    await screen.findByLabelText('Sleep interval');
    expect(screen.queryByText(/recommended at least 10/)).toBeNull();
  });

  test('cookie: Update Cookie opens a 4-row textarea with Submit and Cancel', async () => {
    const api = mockApi(settingsRoutes());
    renderApp('/settings/application/');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Update Cookie' }));
    const box = screen.getByLabelText('Cookie in Netscape format') as HTMLTextAreaElement;
    expect(box.rows).toBe(4);
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
    await user.type(box, '.youtube.com{tab}TRUE');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(api.callsTo('PUT', '/api/appsettings/cookie/')).toHaveLength(1));
    expect(await screen.findByRole('button', { name: 'Revoke' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Validate' })).toBeTruthy();
    expect(screen.getByText('valid')).toBeTruthy();
  });

  test('cookie: one the server could not validate shows as not validated, with the reason', async () => {
    const reason =
      'not validated, the provider could not be asked (yt-dlp not found); validate it again later';
    mockApi({
      ...settingsRoutes(),
      'GET /api/appsettings/cookie/': () =>
        json(200, {
          cookie_enabled: true,
          status: false,
          validated: 1,
          validated_str: '2024-01-01 10:00',
          message: reason,
        }),
    });
    renderApp('/settings/application/');
    expect(await screen.findByText(reason)).toBeTruthy();
    expect(screen.getByText('not validated')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Validate' })).toBeTruthy();
  });

  test('PO token: starts with web+, Update only when it differs from the prefix', async () => {
    const api = mockApi(settingsRoutes());
    renderApp('/settings/application/');
    const input = (await screen.findByLabelText('PO Token')) as HTMLInputElement;
    expect(input.value).toBe('web+');
    expect(buttonsIn(rowOf('PO Token'))).toEqual([]);
    const user = userEvent.setup();
    await user.type(input, 'abc123');
    await user.click(within(rowOf('PO Token')).getByRole('button', { name: 'Update' }));
    await waitFor(() =>
      expect(api.callsTo('POST', '/api/appsettings/potoken/')[0]?.body).toEqual({ potoken: 'web+abc123' }),
    );
    // a save, then the token read again: give a loaded machine time
    await waitFor(() => expect(buttonsIn(rowOf('PO Token'))).toEqual(['Revoke']), { timeout: 3000 });
  });

  test('the Application page is in the settings navigation for staff only', async () => {
    mockApi(sessionRoutes({ is_staff: false }));
    const { unmount } = renderApp('/settings/');
    const nav = await screen.findByRole('navigation', { name: 'Settings' });
    expect(within(nav).queryByRole('link', { name: 'Application' })).toBeNull();
    unmount();
    mockApi(settingsRoutes());
    renderApp('/settings/');
    const staffNav = await screen.findByRole('navigation', { name: 'Settings' });
    expect(within(staffNav).getByRole('link', { name: 'Application' }).getAttribute('href')).toBe(
      '/settings/application/',
    );
  });

  test('Snapshots: next run, retention, each snapshot with Restore, and Snapshot restore started', async () => {
    const api = mockApi(settingsRoutes());
    renderApp('/settings/application/');
    expect(await screen.findByText('2024-03-01 12:00')).toBeTruthy();
    const row = (await screen.findByRole('cell', { name: 'ta_daily_20240229-120000' })).closest('tr')!;
    expect(within(row).getByText('2 s')).toBeTruthy();
    await userEvent.click(within(row).getByRole('button', { name: 'Restore' }));
    expect(await within(row).findByText('Snapshot restore started')).toBeTruthy();
    expect(api.calls.some((c) => c.method === 'POST' && c.path.endsWith('ta_daily_20240229-120000/'))).toBe(
      true,
    );
  });
  test('Create snapshot now shows Snapshot in progress while the task runs, then its outcome', async () => {
    let status = 'STARTED';
    const api = mockApi({
      ...settingsRoutes(),
      'POST /api/appsettings/snapshot/': () =>
        json(200, { snapshot_name: 'ta_daily_20240301-120000', task_id: 's2' }),
      'GET /api/task/by-id/s2/': () =>
        json(200, {
          task_id: 's2',
          name: 'run_backup',
          status,
          result: status === 'SUCCESS' ? 'Snapshot ta_daily_20240301-120000 taken' : null,
          traceback: null,
          date_done: status === 'SUCCESS' ? '2024-03-01T12:00:02+00:00' : null,
          kwargs: {},
        }),
    });
    renderApp('/settings/application/');
    await userEvent.click(await screen.findByRole('button', { name: 'Create snapshot now' }));
    expect(await screen.findByText('Snapshot in progress')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create snapshot now' })).toBeNull();
    status = 'SUCCESS';
    expect(
      await screen.findByText(/Snapshot ta_daily_20240301-120000 taken/, {}, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.queryByText('Snapshot in progress')).toBeNull();
    expect(api.calls.some((c) => c.method === 'POST' && c.path === '/api/appsettings/snapshot/')).toBe(true);
  });
});
