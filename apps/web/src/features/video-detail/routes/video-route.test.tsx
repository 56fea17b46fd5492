import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Video } from '@tubekeeper/contract';
import { describe, expect, test } from 'vitest';
import { json, mockApi, noContent, sessionRoutes, type SessionFixture } from '../../../test/api-mock.ts';
import { listOf, makePlaylist, makeVideo } from '../../../test/archive-fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { textHeights } from '../../../test/layout.ts';

const base = '/api/video/vid00000001';

function videoRoutes(video: Video, fixture: SessionFixture = {}) {
  return {
    ...sessionRoutes(fixture),
    [`GET ${base}/`]: () => json(200, video),
    [`GET ${base}/similar/`]: () =>
      json(200, [makeVideo({ youtube_id: 'similar0001', title: 'A similar one' })]),
    [`GET ${base}/nav/`]: () => json(200, []),
    [`GET ${base}/comment/`]: () =>
      json(200, [
        {
          comment_id: 'c1',
          comment_author: 'Ann',
          comment_author_id: null,
          comment_author_is_uploader: false,
          comment_author_thumbnail: null,
          comment_is_favorited: false,
          comment_likecount: 3,
          comment_parent: 'root',
          comment_text: 'First! <img src=x onerror=alert(1)>',
          comment_time_text: '2024-01-02',
          comment_timestamp: 1704153600,
          comment_replies: [
            {
              comment_id: 'c2',
              comment_author: 'Uploader',
              comment_author_id: null,
              comment_author_is_uploader: true,
              comment_author_thumbnail: null,
              comment_is_favorited: true,
              comment_likecount: 1,
              comment_parent: 'c1',
              comment_text: 'Thanks',
              comment_time_text: '2024-01-03',
              comment_timestamp: 1704240000,
              comment_replies: [],
            },
          ],
        },
      ]),
  };
}

const rich = makeVideo({
  title: 'The Rich Video',
  media_size: 1_572_864,
  stats: { view_count: 1_234_567, like_count: 12_345, dislike_count: 42, average_rating: 4.5 },
  streams: [
    { index: 0, type: 'video', codec: 'h264', bitrate: 2_000_000, width: 1920, height: 1080 },
    { index: 1, type: 'audio', codec: 'aac', bitrate: 128_000 },
  ],
  tags: ['cooking', 'bread'],
  description: 'Recipe at https://example.com/bread <script>alert(1)</script>',
  comment_count: 2,
});

describe('Video detail', () => {
  test('shows the facts: sizes in binary units, compact counts, rating, streams, tags', async () => {
    mockApi(videoRoutes(rich));
    renderApp('/video/vid00000001');
    expect(await screen.findByRole('heading', { name: 'The Rich Video', level: 1 })).toBeTruthy();
    expect(screen.getByText('File size: 1.5 MiB')).toBeTruthy();
    expect(screen.getByText('Views: 1.2M')).toBeTruthy();
    expect(screen.getByText('Likes: 12,345')).toBeTruthy();
    expect(screen.queryByText(/Dislikes/)).toBeNull();
    expect(screen.getByRole('img', { name: 'Rating 4.5 of 5' })).toBeTruthy();
    expect(screen.getByText('Video: h264 1.9 Mib/s | 1920x1080')).toBeTruthy();
    expect(screen.getByText('Audio: aac 125 Kib/s')).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Tags' })).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'Active' }).getAttribute('href')).toBe(
      'https://www.youtube.com/watch?v=vid00000001',
    );
    expect(screen.getByRole('link', { name: 'Download File' }).getAttribute('href')).toBe(
      '/youtube/UCtest/vid00000001.mp4',
    );
    expect(await screen.findByRole('link', { name: 'A similar one' })).toBeTruthy();
  });

  test('metric units and dislikes with the RYD integration on', async () => {
    mockApi(
      videoRoutes(rich, {
        userConfig: { file_size_unit: 'metric' },
        appConfig: { downloads: { integrate_ryd: true } },
      }),
    );
    renderApp('/video/vid00000001');
    expect(await screen.findByText('File size: 1.6 MB')).toBeTruthy();
    expect(screen.getByText('Dislikes: 42')).toBeTruthy();
  });

  test('the description expands and collapses and shows markup as text', async () => {
    textHeights({ scroll: 400, client: 120 });
    mockApi(videoRoutes(rich));
    const { container } = renderApp('/video/vid00000001');
    const more = await screen.findByRole('button', { name: 'Show more' });
    expect(screen.getByRole('link', { name: 'https://example.com/bread' })).toBeTruthy();
    expect(screen.getByText(/<script>alert\(1\)<\/script>/)).toBeTruthy();
    expect(container.querySelector('.description-box script')).toBeNull();
    await userEvent.setup().click(more);
    expect(screen.getByRole('button', { name: 'Show less' }).getAttribute('aria-expanded')).toBe('true');
  });

  test('comments: the count, then the thread with replies; markup stays text', async () => {
    mockApi(videoRoutes(rich));
    const { container } = renderApp('/video/vid00000001');
    expect(await screen.findByRole('heading', { name: 'Comments: 2' })).toBeTruthy();
    const replies = await screen.findByRole('list', { name: 'Replies to Ann' });
    expect(within(replies).getByText('Thanks')).toBeTruthy();
    expect(screen.getByText('First! <img src=x onerror=alert(1)>')).toBeTruthy();
    expect(container.querySelector('.comments img')).toBeNull();
  });

  test('a video without comments says so', async () => {
    mockApi(videoRoutes(makeVideo({ comment_count: 0 })));
    renderApp('/video/vid00000001');
    expect(await screen.findByText('Video has no comments')).toBeTruthy();
  });

  test('playlist navigation: previous and next, and Autoplay plays the next video at the end', async () => {
    const neighbour = (id: string, idx: number, title: string) => ({
      youtube_id: id,
      idx,
      title,
      downloaded: true,
      uploader: null,
      vid_thumb: `/cache/videos/v/${id}.jpg`,
    });
    const next = makeVideo({ youtube_id: 'nextVideo01', title: 'The next one', playlist: ['PLtest'] });
    mockApi({
      ...videoRoutes(makeVideo({ playlist: ['PLtest'] })),
      'POST /api/watched/': (call) => json(200, call.body),
      [`GET ${base}/nav/`]: () =>
        json(200, [
          {
            playlist_meta: {
              current_idx: 1,
              playlist_id: 'PLtest',
              playlist_name: 'Test Playlist',
              playlist_channel: null,
            },
            playlist_previous: neighbour('prevVideo01', 0, 'The one before'),
            playlist_next: neighbour('nextVideo01', 2, 'The next one'),
          },
        ]),
      'GET /api/video/nextVideo01/': () => json(200, next),
      'GET /api/video/nextVideo01/similar/': () => json(200, []),
      'GET /api/video/nextVideo01/nav/': () => json(200, []),
    });
    const { router } = renderApp('/video/vid00000001');
    const nav = await screen.findByRole('region', { name: 'Playlist Test Playlist' });
    expect(within(nav).getByRole('link', { name: 'Playlist [2]: Test Playlist' }).getAttribute('href')).toBe(
      '/playlist/PLtest',
    );
    expect(within(nav).getByRole('link', { name: '[1] The one before' })).toBeTruthy();
    expect(within(nav).getByRole('link', { name: '[3] The next one' })).toBeTruthy();
    await userEvent.setup().click(within(nav).getByRole('switch', { name: 'Autoplay' }));
    expect(localStorage.getItem('playlistAutoplay')).toBe('true');
    expect(localStorage.getItem('playlistIdForAutoplay')).toBe('PLtest');
    fireEvent.ended(document.querySelector('video')!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/video/nextVideo01'));
    expect(await screen.findByRole('heading', { name: 'The next one', level: 1 })).toBeTruthy();
    expect(document.querySelector('video')!.autoplay).toBe(true);
  });

  test('a missing video shows the 404 page', async () => {
    mockApi({ ...sessionRoutes(), [`GET ${base}/`]: () => json(404, { error: 'video not found' }) });
    renderApp('/video/vid00000001');
    expect(await screen.findByText('That video does not exist')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go Home' })).toBeTruthy();
  });

  test('the cast button and sender script only with application.enable_cast', async () => {
    mockApi(videoRoutes(rich));
    const first = renderApp('/video/vid00000001');
    await screen.findByRole('heading', { name: 'The Rich Video', level: 1 });
    expect(document.querySelector('script[src*="gstatic.com/cv/js/sender"]')).toBeNull();
    expect(document.querySelector('google-cast-launcher')).toBeNull();
    first.unmount();

    mockApi(videoRoutes(rich, { appConfig: { application: { enable_cast: true } } }));
    renderApp('/video/vid00000001');
    await screen.findByRole('heading', { name: 'The Rich Video', level: 1 });
    expect(document.querySelector('google-cast-launcher')).not.toBeNull();
    expect(document.querySelector('script[src*="gstatic.com/cv/js/sender"]')).not.toBeNull();
  });

  test('a regular user sees no staff controls', async () => {
    mockApi(videoRoutes(rich));
    renderApp('/video/vid00000001');
    await screen.findByRole('heading', { name: 'The Rich Video', level: 1 });
    expect(screen.queryByRole('button', { name: 'Delete Video' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reindex' })).toBeNull();
    // spec §6: playlist membership is for every signed-in user
    expect(screen.getByRole('button', { name: 'Add To Playlist' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Subscribe/ })).toBeNull();
  });

  test('staff delete after "Are you sure?" and land on the channel page', async () => {
    const api = mockApi({
      ...videoRoutes(rich, { is_staff: true }),
      [`DELETE ${base}/`]: () => noContent(),
    });
    const { router } = renderApp('/video/vid00000001');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Video' }));
    const confirm = screen.getByRole('group', { name: 'Confirm delete' });
    expect(confirm.textContent).toContain('Are you sure?');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'Delete Video' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/channel/UCtest'));
    expect(api.callsTo('DELETE', `${base}/`)).toHaveLength(1);
  });

  test('Delete and Ignore deletes, puts the video on the ignore list, then goes to the channel', async () => {
    const api = mockApi({
      ...videoRoutes(rich, { is_staff: true }),
      [`DELETE ${base}/`]: () => noContent(),
      'POST /api/download/vid00000001/': (call) => json(200, call.body),
    });
    const { router } = renderApp('/video/vid00000001');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Video' }));
    await user.click(screen.getByRole('button', { name: 'Delete and Ignore' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/channel/UCtest'));
    expect(api.calls.filter((c) => c.method !== 'GET').map((c) => [c.method, c.path, c.body])).toEqual([
      ['DELETE', `${base}/`, undefined],
      ['POST', '/api/download/vid00000001/', { status: 'ignore-force' }],
    ]);
  });

  test('staff reindex: the button gives way to "Reindex scheduled"', async () => {
    const api = mockApi({
      ...videoRoutes(rich, { is_staff: true }),
      'POST /api/refresh/': () => json(200, { message: 'reindex task started', task_id: 't1' }),
    });
    renderApp('/video/vid00000001');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Reindex' }));
    expect(await screen.findByText('Reindex scheduled')).toBeTruthy();
    expect(api.callsTo('POST', '/api/refresh/')[0]!.body).toEqual({ video: ['vid00000001'] });
  });

  test('Add video to... toggles membership of custom playlists', async () => {
    const mine = makePlaylist({
      playlist_id: 'TA_playlist_1',
      playlist_name: 'Favourites',
      playlist_type: 'custom',
    });
    const other = makePlaylist({
      playlist_id: 'TA_playlist_2',
      playlist_name: 'Later',
      playlist_type: 'custom',
      playlist_entries: [{ youtube_id: 'vid00000001', idx: 0, downloaded: true, title: 'x', uploader: null }],
    });
    const api = mockApi({
      ...videoRoutes(rich, { is_staff: true }),
      'GET /api/playlist/?type=custom': () => json(200, listOf([mine, other])),
      'POST /api/playlist/custom/TA_playlist_1/': (call) => json(200, call.body),
      'POST /api/playlist/custom/TA_playlist_2/': (call) => json(200, call.body),
    });
    renderApp('/video/vid00000001');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add To Playlist' }));
    const popup = screen.getByRole('dialog', { name: 'Add video to...' });
    expect(within(popup).getByRole('link', { name: 'Create playlist' }).getAttribute('href')).toBe(
      '/playlist/',
    );
    const favourites = await within(popup).findByRole('button', { name: 'Favourites' });
    expect(favourites.getAttribute('aria-pressed')).toBe('false');
    expect(within(popup).getByRole('button', { name: 'Later' }).getAttribute('aria-pressed')).toBe('true');
    await user.click(favourites);
    await user.click(within(popup).getByRole('button', { name: 'Later' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/playlist/custom/TA_playlist_2/')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/playlist/custom/TA_playlist_1/')[0]!.body).toEqual({
      action: 'create',
      video_id: 'vid00000001',
    });
    expect(api.callsTo('POST', '/api/playlist/custom/TA_playlist_2/')[0]!.body).toEqual({
      action: 'remove',
      video_id: 'vid00000001',
    });
  });
});
