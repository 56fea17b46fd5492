import type { Insertable, Kysely } from 'kysely';
import type {
  ChannelRow,
  ChannelsTable,
  CommentRow,
  CommentsTable,
  Database,
  PlaylistEntriesTable,
  PlaylistRow,
  PlaylistsTable,
  SubtitleRow,
  SubtitlesTable,
  VideoRow,
  VideosTable,
} from '../src/db/tables.ts';

/**
 * Rows for tests, inserted directly. Each factory fills every required column with plausible values and
 * builds missing parents: a video without a known channel gets one, a playlist entry names a video id.
 */
type Db = Kysely<Database>;

let sequence = 0;
const next = () => ++sequence;
/** An id of `length` characters: prefix, then the sequence number in base 36. */
const makeId = (prefix: string, length: number) =>
  prefix +
  next()
    .toString(36)
    .padStart(length - prefix.length, '0');

/** 2024-01-01T00:00:00Z, the start of test time. */
export const BASE_TIME = Date.UTC(2024, 0, 1);
const HOUR = 3_600_000;

export async function makeChannel(db: Db, overrides: Partial<Insertable<ChannelsTable>> = {}) {
  const id = overrides.channel_id ?? makeId('UC', 24);
  const row: Insertable<ChannelsTable> = {
    channel_id: id,
    channel_name: `Channel ${id.slice(-4)}`,
    channel_subs: 1000,
    channel_subscribed: 0,
    channel_active: 1,
    channel_last_refresh: BASE_TIME,
    channel_views: 0,
    channel_description: null,
    channel_tags: '[]',
    channel_tabs: '["videos"]',
    channel_thumb_url: `https://yt3.example/${id}/thumb.jpg`,
    channel_banner_url: `https://yt3.example/${id}/banner.jpg`,
    channel_tvart_url: null,
    channel_overwrites: '{}',
    ...overrides,
  };
  await db.insertInto('channels').values(row).execute();
  return (await db
    .selectFrom('channels')
    .selectAll()
    .where('channel_id', '=', id)
    .executeTakeFirstOrThrow()) as ChannelRow;
}

async function ensureChannel(db: Db, channelId: string | undefined): Promise<string> {
  if (channelId === undefined) return (await makeChannel(db)).channel_id;
  const found = await db
    .selectFrom('channels')
    .select('channel_id')
    .where('channel_id', '=', channelId)
    .executeTakeFirst();
  return found ? channelId : (await makeChannel(db, { channel_id: channelId })).channel_id;
}

/** A video; `channel_id` may name a channel that does not exist yet (it is created). */
export async function makeVideo(db: Db, overrides: Partial<Insertable<VideosTable>> = {}) {
  const n = next();
  const id = overrides.youtube_id ?? makeId('v', 11);
  const channelId = await ensureChannel(db, overrides.channel_id);
  const row: Insertable<VideosTable> = {
    youtube_id: id,
    title: `Video ${id}`,
    description: null,
    category: '["Education"]',
    tags: '[]',
    vid_type: 'videos',
    active: 1,
    published: BASE_TIME + n * HOUR,
    date_downloaded: BASE_TIME + n * HOUR + HOUR / 2,
    vid_last_refresh: BASE_TIME + n * HOUR,
    media_url: `${channelId}/${id}.mp4`,
    media_size: 1_000_000 + n,
    duration: 60 + n,
    width: 1280,
    height: 720,
    streams: JSON.stringify([
      { index: 0, type: 'video', codec: 'h264', bitrate: 1_000_000, width: 1280, height: 720 },
      { index: 1, type: 'audio', codec: 'aac', bitrate: 128_000 },
    ]),
    view_count: 100 + n,
    like_count: 10 + n,
    dislike_count: 0,
    average_rating: null,
    comment_count: null,
    sponsorblock: null,
    thumb_url: null,
    ...overrides,
    channel_id: channelId,
  };
  await db.insertInto('videos').values(row).execute();
  return (await db
    .selectFrom('videos')
    .selectAll()
    .where('youtube_id', '=', id)
    .executeTakeFirstOrThrow()) as VideoRow;
}

export async function makeSubtitle(
  db: Db,
  video: Pick<VideoRow, 'youtube_id' | 'channel_id'>,
  lang: string,
  overrides: Partial<Insertable<SubtitlesTable>> = {},
) {
  const row: Insertable<SubtitlesTable> = {
    youtube_id: video.youtube_id,
    lang,
    name: lang,
    source: 'user',
    ext: 'vtt',
    media_url: `${video.channel_id}/${video.youtube_id}.${lang}.vtt`,
    url: null,
    ...overrides,
  };
  await db.insertInto('subtitles').values(row).execute();
  return row as SubtitleRow;
}

/** A comment; positions follow the order of the calls. Pass `parent_id` for a reply. */
export async function makeComment(
  db: Db,
  youtubeId: string,
  overrides: Partial<Insertable<CommentsTable>> = {},
) {
  const n = next();
  const row: Insertable<CommentsTable> = {
    comment_id: overrides.comment_id ?? makeId('c', 16),
    youtube_id: youtubeId,
    parent_id: null,
    position: n,
    author: `@viewer${n}`,
    author_id: `UCviewer${n}`,
    author_thumbnail: null,
    author_is_uploader: 0,
    text: `Comment number ${n}`,
    timestamp: Math.floor(BASE_TIME / 1000) + n * 86_400,
    like_count: n,
    is_favorited: 0,
    ...overrides,
  };
  await db.insertInto('comments').values(row).execute();
  return row as CommentRow;
}

export type EntrySpec = string | (Partial<Insertable<PlaylistEntriesTable>> & { youtube_id: string });

/** A playlist with entries in the given order (idx 0, 1, …); entries may name videos not in the archive. */
export async function makePlaylist(
  db: Db,
  overrides: Partial<Insertable<PlaylistsTable>> & { entries?: EntrySpec[] } = {},
) {
  const { entries = [], ...fields } = overrides;
  const id = fields.playlist_id ?? makeId('PL', 34);
  const row: Insertable<PlaylistsTable> = {
    playlist_id: id,
    playlist_name: `Playlist ${id.slice(-4)}`,
    playlist_type: 'regular',
    playlist_channel: null,
    playlist_channel_id: null,
    playlist_description: null,
    playlist_subscribed: 0,
    playlist_active: 1,
    playlist_last_refresh: BASE_TIME,
    playlist_sort_order: 'top',
    playlist_thumb_url: null,
    ...fields,
  };
  await db.insertInto('playlists').values(row).execute();
  if (entries.length > 0) {
    const values = entries.map((entry, idx) => ({
      playlist_id: id,
      idx,
      title: null,
      uploader: null,
      ...(typeof entry === 'string' ? { youtube_id: entry } : entry),
    }));
    await db.insertInto('playlist_entries').values(values).execute();
  }
  return row as PlaylistRow;
}

export async function makeProgress(db: Db, userId: number, youtubeId: string, position: number) {
  await db
    .insertInto('watch_progress')
    .values({ user_id: userId, youtube_id: youtubeId, position, updated_at: Date.now() })
    .execute();
}

/**
 * A watched mark of one user (watched is per user, migration 0030), with the video's type and duration as
 * the mark carries them. Returns the date written.
 */
export async function makeWatch(
  db: Db,
  userId: number,
  youtubeId: string,
  watchedDate: number | null = BASE_TIME,
) {
  const video = await db
    .selectFrom('videos')
    .select(['vid_type', 'duration'])
    .where('youtube_id', '=', youtubeId)
    .executeTakeFirstOrThrow();
  await db
    .insertInto('video_watches')
    .values({
      user_id: userId,
      youtube_id: youtubeId,
      watched_date: watchedDate,
      vid_type: video.vid_type,
      duration_ms: Math.round(video.duration * 1000),
    })
    .execute();
  return watchedDate;
}

/** The users who marked a video watched, in id order, with their dates. */
export async function watchesOf(db: Db, youtubeId: string) {
  const rows = await db
    .selectFrom('video_watches')
    .select(['user_id', 'watched_date'])
    .where('youtube_id', '=', youtubeId)
    .orderBy('user_id')
    .execute();
  return rows.map((r) => ({
    user_id: r.user_id,
    watched_date: r.watched_date === null ? null : Number(r.watched_date),
  }));
}

export async function makeQueueItem(db: Db, channelId: string, status: 'pending' | 'ignore' = 'pending') {
  const id = makeId('q', 11);
  await db
    .insertInto('download_queue')
    .values({
      youtube_id: id,
      title: `Queued ${id}`,
      channel_id: channelId,
      channel_name: 'Queued channel',
      vid_type: 'videos',
      auto_start: 0,
      timestamp: BASE_TIME,
      status,
    })
    .execute();
  return id;
}
