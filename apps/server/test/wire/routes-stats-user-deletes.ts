import { STATS } from './shapes.ts';
import { r, type WireRoute } from './route-table.ts';

/** Upstream §5 stats and §1.10 user, then the deletes and the logout that end the session. */
export const STATS_USER_AND_DELETE_ROUTES: WireRoute[] = [
  // §5 stats
  r('GET', '/api/stats/video/', '/api/stats/video/', '5', () => ({ url: '/api/stats/video/' }), 200, {
    kind: 'object',
    shape: STATS.video,
  }),
  r('GET', '/api/stats/channel/', '/api/stats/channel/', '5', () => ({ url: '/api/stats/channel/' }), 200, {
    kind: 'object',
    shape: STATS.channel,
  }),
  r(
    'GET',
    '/api/stats/playlist/',
    '/api/stats/playlist/',
    '5',
    () => ({ url: '/api/stats/playlist/' }),
    200,
    { kind: 'object', shape: STATS.channel },
  ),
  r(
    'GET',
    '/api/stats/download/',
    '/api/stats/download/',
    '5',
    () => ({ url: '/api/stats/download/' }),
    200,
    { kind: 'object', shape: STATS.download },
  ),
  r('GET', '/api/stats/watch/', '/api/stats/watch/', '5', () => ({ url: '/api/stats/watch/' }), 200, {
    kind: 'object',
    shape: STATS.watch,
  }),
  r(
    'GET',
    '/api/stats/downloadhist/',
    '/api/stats/downloadhist/',
    '5',
    () => ({ url: '/api/stats/downloadhist/' }),
    200,
    { kind: 'array' },
  ),
  r(
    'GET',
    '/api/stats/biggestchannels/',
    '/api/stats/biggestchannels/',
    '5',
    () => ({ url: '/api/stats/biggestchannels/?order=media_size' }),
    200,
    {
      kind: 'array',
      item: {
        id: 'string',
        name: 'string',
        doc_count: 'number',
        duration: 'number',
        duration_str: 'string',
        media_size: 'number',
      },
    },
  ),
  // §1.10 user
  r('GET', '/api/user/account/', '/api/user/account/', '1.10', () => ({ url: '/api/user/account/' }), 200, {
    kind: 'object',
    shape: {
      id: 'number',
      name: 'string',
      is_superuser: 'boolean',
      is_staff: 'boolean',
      groups: 'array',
      user_permissions: 'array',
      last_login: 'string|null',
    },
  }),
  r('GET', '/api/user/me/', '/api/user/me/', '1.10, 7.2', () => ({ url: '/api/user/me/' }), 200, {
    kind: 'object',
    shape: {
      stylesheet: 'string',
      page_size: 'number',
      sort_by: 'string',
      hide_watched: 'boolean|null',
      view_style_home: 'string',
    },
  }),
  r(
    'POST',
    '/api/user/me/',
    '/api/user/me/',
    '1.10, 7.2',
    () => ({
      url: '/api/user/me/',
      body: { stylesheet: 'matrix.css', hide_watched: null, view_style_home: 'table' },
    }),
    200,
    { kind: 'object', shape: { stylesheet: 'string', hide_watched: 'null', view_style_home: 'string' } },
  ),
  // deletes, then the end of the session
  r(
    'DELETE',
    '/api/download/<id>/',
    '/api/download/:id/',
    '1.7',
    (f) => ({ url: `/api/download/${f.queueId}/` }),
    204,
    { kind: 'empty' },
  ),
  r(
    'DELETE',
    '/api/playlist/<id>/',
    '/api/playlist/:id/',
    '1.6',
    (f) => ({ url: `/api/playlist/${f.deletePlaylistId}/` }),
    204,
    { kind: 'empty' },
  ),
  r(
    'DELETE',
    '/api/video/<id>/',
    '/api/video/:id/',
    '1.4',
    (f) => ({ url: `/api/video/${f.deleteVideoId}/` }),
    204,
    { kind: 'empty' },
  ),
  r(
    'DELETE',
    '/api/channel/<id>/',
    '/api/channel/:id/',
    '1.5',
    (f) => ({ url: `/api/channel/${f.deleteChannelId}/` }),
    204,
    { kind: 'empty' },
  ),
  r(
    'DELETE',
    '/api/appsettings/token/',
    '/api/appsettings/token/',
    '1.9',
    () => ({ url: '/api/appsettings/token/' }),
    204,
    { kind: 'empty' },
  ),
  r('POST', '/api/user/logout/', '/api/user/logout/', '1.10', () => ({ url: '/api/user/logout/' }), 204, {
    kind: 'empty',
  }),
];
