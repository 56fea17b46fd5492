import { screen, within } from '@testing-library/react';
import type { ChannelHealth } from '@tubekeeper/contract';
import { describe, expect, test } from 'vitest';
import { json, mockApi, sessionRoutes } from '../../../test/api-mock.ts';
import { listOf, makeChannel } from '../../../test/archive-fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';

const FAILING: ChannelHealth = {
  channel_id: 'UCtest',
  channel_name: 'Test Channel',
  subscribed: true,
  last_feed_check: '2026-11-24T23:45:00+00:00',
  feed_error: null,
  last_new_upload: '2026-11-20T08:00:00+00:00',
  last_deep_scan: '2026-11-24T12:00:00.250000+00:00',
  push: { state: 'active', lease_expires_at: '2026-11-29T10:00:00+00:00', last_push_at: null },
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
  last_feed_check: null,
  feed_error: null,
  last_new_upload: null,
  last_deep_scan: null,
  push: null,
  last_failure: null,
};

function routes(health: ChannelHealth, staff: boolean) {
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
    'GET /api/health/channels/': () => json(200, { data: health.last_failure ? [health] : [] }),
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
      'Last deep scan: 2026-11-24 12:00 UTC',
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
    expect(within(box).getByText('Last deep scan: 2026-11-24 12:00 UTC')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Subscriptions with failures' })).toBeNull();
    expect(api.callsTo('GET', '/api/health/channels/')).toHaveLength(0);
  });

  test('Downloads page for all channels: the failing subscriptions, each linking to its About tab', async () => {
    mockApi(routes(FAILING, true));
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
    expect(screen.queryByRole('region', { name: 'Subscription health' })).toBeNull();
    unmount();

    // none failing: nothing shown
    mockApi(routes(NEVER, true));
    renderApp('/downloads/');
    await screen.findByText('Total videos in queue: 0');
    expect(screen.queryByRole('region', { name: 'Subscriptions with failures' })).toBeNull();
  });
});
