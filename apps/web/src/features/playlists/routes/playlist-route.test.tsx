import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Playlist } from '@tubekeeper/contract';
import { describe, expect, test } from 'vitest';
import { json, mockApi, noContent, sessionRoutes, type SessionFixture } from '../../../test/api-mock.ts';
import { listOf, makeChannel, makePlaylist, makeVideo } from '../../../test/archive-fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';

const entries = [
  { youtube_id: 'vidA0000001', idx: 0, downloaded: true, title: 'First', uploader: null },
  { youtube_id: 'vidB0000001', idx: 1, downloaded: true, title: 'Second', uploader: null },
  { youtube_id: 'vidC0000001', idx: 2, downloaded: false, title: 'Third', uploader: null },
];
const videos = entries.slice(0, 2).map((e) => makeVideo({ youtube_id: e.youtube_id, title: e.title }));

function playlistRoutes(playlist: Playlist, fixture: SessionFixture = {}) {
  return {
    ...sessionRoutes(fixture),
    [`GET /api/playlist/${playlist.playlist_id}/`]: () => json(200, playlist),
    'GET /api/channel/UCtest/': () => json(200, makeChannel()),
    'GET /api/video/?*': () => json(200, listOf(videos)),
    // staff see a regular playlist's subscription health (issue 16; its own tests in features/health)
    [`GET /api/playlist/${playlist.playlist_id}/health/`]: () =>
      json(200, {
        playlist_id: playlist.playlist_id,
        playlist_name: playlist.playlist_name,
        subscribed: playlist.playlist_subscribed,
        failing: false,
        last_feed_check: null,
        feed_error: null,
        last_new_upload: null,
        last_deep_scan: null,
        scan_error: null,
        last_failure: null,
      }),
  };
}

describe('Playlist page', () => {
  test('a missing playlist shows "That playlist does not exist" with Go Home', async () => {
    mockApi({
      ...sessionRoutes(),
      'GET /api/playlist/nope/': () => json(404, { error: 'playlist not found' }),
    });
    renderApp('/playlist/nope');
    expect(await screen.findByText('That playlist does not exist')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go Home' }).getAttribute('href')).toBe('/');
  });

  test('a provider playlist: channel box, state, archived count, description, hide watched', async () => {
    const playlist = makePlaylist({
      playlist_entries: entries,
      playlist_active: false,
      playlist_description: 'About https://example.com',
    });
    const api = mockApi(playlistRoutes(playlist));
    renderApp('/playlist/PLtest');
    expect(await screen.findByRole('heading', { name: 'Test Playlist', level: 1 })).toBeTruthy();
    expect(await screen.findByTestId('channel-overview')).toBeTruthy();
    expect(screen.getByText('Youtube: Deactivated')).toBeTruthy();
    expect(screen.getByText('Total Videos archived: 2/3')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Mark as watched' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'https://example.com' })).toBeTruthy();
    // a description that fits its box gets no Show more (jsdom's heights are 0)
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete Playlist' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Unsubscribe|Subscribe/ })).toBeNull();

    await userEvent.setup().click(screen.getByRole('switch', { name: 'Hide watched videos' }));
    await waitFor(() =>
      expect(api.calls.map((c) => c.path)).toContain('/api/video/?playlist=PLtest&watch=unwatched'),
    );
  });

  test('staff delete with three choices: metadata only, all, or cancel', async () => {
    const api = mockApi({
      ...playlistRoutes(makePlaylist({ playlist_entries: entries }), { is_staff: true }),
      'DELETE /api/playlist/PLtest/?delete-videos=true': () => noContent(),
      'DELETE /api/playlist/PLtest/': () => noContent(),
    });
    const { router } = renderApp('/playlist/PLtest');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Playlist' }));
    const confirm = screen.getByRole('group', { name: 'Confirm delete' });
    expect(
      within(confirm)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Delete metadata', 'Delete all', 'Cancel']);
    await user.click(within(confirm).getByRole('button', { name: 'Delete all' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/playlist/'));
    expect(api.callsTo('DELETE', '/api/playlist/PLtest/?delete-videos=true')).toHaveLength(1);
  });

  test('a custom playlist offers move and remove buttons to staff', async () => {
    const custom = makePlaylist({
      playlist_id: 'TA_playlist_1',
      playlist_type: 'custom',
      playlist_channel: null,
      playlist_channel_id: null,
      playlist_entries: entries.slice(0, 2),
    });
    const api = mockApi({
      ...playlistRoutes(custom, { is_staff: true }),
      'POST /api/playlist/custom/TA_playlist_1/': (call) => json(200, call.body),
    });
    renderApp('/playlist/TA_playlist_1');
    const user = userEvent.setup();
    const first = await screen.findByRole('group', { name: 'Move First' });
    expect(within(first).getByRole('button', { name: 'Move First to top' })).toHaveProperty('disabled', true);
    expect(within(first).getByRole('button', { name: 'Move First up' })).toHaveProperty('disabled', true);
    const second = screen.getByRole('group', { name: 'Move Second' });
    expect(within(second).getByRole('button', { name: 'Move Second to bottom' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(screen.queryByTestId('channel-overview')).toBeNull();
    // a custom playlist has nothing of its own to re-fetch, only its videos
    expect(screen.queryByRole('button', { name: 'Reindex' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Reindex Videos' })).toBeTruthy();

    await user.click(within(first).getByRole('button', { name: 'Move First down' }));
    await user.click(within(second).getByRole('button', { name: 'Move Second to top' }));
    await user.click(within(second).getByRole('button', { name: 'Remove Second from this playlist' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/playlist/custom/TA_playlist_1/')).toHaveLength(3));
    expect(api.callsTo('POST', '/api/playlist/custom/TA_playlist_1/').map((c) => c.body)).toEqual([
      { action: 'down', video_id: 'vidA0000001' },
      { action: 'top', video_id: 'vidB0000001' },
      { action: 'remove', video_id: 'vidB0000001' },
    ]);
  });
});

describe('Playlist list', () => {
  test('staff create a custom playlist; a name is required', async () => {
    const api = mockApi({
      ...sessionRoutes({ is_staff: true }),
      'GET /api/playlist/?*': () => json(200, listOf([])),
      'POST /api/playlist/custom/': (call) => json(200, makePlaylist({ playlist_name: String(call.body) })),
    });
    renderApp('/playlist/');
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'No playlists found...' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(screen.getByRole('alert').textContent).toBe('Please enter a name for the playlist.');
    expect(api.callsTo('POST', '/api/playlist/custom/')).toHaveLength(0);
    await user.type(screen.getByLabelText('Create a custom playlist'), '  Road trip ');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/playlist/custom/')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/playlist/custom/')[0]!.body).toEqual({ playlist_name: 'Road trip' });
  });

  test('a regular user sees the list, the subscribed filter and the create form (spec §6), not the subscribe form', async () => {
    const api = mockApi({
      ...sessionRoutes(),
      'GET /api/playlist/?*': () => json(200, listOf([makePlaylist()])),
    });
    renderApp('/playlist/');
    expect(await screen.findByRole('link', { name: 'Test Playlist' })).toBeTruthy();
    expect(screen.getByLabelText('Create a custom playlist')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('switch', { name: 'Show subscribed only' }));
    await waitFor(() => expect(api.calls.map((c) => c.path)).toContain('/api/playlist/?subscribed=true'));
  });
});
