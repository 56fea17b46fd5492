import type { Channel, Paginate, Playlist, Video } from '@tubekeeper/contract';

/** Builders of API answers for component tests; each takes overrides for what a test is about. */

export function paginate(total: number, overrides: Partial<Paginate> = {}): Paginate {
  const pageSize = overrides.page_size ?? 12;
  const lastPage = Math.ceil(total / pageSize);
  return {
    page_size: pageSize,
    page_from: 0,
    prev_pages: null,
    current_page: 0,
    max_hits: false,
    params: '',
    last_page: lastPage > 1 ? lastPage : false,
    next_pages: Array.from({ length: Math.max(0, Math.min(5, lastPage - 2)) }, (_, i) => i + 2),
    total_hits: total,
    ...overrides,
  };
}

export const listOf = <T>(data: T[], page: Partial<Paginate> = {}) => ({
  data,
  paginate: paginate(page.total_hits ?? data.length, page),
});

export function makeChannel(overrides: Partial<Channel> = {}): Channel {
  return {
    channel_active: true,
    channel_banner_url: '/cache/channels/UCtest_banner.jpg',
    channel_description: 'A channel about tests.',
    channel_id: 'UCtest',
    channel_last_refresh: '2024-01-02T03:04:05+00:00',
    channel_name: 'Test Channel',
    channel_overwrites: {},
    channel_subs: 1234,
    channel_subscribed: false,
    channel_tabs: ['videos'],
    channel_tags: ['testing'],
    channel_thumb_url: '/cache/channels/UCtest_thumb.jpg',
    channel_tvart_url: null,
    channel_views: 0,
    ...overrides,
  };
}

export function makeVideo(overrides: Partial<Video> = {}): Video {
  const id = overrides.youtube_id ?? 'vid00000001';
  return {
    active: true,
    category: [],
    channel: makeChannel(),
    comment_count: 0,
    date_downloaded: 1_700_000_000,
    description: 'A description.',
    media_size: 1_572_864,
    media_url: `/youtube/UCtest/${id}.mp4`,
    player: { duration: 125, duration_str: '2m 05s', watched: false },
    playlist: [],
    published: '2024-01-02T00:00:00+00:00',
    sponsorblock: null,
    stats: { average_rating: null, dislike_count: 0, like_count: 10, view_count: 100 },
    streams: [],
    subtitles: [],
    tags: [],
    title: `Video ${id}`,
    vid_last_refresh: '2024-01-03T00:00:00+00:00',
    vid_thumb: `/cache/videos/v/${id}.jpg`,
    vid_thumb_url: `/cache/videos/v/${id}.jpg`,
    vid_type: 'videos',
    youtube_id: id,
    ...overrides,
  };
}

export function makePlaylist(overrides: Partial<Playlist> = {}): Playlist {
  return {
    playlist_active: true,
    playlist_channel: 'Test Channel',
    playlist_channel_id: 'UCtest',
    playlist_description: null,
    playlist_entries: [],
    playlist_id: 'PLtest',
    playlist_last_refresh: '2024-01-02T03:04:05+00:00',
    playlist_name: 'Test Playlist',
    playlist_sort_order: 'top',
    playlist_subscribed: false,
    playlist_thumbnail: '/cache/playlists/PLtest.jpg',
    playlist_type: 'regular',
    ...overrides,
  };
}
