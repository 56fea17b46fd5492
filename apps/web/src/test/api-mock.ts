import { vi } from 'vitest';
import { listOf } from './archive-fixtures.ts';

/** A recorded call to the mocked API. */
export interface ApiCall {
  method: string;
  path: string;
  body: unknown;
  headers: Record<string, string>;
}

type Answer = Response | (() => Response) | ((call: ApiCall) => Response | Promise<Response>);

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
export const noContent = () => new Response(null, { status: 204 });
export const pong = (ta_update: SessionFixture['ta_update'] = null) =>
  json(200, { response: 'pong', user: 1, version: 'v0.1.0', ta_update });
export const forbidden = () => json(403, { error: 'Authentication credentials were not provided.' });

/**
 * Replaces fetch with a table of answers keyed "METHOD /path/" (or "METHOD /path/?*" for any query
 * string; an exact key wins). An unlisted call fails the test's
 * expectations loudly (404 plus a console error) instead of hanging. Every call is recorded.
 */
export function mockApi(routes: Record<string, Answer>) {
  const calls: ApiCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const path = String(input);
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    const call = { method, path, body, headers: (init.headers ?? {}) as Record<string, string> };
    calls.push(call);
    // "GET /api/video/?*" answers that path with any query string (lists with filters and pages).
    const answer = routes[`${method} ${path}`] ?? routes[`${method} ${path.split('?')[0]}?*`];
    if (!answer) {
      console.error(`unmocked API call: ${method} ${path}`);
      return json(404, { error: 'not found' });
    }
    // A Response body can be read once; functions give a fresh one per call.
    return typeof answer === 'function' ? answer(call) : answer.clone();
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    fetchMock,
    callsTo: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path),
  };
}

export interface SessionFixture {
  is_staff?: boolean;
  is_superuser?: boolean;
  stylesheet?:
    'dark' | 'light' | 'matrix' | 'midnight' | 'dark.css' | 'light.css' | 'matrix.css' | 'midnight.css';
  ta_update?: { status: boolean; version: string; is_breaking: boolean } | null;
  /** user config values other than the defaults (e.g. grid_items, file_size_unit) */
  userConfig?: Record<string, unknown>;
  /** application settings sections, e.g. { application: { enable_cast: true } } */
  appConfig?: { downloads?: Record<string, unknown>; application?: Record<string, unknown> };
}

/** The four answers every signed-in page loads (ping, account, user config, app config). */
export function sessionRoutes(fixture: SessionFixture = {}): Record<string, Answer> {
  const userConfig = {
    stylesheet: fixture.stylesheet ?? 'dark',
    page_size: 12,
    sort_by: 'published',
    sort_order: 'desc',
    view_style_home: 'grid',
    view_style_channel: 'list',
    view_style_downloads: 'list',
    view_style_playlist: 'grid',
    vid_type_filter: null,
    grid_items: 3,
    hide_watched: false,
    hide_watched_channel: null,
    hide_watched_playlist: null,
    file_size_unit: 'binary',
    show_ignored_only: false,
    show_subed_only: null,
    show_subed_only_playlists: null,
    show_help_text: true,
    ...fixture.userConfig,
  };
  return {
    'GET /api/ping/': () => pong(fixture.ta_update ?? null),
    'GET /api/user/account/': () =>
      json(200, {
        id: 1,
        name: 'alice',
        is_staff: fixture.is_staff ?? false,
        is_superuser: fixture.is_superuser ?? false,
        groups: [],
        user_permissions: [],
        last_login: null,
      }),
    'GET /api/user/me/': () => json(200, userConfig),
    'GET /api/appsettings/config/': () =>
      json(200, {
        subscriptions: {},
        downloads: { integrate_ryd: false, ...fixture.appConfig?.downloads },
        application: { enable_snapshot: true, enable_cast: false, ...fixture.appConfig?.application },
      }),
    // The shell polls the task notifications; nothing runs unless a test says so.
    'GET /api/notification/': () => json(200, []),
    // Home is where sign-in lands, so its video lists belong to every signed-in test: an empty archive.
    'GET /api/video/?*': () => json(200, listOf([])),
    // Like the server: store the change, answer with the whole config, null page size means 12.
    'POST /api/user/me/': (call) => {
      const changes = call.body as Record<string, unknown>;
      Object.assign(userConfig, changes, changes.page_size === null && { page_size: 12 });
      return json(200, userConfig);
    },
  };
}
