import { screen, within } from '@testing-library/react';
import type { ChannelHealth, PlaylistHealth } from '@tubekeeper/contract';
import { describe, expect, test } from 'vitest';
import { json, mockApi, sessionRoutes } from '../../../test/api-mock.ts';
import { listOf, makeChannel, makePlaylist } from '../../../test/archive-fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';

const FAILING: ChannelHealth = {
  channel_id: 'UCtest',
  channel_name: 'Test Channel',
  subscribed: true,
  failing: true,
  last_feed_check: '2026-11-24T23:45:00+00:00',
  feed_error: null,
  last_new_upload: '2026-11-20T08:00:00+00:00',
  last_deep_scan: '2026-11-24T12:00:00.250000+00:00',
  scan_error: '[youtube:tab] UCtest: Sign in to confirm you’re not a bot.',
  push: { state: 'active', lease_expires_at: '2026-11-29T10:00:00+00:00', last_push_at: null, error: null },
  last_failure: {
    at: '2026-11-24T12:00:01+00:00',
    source: 'scan',
    message: '[youtube:tab] UCtest: Sign in to confirm you’re not a bot.',
    diagnosis: {
      category: 'bot_check',
      label: 'Bot check / sign-in required',
      advice: 'Import a cookie of a signed-in account or set a PO token (Settings > Application).',
      retry_at: null,
    },
  },
};

const NEVER: ChannelHealth = {
  channel_id: 'UCtest',
  channel_name: 'Test Channel',
  subscribed: false,
  failing: false,
  last_feed_check: null,
  feed_error: null,
  last_new_upload: null,
  last_deep_scan: null,
  scan_error: null,
  push: null,
  last_failure: null,
};

/** A playlist whose feed answers 404 now; its deep scan works. */
const PLAYLIST: PlaylistHealth = {
  playlist_id: 'PLtest',
  playlist_name: 'Test Playlist',
  subscribed: true,
  failing: true,
  last_feed_check: '2026-11-25T06:15:00+00:00',
  feed_error: 'feed answered HTTP 404',
  last_new_upload: null,
  last_deep_scan: '2026-11-24T12:00:00+00:00',
  scan_error: null,
  last_failure: {
    at: '2026-11-25T06:15:00+00:00',
    source: 'feed',
    message: 'feed answered HTTP 404',
    diagnosis: { category: 'unknown', label: 'Other failure', advice: 'See the message.', retry_at: null },
  },
};

function routes(health: ChannelHealth, staff: boolean, playlists: PlaylistHealth[] = []) {
  return {
    ...sessionRoutes({ is_staff: staff }),
    'GET /api/channel/UCtest/': () => json(200, makeChannel()),
    'GET /api/channel/UCtest/nav/': () =>
      json(200, {
        has_pending: true,
        has_ignored: false,
        has_playlists: false,
        has_videos: true,
        has_streams: false,
        has_shorts: false,
      }),
    'GET /api/channel/UCtest/health/': () => json(200, health),
    'GET /api/health/channels/': () => json(200, { data: health.failing ? [health] : [] }),
    'GET /api/health/playlists/': () => json(200, { data: playlists }),
    // the Downloads page's yt-dlp line (downloads-route.test.tsx checks it)
    'GET /api/health/?*': () =>
      json(200, {
        status: 'OK',
        read_only: null,
        ytdlp: { version: '2023.03.04', age_days: 998 },
        last_download: null,
        failing_subscriptions: [],
        task_runners: { queue: 'embedded', workers: [] },
      }),
    'GET /api/download/?*': () => json(200, listOf([])),
    'GET /api/download/aggs/?*': () =>
      json(200, { doc_count_error_upper_bound: 0, sum_other_doc_count: 0, buckets: [] }),
  };
}

const lines = (box: HTMLElement) =>
  within(box)
    .getAllByRole('paragraph')
    .map((p) => p.textContent);

describe('Subscription health (issue 16)', () => {
  test('About tab, staff: feed check, deep scan, push and the last failure with what to do', async () => {
    mockApi(routes(FAILING, true));
    renderApp('/channel/UCtest/about/');
    const box = await screen.findByRole('region', { name: 'Subscription health' });
    await within(box).findByTestId('last-failure');
    expect(lines(box)).toEqual([
      'Last feed check: 2026-11-24 23:45 UTC',
      'Last new upload from the feed: 2026-11-20 08:00 UTC',
      'Last deep scan: 2026-11-24 12:00 UTC (failed: [youtube:tab] UCtest: Sign in to confirm you’re not a bot.)',
      'Push: active until 2026-11-29 10:00 UTC',
      'Last failure (deep scan, 2026-11-24 12:00 UTC): [youtube:tab] UCtest: Sign in to confirm you’re not a bot.',
      'Bot check / sign-in required: Import a cookie of a signed-in account or set a PO token (Settings > Application).',
    ]);
  });

  test('About tab, a channel never checked says so; a regular user sees no health', async () => {
    const staff = mockApi(routes(NEVER, true));
    const { unmount } = renderApp('/channel/UCtest/about/');
    const box = await screen.findByRole('region', { name: 'Subscription health' });
    await within(box).findByText('Last failure: none');
    expect(lines(box)).toEqual([
      'Not subscribed: scans and feed checks leave it out.',
      'Last feed check: never',
      'Last new upload from the feed: never',
      'Last deep scan: never',
      'Last failure: none',
    ]);
    expect(staff.callsTo('GET', '/api/channel/UCtest/health/')).toHaveLength(1);
    unmount();

    const viewer = mockApi(routes(FAILING, false));
    renderApp('/channel/UCtest/about/');
    await screen.findByText('A channel about tests.');
    expect(screen.queryByRole('region', { name: 'Subscription health' })).toBeNull();
    expect(viewer.callsTo('GET', '/api/channel/UCtest/health/')).toHaveLength(0);
  });

  test('Downloads page for one channel: its health under the title', async () => {
    const api = mockApi(routes(FAILING, true));
    renderApp('/downloads/?channel=UCtest');
    const box = await screen.findByRole('region', { name: 'Subscription health' });
    expect(await within(box).findByText('Bot check / sign-in required:')).toBeTruthy();
    expect(within(box).getByText(/^Last deep scan: 2026-11-24 12:00 UTC/)).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Subscriptions with failures' })).toBeNull();
    expect(api.callsTo('GET', '/api/health/channels/')).toHaveLength(0);
  });

  test('About tab: a channel that works again keeps its last failure, saying so; a push error shows', async () => {
    mockApi(
      routes(
        {
          ...FAILING,
          failing: true,
          scan_error: null,
          push: {
            ...FAILING.push!,
            state: 'subscribing',
            error: 'hub answered HTTP 400: Invalid value for hub.callback',
          },
        },
        true,
      ),
    );
    const { unmount } = renderApp('/channel/UCtest/about/');
    const box = await screen.findByRole('region', { name: 'Subscription health' });
    await within(box).findByTestId('last-failure');
    expect(lines(box)).toContain('Last deep scan: 2026-11-24 12:00 UTC');
    expect(lines(box)).toContain(
      'Push: waiting for the hub to confirm (failed: hub answered HTTP 400: Invalid value for hub.callback)',
    );
    expect(lines(box)).not.toContain('Working again: the checks since went well.');
    unmount();

    mockApi(routes({ ...FAILING, failing: false, scan_error: null }, true));
    renderApp('/channel/UCtest/about/');
    const recovered = await screen.findByRole('region', { name: 'Subscription health' });
    await within(recovered).findByTestId('last-failure');
    expect(lines(recovered).slice(-3)).toEqual([
      'Last failure (deep scan, 2026-11-24 12:00 UTC): [youtube:tab] UCtest: Sign in to confirm you’re not a bot.',
      'Bot check / sign-in required: Import a cookie of a signed-in account or set a PO token (Settings > Application).',
      'Working again: the checks since went well.',
    ]);
  });

  test('Playlist page, staff: a regular playlist shows its health; a custom one and regular users none', async () => {
    const playlistRoutes = (staff: boolean, playlist = makePlaylist()) => ({
      ...routes(NEVER, staff),
      'GET /api/playlist/PLtest/': () => json(200, playlist),
      'GET /api/playlist/PLtest/health/': () => json(200, PLAYLIST),
      'GET /api/video/?*': () => json(200, listOf([])),
    });
    const staff = mockApi(playlistRoutes(true));
    const { unmount } = renderApp('/playlist/PLtest');
    const box = await screen.findByRole('region', { name: 'Subscription health' });
    await within(box).findByTestId('last-failure');
    expect(lines(box)).toEqual([
      'Last feed check: 2026-11-25 06:15 UTC (failed: feed answered HTTP 404)',
      'Last new upload from the feed: never',
      'Last deep scan: 2026-11-24 12:00 UTC',
      'Last failure (feed check, 2026-11-25 06:15 UTC): feed answered HTTP 404',
      'Other failure: See the message.',
    ]);
    expect(staff.callsTo('GET', '/api/playlist/PLtest/health/')).toHaveLength(1);
    unmount();

    const custom = mockApi(playlistRoutes(true, makePlaylist({ playlist_type: 'custom' })));
    const second = renderApp('/playlist/PLtest');
    await screen.findByRole('heading', { name: 'Test Playlist' });
    expect(screen.queryByRole('region', { name: 'Subscription health' })).toBeNull();
    expect(custom.callsTo('GET', '/api/playlist/PLtest/health/')).toHaveLength(0);
    second.unmount();

    const viewer = mockApi(playlistRoutes(false));
    renderApp('/playlist/PLtest');
    await screen.findByRole('heading', { name: 'Test Playlist' });
    expect(screen.queryByRole('region', { name: 'Subscription health' })).toBeNull();
    expect(viewer.callsTo('GET', '/api/playlist/PLtest/health/')).toHaveLength(0);
  });

  test('Downloads page for all channels: the failing subscriptions, each linking to its About tab', async () => {
    mockApi(routes(FAILING, true, [PLAYLIST]));
    const { unmount } = renderApp('/downloads/');
    const list = await screen.findByRole('region', { name: 'Subscriptions with failures' });
    const row = within(list).getByTestId('failing-channel');
    expect(lines(row)).toEqual([
      'Test Channel (deep scan, 2026-11-24 12:00 UTC): [youtube:tab] UCtest: Sign in to confirm you’re not a bot.',
      'Bot check / sign-in required: Import a cookie of a signed-in account or set a PO token (Settings > Application).',
    ]);
    expect(within(row).getByRole('link', { name: 'Test Channel' }).getAttribute('href')).toBe(
      '/channel/UCtest/about/',
    );
    const playlistRow = within(list).getByTestId('failing-playlist');
    expect(lines(playlistRow)).toEqual([
      'Test Playlist (feed check, 2026-11-25 06:15 UTC): feed answered HTTP 404',
      'Other failure: See the message.',
    ]);
    expect(within(playlistRow).getByRole('link', { name: 'Test Playlist' }).getAttribute('href')).toBe(
      '/playlist/PLtest',
    );
    expect(screen.queryByRole('region', { name: 'Subscription health' })).toBeNull();
    unmount();

    // none failing now (a failure kept from before does not count): nothing shown
    mockApi(routes({ ...FAILING, failing: false, scan_error: null }, true));
    renderApp('/downloads/');
    await screen.findByText('Total videos in queue: 0');
    expect(screen.queryByRole('region', { name: 'Subscriptions with failures' })).toBeNull();
  });
});
