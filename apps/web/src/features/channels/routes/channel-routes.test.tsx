import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Channel } from '@tubekeeper/contract';
import { describe, expect, test } from 'vitest';
import { json, mockApi, noContent, sessionRoutes, type SessionFixture } from '../../../test/api-mock.ts';
import { listOf, makeChannel, makeVideo } from '../../../test/archive-fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';

const NAV = {
  has_pending: true,
  has_ignored: false,
  has_playlists: true,
  has_videos: true,
  has_streams: false,
  has_shorts: true,
};

function channelRoutes(channel: Channel = makeChannel(), fixture: SessionFixture = {}) {
  return {
    ...sessionRoutes(fixture),
    'GET /api/channel/UCtest/': () => json(200, channel),
    'GET /api/channel/UCtest/nav/': () => json(200, NAV),
    'GET /api/channel/UCtest/aggs/': () =>
      json(200, {
        total_items: { value: 7 },
        total_size: { value: 3 * 1024 ** 3 },
        total_duration: { value: 5000, value_str: '1h 23m 20s' },
      }),
    'GET /api/video/?*': () => json(200, listOf([makeVideo()])),
    'GET /api/channel/UCtest/health/': () =>
      json(200, {
        channel_id: 'UCtest',
        channel_name: 'Test Channel',
        subscribed: true,
        last_feed_check: null,
        feed_error: null,
        last_new_upload: null,
        last_deep_scan: null,
        push: null,
        last_failure: null,
      }),
    'POST /api/watched/': (call: { body: unknown }) => json(200, call.body),
    // Like the server: store the overwrites, a null value removes the key.
    'POST /api/channel/UCtest/': (call: { body: unknown }) => {
      const changes =
        (call.body as { channel_overwrites?: Record<string, unknown> }).channel_overwrites ?? {};
      const stored: Record<string, unknown> = channel.channel_overwrites;
      for (const [key, value] of Object.entries(changes)) {
        if (value === null) delete stored[key];
        else stored[key] = value;
      }
      return json(200, call.body);
    },
  };
}

const subNav = () =>
  within(screen.getByRole('navigation', { name: 'Channel' }))
    .getAllByRole('link')
    .map((l) => l.textContent);

describe('Channel pages', () => {
  test('an unknown channel shows the failed-to-load page', async () => {
    mockApi({
      ...sessionRoutes(),
      'GET /api/channel/UCnope/': () => json(404, { error: 'channel not found' }),
      'GET /api/channel/UCnope/nav/': () => json(404, { error: 'channel not found' }),
    });
    renderApp('/channel/UCnope');
    expect(await screen.findByRole('heading', { name: 'Channel UCnope not found!' })).toBeTruthy();
  });

  test('videos: title, sub-navigation by the nav flags, totals, mark all watched', async () => {
    const api = mockApi(channelRoutes());
    renderApp('/channel/UCtest');
    expect(await screen.findByRole('heading', { name: 'Channel: Test Channel' })).toBeTruthy();
    await waitFor(() => expect(subNav()).toEqual(['Videos', 'Shorts', 'Playlists', 'About']));
    expect(await screen.findByText(/7 videos/)).toBeTruthy();
    expect(screen.getByText(/1h 23m 20s playback/).textContent).toContain('Total size 3.0 GiB');
    expect(api.calls.map((c) => c.path)).toContain(
      '/api/video/?channel=UCtest&type=videos&sort=published&order=desc',
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Mark as watched' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/watched/')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/watched/')[0]!.body).toEqual({ id: 'UCtest', is_watched: true });
  });

  test('staff see Downloads in the sub-navigation when items are pending', async () => {
    mockApi(channelRoutes(makeChannel(), { is_staff: true }));
    renderApp('/channel/UCtest/shorts/');
    await screen.findByRole('heading', { name: 'Channel: Test Channel' });
    await waitFor(() => expect(subNav()).toEqual(['Videos', 'Shorts', 'Playlists', 'About', 'Downloads']));
  });

  test('about, regular user: facts and description, no staff controls', async () => {
    mockApi(channelRoutes(makeChannel({ channel_views: 2_500_000, channel_active: false })));
    renderApp('/channel/UCtest/about/');
    expect(await screen.findByText('Channel views: 2.5M')).toBeTruthy();
    expect(screen.getByText('Youtube: Deactivated')).toBeTruthy();
    expect(screen.getByText('A channel about tests.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete Channel' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reindex' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Channel Customization' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Page Size Overrides' })).toBeNull();
  });

  test('about, staff: overwrites save through POST /api/channel/{id}/ with null resetting', async () => {
    const api = mockApi(
      channelRoutes(makeChannel({ channel_overwrites: { autodelete_days: 30 } }), { is_staff: true }),
    );
    renderApp('/channel/UCtest/about/');
    const user = userEvent.setup();
    const format = await screen.findByLabelText('Download format');
    expect(screen.queryByRole('button', { name: 'Update' })).toBeNull();
    await user.type(format, 'bestvideo');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    const days = screen.getByLabelText('Auto delete watched videos after x days');
    expect((days as HTMLInputElement).value).toBe('30');
    const daysRow = days.closest('.setting-row') as HTMLElement;
    await user.click(within(daysRow).getByRole('button', { name: 'reset' }));
    await user.click(screen.getByRole('button', { name: 'Configure' }));
    await user.type(screen.getByLabelText('Shorts page size'), '0');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/channel/UCtest/')).toHaveLength(4));
    expect(api.callsTo('POST', '/api/channel/UCtest/').map((c) => c.body)).toEqual([
      { channel_overwrites: { download_format: 'bestvideo' } },
      { channel_overwrites: { autodelete_days: null } },
      { channel_overwrites: { integrate_sponsorblock: false } },
      { channel_overwrites: { subscriptions_shorts_channel_size: 0 } },
    ]);
  });

  test('about, staff: Reindex Videos asks for the channel and its videos', async () => {
    const api = mockApi({
      ...channelRoutes(makeChannel(), { is_staff: true }),
      'POST /api/refresh/?extract_videos=true': () =>
        json(200, { message: 'reindex task started', task_id: 't' }),
    });
    renderApp('/channel/UCtest/about/');
    expect(await screen.findByRole('button', { name: 'Reindex' })).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Reindex Videos' }));
    expect(await screen.findByText('Reindex scheduled')).toBeTruthy();
    expect(api.callsTo('POST', '/api/refresh/?extract_videos=true')[0]!.body).toEqual({
      channel: ['UCtest'],
    });
  });

  test('about, staff: Delete Channel asks first, then leaves for the channel list', async () => {
    const api = mockApi({
      ...channelRoutes(makeChannel(), { is_staff: true }),
      'DELETE /api/channel/UCtest/': () => noContent(),
      'GET /api/channel/?*': () => json(200, listOf([])),
    });
    const { router } = renderApp('/channel/UCtest/about/');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Channel' }));
    expect(screen.getByText('Delete Test Channel including all videos?')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/channel/'));
    expect(api.callsTo('DELETE', '/api/channel/UCtest/')).toHaveLength(1);
    expect(await screen.findByRole('heading', { name: 'No channels found...' })).toBeTruthy();
  });

  test('channel list: cards, the subscribed filter, subscribe buttons only for staff', async () => {
    const api = mockApi({
      ...sessionRoutes(),
      'GET /api/channel/?*': () => json(200, listOf([makeChannel()])),
    });
    renderApp('/channel/');
    expect(await screen.findByRole('link', { name: 'Test Channel' })).toBeTruthy();
    expect(screen.getByText('Subscribers: 1,234')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Subscribe' })).toBeNull();
    await userEvent.setup().click(screen.getByRole('switch', { name: 'Show subscribed only' }));
    await waitFor(() => expect(api.calls.map((c) => c.path)).toContain('/api/channel/?filter=subscribed'));
  });
});
