import {
  CHANNEL,
  COMMENT,
  DOWNLOAD_ITEM,
  PLAYLIST,
  STATS,
  TASK_RESULT,
  VIDEO,
  type Expected,
} from './shapes.ts';

/** Rows the suite creates before calling; some calls fill in what later ones need (ids of what they made). */
export interface Fixtures {
  videoId: string;
  channelId: string;
  playlistId: string;
  queueId: string;
  deleteVideoId: string;
  deleteChannelId: string;
  deletePlaylistId: string;
  customPlaylistId?: string;
  taskId?: string;
}

export interface WireRoute {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** upstream's path, as the table shows it */
  path: string;
  /** our route pattern (Fastify syntax) that serves it; absent from our routes means "missing" */
  pattern: string;
  /** where upstream-behaviour.md documents it */
  section: string;
  call: (f: Fixtures) => { url: string; body?: unknown };
  /** upstream's status for this call */
  status: number;
  expect: Expected;
  /** what a later call needs from this answer */
  capture?: (body: unknown, f: Fixtures) => void;
  /** where we answer differently on purpose, and why (shown in the table) */
  difference?: string;
}

const MESSAGE_TASK = { kind: 'object', shape: { message: 'string', task_id: 'string' } } as const;
const TASK_START = { kind: 'object', shape: { task_id: 'string', status: 'string' } } as const;
/** A Netscape cookie jar with a signed-in YouTube session, which the offline provider accepts. */
const SIGNED_IN_COOKIE =
  '# Netscape HTTP Cookie File\n.youtube.com\tTRUE\t/\tTRUE\t2000000000\tLOGIN_INFO\twire-test\n';
const NOT_AVAILABLE =
  'membership is a paid upstream service; answered 404 `{"error": "membership is not available: …"}` (JSON)';

/**
 * Every route of upstream-behaviour §1 (and §5 stats), in an order that lets each call use what the
 * earlier ones made: reads first, writes next, deletes and the logout last.
 */
export const UPSTREAM_ROUTES: WireRoute[] = [
  // §1.3 common
  r('GET', '/api/ping/', '/api/ping/', '1.3', () => ({ url: '/api/ping/' }), 200, {
    kind: 'object',
    shape: { response: 'string', user: 'number', version: 'string', ta_update: 'object|null' },
  }),
  r('GET', '/api/health/', '/api/health/', '1.3', () => ({ url: '/api/health/' }), 200, {
    kind: 'value',
    type: 'string',
  }),
  r('GET', '/api/refresh/', '/api/refresh/', '1.3', () => ({ url: '/api/refresh/' }), 200, {
    kind: 'object',
    shape: { state: 'string|boolean', total_queued: 'number' },
  }),
  r(
    'POST',
    '/api/refresh/',
    '/api/refresh/',
    '1.3',
    (f) => ({ url: '/api/refresh/', body: { video: [f.videoId] } }),
    200,
    MESSAGE_TASK,
  ),
  r(
    'POST',
    '/api/watched/',
    '/api/watched/',
    '1.3',
    (f) => ({ url: '/api/watched/', body: { id: f.videoId, is_watched: false } }),
    200,
    { kind: 'object', shape: { id: 'string', is_watched: 'boolean' } },
  ),
  r('GET', '/api/search/?query=', '/api/search/', '1.3, 2', () => ({ url: '/api/search/?query=wire' }), 200, {
    kind: 'object',
    shape: { results: 'object', queryType: 'string' },
  }),
  r(
    'GET',
    '/api/notification/',
    '/api/notification/',
    '1.3, 4.3',
    () => ({ url: '/api/notification/' }),
    200,
    {
      kind: 'array',
    },
  ),
  // §1.4 video
  r(
    'GET',
    '/api/video/',
    '/api/video/',
    '1.4',
    () => ({ url: '/api/video/?sort=published&order=desc' }),
    200,
    {
      kind: 'list',
      item: VIDEO,
    },
  ),
  r(
    'GET',
    '/api/video/<id>/',
    '/api/video/:id/',
    '1.4, 1.11',
    (f) => ({ url: `/api/video/${f.videoId}/` }),
    200,
    {
      kind: 'object',
      shape: VIDEO,
    },
  ),
  r(
    'GET',
    '/api/video/<id>/nav/',
    '/api/video/:id/nav/',
    '1.4',
    (f) => ({ url: `/api/video/${f.videoId}/nav/` }),
    200,
    {
      kind: 'array',
    },
  ),
  r(
    'POST',
    '/api/video/<id>/progress/',
    '/api/video/:id/progress/',
    '1.4',
    (f) => ({ url: `/api/video/${f.videoId}/progress/`, body: { position: 30 } }),
    200,
    {
      kind: 'object',
      shape: {
        watched: 'boolean',
        duration: 'number',
        duration_str: 'string',
        position: 'number',
        youtube_id: 'string',
      },
    },
  ),
  r(
    'DELETE',
    '/api/video/<id>/progress/',
    '/api/video/:id/progress/',
    '1.4',
    (f) => ({ url: `/api/video/${f.videoId}/progress/` }),
    204,
    { kind: 'empty' },
  ),
  r(
    'GET',
    '/api/video/<id>/comment/',
    '/api/video/:id/comment/',
    '1.4',
    (f) => ({ url: `/api/video/${f.videoId}/comment/` }),
    200,
    { kind: 'array', item: COMMENT },
  ),
  r(
    'GET',
    '/api/video/<id>/similar/',
    '/api/video/:id/similar/',
    '1.4',
    (f) => ({ url: `/api/video/${f.videoId}/similar/` }),
    200,
    { kind: 'array', item: VIDEO },
  ),
  // §1.5 channel
  r('GET', '/api/channel/', '/api/channel/', '1.5', () => ({ url: '/api/channel/' }), 200, {
    kind: 'list',
    item: CHANNEL,
  }),
  r(
    'POST',
    '/api/channel/',
    '/api/channel/',
    '1.5',
    (f) => ({
      url: '/api/channel/',
      body: { data: [{ channel_id: f.channelId, channel_subscribed: false }] },
    }),
    200,
    { kind: 'object', shape: { data: 'array' } },
  ),
  r(
    'GET',
    '/api/channel/<id>/',
    '/api/channel/:id/',
    '1.5, 1.11',
    (f) => ({ url: `/api/channel/${f.channelId}/` }),
    200,
    {
      kind: 'object',
      shape: { ...CHANNEL, _index: 'string', _score: 'number' },
    },
  ),
  r(
    'POST',
    '/api/channel/<id>/',
    '/api/channel/:id/',
    '1.5',
    (f) => ({ url: `/api/channel/${f.channelId}/`, body: { channel_overwrites: { autodelete_days: 30 } } }),
    200,
    { kind: 'object', shape: { channel_overwrites: 'object' } },
  ),
  r(
    'GET',
    '/api/channel/<id>/aggs/',
    '/api/channel/:id/aggs/',
    '1.5',
    (f) => ({ url: `/api/channel/${f.channelId}/aggs/` }),
    200,
    {
      kind: 'object',
      shape: { total_items: 'object', total_size: 'object', total_duration: 'object' },
    },
  ),
  r(
    'GET',
    '/api/channel/<id>/nav/',
    '/api/channel/:id/nav/',
    '1.5',
    (f) => ({ url: `/api/channel/${f.channelId}/nav/` }),
    200,
    {
      kind: 'object',
      shape: {
        has_pending: 'boolean',
        has_ignored: 'boolean',
        has_playlists: 'boolean',
        has_videos: 'boolean',
        has_streams: 'boolean',
        has_shorts: 'boolean',
      },
    },
  ),
  r(
    'GET',
    '/api/channel/search/?q=',
    '/api/channel/search/',
    '1.5',
    (f) => ({ url: `/api/channel/search/?q=${f.channelId}` }),
    200,
    {
      kind: 'object',
      shape: CHANNEL,
    },
  ),
  // §1.6 playlist
  r('GET', '/api/playlist/', '/api/playlist/', '1.6', () => ({ url: '/api/playlist/' }), 200, {
    kind: 'list',
    item: PLAYLIST,
  }),
  r(
    'POST',
    '/api/playlist/',
    '/api/playlist/',
    '1.6',
    () => ({ url: '/api/playlist/', body: { data: [] } }),
    400,
    { kind: 'object', shape: { error: 'string' } },
  ),
  r(
    'POST',
    '/api/playlist/custom/',
    '/api/playlist/custom/',
    '1.6',
    () => ({ url: '/api/playlist/custom/', body: { playlist_name: 'Wire test list' } }),
    200,
    { kind: 'object', shape: { playlist_id: 'string', playlist_type: 'string', playlist_entries: 'array' } },
    { capture: (body, f) => (f.customPlaylistId = (body as { playlist_id: string }).playlist_id) },
  ),
  r(
    'POST',
    '/api/playlist/custom/<id>/',
    '/api/playlist/custom/:id/',
    '1.6',
    (f) => ({
      url: `/api/playlist/custom/${f.customPlaylistId}/`,
      body: { action: 'create', video_id: f.videoId },
    }),
    200,
    { kind: 'object', shape: { playlist_id: 'string', playlist_entries: 'array' } },
  ),
  r(
    'GET',
    '/api/playlist/<id>/',
    '/api/playlist/:id/',
    '1.6, 1.11',
    (f) => ({ url: `/api/playlist/${f.playlistId}/` }),
    200,
    {
      kind: 'object',
      shape: PLAYLIST,
    },
  ),
  r(
    'POST',
    '/api/playlist/<id>/',
    '/api/playlist/:id/',
    '1.6',
    (f) => ({ url: `/api/playlist/${f.playlistId}/`, body: { playlist_sort_order: 'bottom' } }),
    200,
    { kind: 'object', shape: { playlist_id: 'string', playlist_sort_order: 'string' } },
  ),
  // §1.7 download queue
  r('GET', '/api/download/', '/api/download/', '1.7', () => ({ url: '/api/download/?filter=pending' }), 200, {
    kind: 'list',
    item: DOWNLOAD_ITEM,
  }),
  r(
    'POST',
    '/api/download/',
    '/api/download/',
    '1.7',
    () => ({ url: '/api/download/', body: { data: [{ youtube_id: 'alphaVid002', status: 'pending' }] } }),
    200,
    MESSAGE_TASK,
  ),
  r(
    'PATCH',
    '/api/download/?filter=',
    '/api/download/',
    '1.7',
    () => ({ url: '/api/download/?filter=pending', body: { status: 'clear_error' } }),
    204,
    { kind: 'empty' },
  ),
  r(
    'GET',
    '/api/download/<id>/',
    '/api/download/:id/',
    '1.7, 1.11',
    (f) => ({ url: `/api/download/${f.queueId}/` }),
    200,
    {
      kind: 'object',
      shape: DOWNLOAD_ITEM,
    },
  ),
  r(
    'POST',
    '/api/download/<id>/',
    '/api/download/:id/',
    '1.7',
    (f) => ({ url: `/api/download/${f.queueId}/`, body: { status: 'ignore' } }),
    200,
    { kind: 'object', shape: { status: 'string' } },
  ),
  r(
    'GET',
    '/api/download/aggs/?filter=',
    '/api/download/aggs/',
    '1.7',
    () => ({ url: '/api/download/aggs/?filter=ignore' }),
    200,
    {
      kind: 'object',
      shape: { doc_count_error_upper_bound: 'number', sum_other_doc_count: 'number', buckets: 'array' },
    },
  ),
  r(
    'DELETE',
    '/api/download/?filter=',
    '/api/download/',
    '1.7',
    () => ({ url: '/api/download/?filter=ignore' }),
    204,
    {
      kind: 'empty',
    },
  ),
  // §1.8 tasks
  r('GET', '/api/task/by-name/', '/api/task/by-name/', '1.8', () => ({ url: '/api/task/by-name/' }), 200, {
    kind: 'array',
    item: TASK_RESULT,
  }),
  r(
    'POST',
    '/api/task/by-name/<name>/',
    '/api/task/by-name/:name/',
    '1.8',
    () => ({ url: '/api/task/by-name/resync_metadata/' }),
    200,
    TASK_START,
    { capture: (body, f) => (f.taskId = (body as { task_id: string }).task_id) },
  ),
  r(
    'GET',
    '/api/task/by-name/<name>/',
    '/api/task/by-name/:name/',
    '1.8',
    () => ({ url: '/api/task/by-name/resync_metadata/' }),
    200,
    { kind: 'array', item: TASK_RESULT },
  ),
  r(
    'GET',
    '/api/task/by-id/<id>/',
    '/api/task/by-id/:id/',
    '1.8',
    (f) => ({ url: `/api/task/by-id/${f.taskId}/` }),
    200,
    {
      kind: 'object',
      shape: TASK_RESULT,
    },
  ),
  r(
    'POST',
    '/api/task/by-id/<id>/',
    '/api/task/by-id/:id/',
    '1.8, 4.3',
    (f) => ({ url: `/api/task/by-id/${f.taskId}/`, body: { command: 'stop' } }),
    204,
    { kind: 'empty' },
    {
      difference:
        'resync_metadata may be stopped here (upstream: api_stop only for update_subscribed, download_pending, extract_download), since it rewrites every media file',
    },
  ),
  r(
    'GET',
    '/api/task/schedule/',
    '/api/task/schedule/',
    '1.8, 7.4',
    () => ({ url: '/api/task/schedule/' }),
    200,
    {
      kind: 'array',
    },
  ),
  r(
    'POST',
    '/api/task/schedule/<name>/',
    '/api/task/schedule/:name/',
    '7.4',
    () => ({ url: '/api/task/schedule/update_subscribed/', body: { schedule: '0 8 *' } }),
    200,
    { kind: 'object', shape: { name: 'string', schedule: 'string' } },
  ),
  r(
    'GET',
    '/api/task/schedule/<name>/',
    '/api/task/schedule/:name/',
    '7.4',
    () => ({ url: '/api/task/schedule/update_subscribed/' }),
    200,
    {
      kind: 'object',
      shape: { name: 'string', schedule: 'string' },
    },
  ),
  r(
    'DELETE',
    '/api/task/schedule/<name>/',
    '/api/task/schedule/:name/',
    '7.4',
    () => ({ url: '/api/task/schedule/update_subscribed/' }),
    204,
    {
      kind: 'empty',
    },
  ),
  r(
    'GET',
    '/api/task/notification/',
    '/api/task/notification/',
    '1.8',
    () => ({ url: '/api/task/notification/' }),
    200,
    {
      kind: 'object',
      shape: {},
    },
  ),
  r(
    'POST',
    '/api/task/notification/',
    '/api/task/notification/',
    '1.8',
    () => ({
      url: '/api/task/notification/',
      body: { task_name: 'download_pending', url: 'json://127.0.0.1:9/' },
    }),
    200,
    { kind: 'object', shape: {} },
  ),
  r(
    'DELETE',
    '/api/task/notification/',
    '/api/task/notification/',
    '1.8',
    () => ({ url: '/api/task/notification/', body: { task_name: 'download_pending' } }),
    204,
    { kind: 'empty' },
  ),
  r(
    'POST',
    '/api/task/notification/test/',
    '/api/task/notification/test/',
    '1.8',
    () => ({ url: '/api/task/notification/test/', body: { url: 'json://127.0.0.1:9/' } }),
    400,
    { kind: 'object', shape: { success: 'boolean', message: 'string' } },
  ),
  // §1.9 appsettings
  r(
    'GET',
    '/api/appsettings/config/',
    '/api/appsettings/config/',
    '1.9, 7.1',
    () => ({ url: '/api/appsettings/config/' }),
    200,
    {
      kind: 'object',
      shape: { subscriptions: 'object', downloads: 'object', application: 'object' },
    },
  ),
  r(
    'POST',
    '/api/appsettings/config/',
    '/api/appsettings/config/',
    '1.9',
    () => ({ url: '/api/appsettings/config/', body: { downloads: { sleep_interval: 3 } } }),
    200,
    { kind: 'object', shape: { subscriptions: 'object', downloads: 'object', application: 'object' } },
  ),
  r(
    'GET',
    '/api/appsettings/snapshot/',
    '/api/appsettings/snapshot/',
    '1.9, 4.5',
    () => ({ url: '/api/appsettings/snapshot/' }),
    200,
    {
      kind: 'object',
      shape: {
        next_exec: 'number|null',
        next_exec_str: 'string|null',
        expire_after: 'string',
        snapshots: 'array',
      },
    },
  ),
  r(
    'POST',
    '/api/appsettings/snapshot/',
    '/api/appsettings/snapshot/',
    '1.9, 4.5',
    () => ({ url: '/api/appsettings/snapshot/' }),
    200,
    {
      kind: 'object',
      shape: { snapshot_name: 'string' },
    },
  ),
  r(
    'GET',
    '/api/appsettings/snapshot/<id>/',
    '/api/appsettings/snapshot/:id/',
    '1.9',
    () => ({ url: '/api/appsettings/snapshot/no_such_snapshot/' }),
    404,
    {
      kind: 'object',
      shape: {},
    },
  ),
  r(
    'GET',
    '/api/appsettings/backup/<filename>/',
    '/api/appsettings/backup/:filename/',
    '1.9',
    () => ({ url: '/api/appsettings/backup/ta_backup-20000101-auto.zip/' }),
    404,
    {
      kind: 'object',
      shape: {},
    },
  ),
  r(
    'DELETE',
    '/api/appsettings/backup/<filename>/',
    '/api/appsettings/backup/:filename/',
    '1.9',
    () => ({ url: '/api/appsettings/backup/ta_backup-20000101-auto.zip/' }),
    404,
    {
      kind: 'object',
      shape: {},
    },
  ),
  r(
    'POST',
    '/api/appsettings/snapshot/<id>/',
    '/api/appsettings/snapshot/:id/',
    '1.9',
    () => ({ url: '/api/appsettings/snapshot/no_such_snapshot/' }),
    400,
    { kind: 'object', shape: {} },
  ),
  r(
    'DELETE',
    '/api/appsettings/snapshot/<id>/',
    '/api/appsettings/snapshot/:id/',
    '1.9',
    () => ({ url: '/api/appsettings/snapshot/no_such_snapshot/' }),
    400,
    { kind: 'object', shape: {} },
  ),
  r(
    'POST',
    '/api/appsettings/backup/<filename>/',
    '/api/appsettings/backup/:filename/',
    '1.9',
    () => ({ url: '/api/appsettings/backup/ta_backup-20000101-auto.zip/' }),
    404,
    { kind: 'object', shape: {} },
  ),
  r(
    'GET',
    '/api/appsettings/backup/',
    '/api/appsettings/backup/',
    '1.9, 4.5',
    () => ({ url: '/api/appsettings/backup/' }),
    200,
    {
      kind: 'array',
    },
  ),
  r(
    'POST',
    '/api/appsettings/backup/',
    '/api/appsettings/backup/',
    '1.9, 4.5',
    () => ({ url: '/api/appsettings/backup/' }),
    200,
    MESSAGE_TASK,
  ),
  r(
    'GET',
    '/api/appsettings/cookie/',
    '/api/appsettings/cookie/',
    '1.9, 7.5',
    () => ({ url: '/api/appsettings/cookie/' }),
    200,
    {
      kind: 'object',
      shape: { cookie_enabled: 'boolean' },
    },
  ),
  r(
    'PUT',
    '/api/appsettings/cookie/',
    '/api/appsettings/cookie/',
    '7.5',
    () => ({ url: '/api/appsettings/cookie/', body: { cookie: SIGNED_IN_COOKIE } }),
    200,
    { kind: 'object', shape: { cookie_enabled: 'boolean' } },
  ),
  r(
    'POST',
    '/api/appsettings/cookie/',
    '/api/appsettings/cookie/',
    '7.5',
    () => ({ url: '/api/appsettings/cookie/' }),
    200,
    {
      kind: 'object',
      shape: { cookie_enabled: 'boolean', status: 'boolean', validated: 'number', validated_str: 'string' },
    },
  ),
  r(
    'DELETE',
    '/api/appsettings/cookie/',
    '/api/appsettings/cookie/',
    '7.5',
    () => ({ url: '/api/appsettings/cookie/' }),
    204,
    {
      kind: 'empty',
    },
  ),
  r(
    'GET',
    '/api/appsettings/token/',
    '/api/appsettings/token/',
    '1.9',
    () => ({ url: '/api/appsettings/token/' }),
    200,
    {
      kind: 'object',
      shape: { token: 'string' },
    },
  ),
  r(
    'POST',
    '/api/appsettings/manual-import/',
    '/api/appsettings/manual-import/',
    '1.9, 4.4',
    () => ({ url: '/api/appsettings/manual-import/', body: { ignore_error: false, prefer_local: false } }),
    200,
    TASK_START,
  ),
  r(
    'POST',
    '/api/appsettings/rescan-filesystem/',
    '/api/appsettings/rescan-filesystem/',
    '1.9, 4.4',
    () => ({
      url: '/api/appsettings/rescan-filesystem/',
      body: { ignore_error: false, prefer_local: false },
    }),
    200,
    TASK_START,
  ),
  r(
    'GET',
    '/api/appsettings/membership/profile/',
    '/api/appsettings/membership/profile/',
    '1.9',
    () => ({ url: '/api/appsettings/membership/profile/' }),
    404,
    {
      kind: 'object',
      shape: { error: 'string' },
    },
    { difference: NOT_AVAILABLE },
  ),
  r(
    'POST',
    '/api/appsettings/membership/sync/',
    '/api/appsettings/membership/sync/',
    '1.9',
    () => ({ url: '/api/appsettings/membership/sync/' }),
    404,
    {
      kind: 'object',
      shape: { error: 'string' },
    },
    { difference: NOT_AVAILABLE },
  ),
  r(
    'GET',
    '/api/appsettings/membership/token/',
    '/api/appsettings/membership/token/',
    '1.9',
    () => ({ url: '/api/appsettings/membership/token/' }),
    404,
    {
      kind: 'object',
      shape: { error: 'string' },
    },
    { difference: NOT_AVAILABLE },
  ),
  ...(['POST', 'DELETE'] as const).map((method) =>
    r(
      method,
      '/api/appsettings/membership/token/',
      '/api/appsettings/membership/token/',
      '1.9',
      () => ({ url: '/api/appsettings/membership/token/' }),
      404,
      { kind: 'object', shape: { error: 'string' } },
      { difference: NOT_AVAILABLE },
    ),
  ),
  r(
    'GET',
    '/api/schema/',
    '/api/schema/',
    '1.1',
    () => ({ url: '/api/schema/' }),
    200,
    { kind: 'object', shape: {} },
    {
      difference: 'our OpenAPI document is at `/api/docs/json` (Swagger UI at `/api/docs/`)',
    },
  ),
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

function r(
  method: WireRoute['method'],
  path: string,
  pattern: string,
  section: string,
  call: WireRoute['call'],
  status: number,
  expect: Expected,
  more: Pick<WireRoute, 'capture' | 'difference'> = {},
): WireRoute {
  return { method, path, pattern, section, call, status, expect, ...more };
}
