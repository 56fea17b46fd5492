import type { Insertable } from 'kysely';
import type {
  ChannelRow,
  ChannelsTable,
  DownloadQueueRow,
  DownloadQueueTable,
  PlaylistEntriesTable,
  PlaylistRow,
  PlaylistsTable,
  SubtitleRow,
  SubtitlesTable,
  VideoRow,
  VideosTable,
} from '../../db/tables.ts';
import { durationStr } from '../wire/format.ts';
import {
  durationSeconds,
  flag,
  listOf,
  listText,
  num,
  numOrNull,
  objectOf,
  parseJsonText,
  str,
  strOrNull,
  toMs,
  toSeconds,
} from './backup-values.ts';

/**
 * Our rows as the documents Tube Archivist stores (upstream §6: ta_channel, ta_video, ta_playlist,
 * ta_download) and back. Remote artwork URLs sit where upstream keeps them (`vid_thumb_url`,
 * `channel_*_url`, `playlist_thumbnail`); the API turns them into cache paths, as upstream's does. Keys
 * upstream lacks (a video's width and height, a queue item's diagnosis) are added as plain keys, which its
 * dynamic mapping accepts and its code never reads.
 */

type Doc = Record<string, unknown>;

export function channelDoc(row: ChannelRow): Doc {
  return {
    channel_active: row.channel_active === 1,
    channel_banner_url: row.channel_banner_url,
    channel_description: row.channel_description,
    channel_id: row.channel_id,
    channel_last_refresh: toSeconds(row.channel_last_refresh),
    channel_name: row.channel_name,
    channel_overwrites: objectOf(parseJsonText(row.channel_overwrites)),
    channel_subs: row.channel_subs,
    channel_subscribed: row.channel_subscribed === 1,
    channel_tabs: listOf(row.channel_tabs),
    channel_tags: listOf(row.channel_tags),
    channel_thumb_url: row.channel_thumb_url,
    channel_tvart_url: row.channel_tvart_url,
    channel_views: row.channel_views,
  };
}

export function channelRow(doc: Doc, now: number): Insertable<ChannelsTable> {
  return {
    channel_id: str(doc.channel_id),
    channel_name: str(doc.channel_name, str(doc.channel_id)),
    channel_subs: num(doc.channel_subs),
    channel_subscribed: flag(doc.channel_subscribed),
    channel_active: doc.channel_active === undefined ? 1 : flag(doc.channel_active),
    channel_last_refresh: toMs(doc.channel_last_refresh, now),
    channel_views: num(doc.channel_views),
    channel_description: strOrNull(doc.channel_description),
    channel_tags: listText(doc.channel_tags),
    channel_tabs: listText(doc.channel_tabs),
    channel_thumb_url: strOrNull(doc.channel_thumb_url),
    channel_banner_url: strOrNull(doc.channel_banner_url),
    channel_tvart_url: strOrNull(doc.channel_tvart_url),
    channel_overwrites: JSON.stringify(objectOf(doc.channel_overwrites)),
  };
}

/** What a video document holds besides the video row. */
export interface VideoParts {
  channel: ChannelRow;
  subtitles: SubtitleRow[];
  playlists: string[];
  /**
   * Upstream's one watched flag: present when any user marked the video watched, with the latest mark's
   * date (watched is per user here; each user's marks go into `tk_watches`).
   */
  watched?: { watched_date: number | null };
}

export function videoDoc(row: VideoRow, parts: VideoParts): Doc {
  const sponsorblock = parseJsonText(row.sponsorblock);
  return {
    active: row.active === 1,
    category: listOf(row.category),
    channel: channelDoc(parts.channel),
    comment_count: row.comment_count,
    date_downloaded: toSeconds(row.date_downloaded),
    description: row.description,
    height: row.height,
    media_size: row.media_size,
    media_url: row.media_url,
    player: {
      duration: row.duration,
      duration_str: durationStr(row.duration),
      watched: parts.watched !== undefined,
      ...(parts.watched?.watched_date != null && { watched_date: toSeconds(parts.watched.watched_date) }),
    },
    playlist: parts.playlists,
    published: toSeconds(row.published),
    ...(sponsorblock !== null && { sponsorblock }),
    stats: {
      average_rating: row.average_rating,
      dislike_count: row.dislike_count,
      like_count: row.like_count,
      view_count: row.view_count,
    },
    streams: listOf(row.streams),
    subtitles: parts.subtitles.map((s) => ({
      ext: s.ext,
      lang: s.lang,
      media_url: s.media_url,
      name: s.name,
      source: s.source,
      url: s.url,
    })),
    tags: listOf(row.tags),
    title: row.title,
    vid_last_refresh: toSeconds(row.vid_last_refresh),
    vid_thumb_url: row.thumb_url,
    vid_type: row.vid_type,
    width: row.width,
    youtube_id: row.youtube_id,
  };
}

const VID_TYPES = new Set(['videos', 'streams', 'shorts']);

/**
 * The video row and its subtitle rows from a video document (upstream's or ours), and whether the
 * document says it is watched (upstream's one flag for every user) with the date.
 */
export function videoRows(
  doc: Doc,
  now: number,
): {
  video: Insertable<VideosTable>;
  subtitles: Insertable<SubtitlesTable>[];
  watched: { watched_date: number | null } | null;
} {
  const youtubeId = str(doc.youtube_id);
  const channel = objectOf(doc.channel);
  const player = objectOf(doc.player);
  const stats = objectOf(doc.stats);
  const streams = Array.isArray(doc.streams) ? doc.streams.map(objectOf) : [];
  const videoStream = streams.find((s) => s.type === 'video') ?? {};
  const vidType = str(doc.vid_type, 'videos');
  const sponsorblock = objectOf(doc.sponsorblock);
  return {
    video: {
      youtube_id: youtubeId,
      channel_id: str(channel.channel_id),
      title: str(doc.title, youtubeId),
      description: strOrNull(doc.description),
      category: listText(doc.category),
      tags: listText(doc.tags),
      vid_type: (VID_TYPES.has(vidType) ? vidType : 'videos') as VideoRow['vid_type'],
      active: doc.active === undefined ? 1 : flag(doc.active),
      published: toMs(doc.published, now),
      date_downloaded: toMs(doc.date_downloaded, now),
      vid_last_refresh: toMs(doc.vid_last_refresh, now),
      media_url: str(doc.media_url, `${str(channel.channel_id)}/${youtubeId}.mp4`),
      media_size: num(doc.media_size),
      duration: num(player.duration),
      width: num(doc.width, num(videoStream.width)),
      height: num(doc.height, num(videoStream.height)),
      streams: JSON.stringify(streams),
      view_count: num(stats.view_count),
      like_count: num(stats.like_count),
      dislike_count: num(stats.dislike_count),
      average_rating: numOrNull(stats.average_rating),
      comment_count: numOrNull(doc.comment_count),
      sponsorblock: Object.keys(sponsorblock).length > 0 ? JSON.stringify(sponsorblock) : null,
      thumb_url: strOrNull(doc.vid_thumb_url),
    },
    watched:
      flag(player.watched) === 1
        ? {
            watched_date:
              player.watched_date === undefined || player.watched_date === null
                ? null
                : toMs(player.watched_date, now),
          }
        : null,
    subtitles: (Array.isArray(doc.subtitles) ? doc.subtitles.map(objectOf) : [])
      .filter((s) => typeof s.lang === 'string' && s.lang !== '')
      .map((s) => ({
        youtube_id: youtubeId,
        lang: str(s.lang),
        name: str(s.name, str(s.lang)),
        source: (['user', 'auto', 'file'].includes(str(s.source))
          ? s.source
          : 'user') as SubtitleRow['source'],
        ext: str(s.ext, 'vtt'),
        media_url: str(s.media_url, `${str(channel.channel_id)}/${youtubeId}.${str(s.lang)}.vtt`),
        url: strOrNull(s.url),
      })),
  };
}

/** A playlist entry as upstream stores it, with `downloaded` from the archive at backup time. */
export interface EntryPart {
  idx: number;
  youtube_id: string;
  title: string | null;
  uploader: string | null;
  downloaded: boolean;
}

export function playlistDoc(row: PlaylistRow, entries: EntryPart[]): Doc {
  return {
    playlist_active: row.playlist_active === 1,
    playlist_channel: row.playlist_channel,
    playlist_channel_id: row.playlist_channel_id,
    // upstream stores false for "no description"
    playlist_description: row.playlist_description ?? false,
    playlist_entries: entries,
    playlist_id: row.playlist_id,
    playlist_last_refresh: toSeconds(row.playlist_last_refresh),
    playlist_name: row.playlist_name,
    playlist_sort_order: row.playlist_sort_order,
    playlist_subscribed: row.playlist_subscribed === 1,
    playlist_thumbnail: row.playlist_thumb_url,
    playlist_type: row.playlist_type,
  };
}

export function playlistRows(
  doc: Doc,
  now: number,
): { playlist: Insertable<PlaylistsTable>; entries: Insertable<PlaylistEntriesTable>[] } {
  const playlistId = str(doc.playlist_id);
  const entries = Array.isArray(doc.playlist_entries) ? doc.playlist_entries.map(objectOf) : [];
  return {
    playlist: {
      playlist_id: playlistId,
      playlist_name: str(doc.playlist_name, playlistId),
      playlist_type: doc.playlist_type === 'custom' ? 'custom' : 'regular',
      playlist_channel: strOrNull(doc.playlist_channel),
      playlist_channel_id: strOrNull(doc.playlist_channel_id),
      playlist_description: strOrNull(doc.playlist_description),
      playlist_subscribed: flag(doc.playlist_subscribed),
      playlist_active: doc.playlist_active === undefined ? 1 : flag(doc.playlist_active),
      playlist_last_refresh: toMs(doc.playlist_last_refresh, now),
      playlist_sort_order: doc.playlist_sort_order === 'bottom' ? 'bottom' : 'top',
      playlist_thumb_url: strOrNull(doc.playlist_thumbnail),
    },
    entries: entries
      .filter((e) => typeof e.youtube_id === 'string')
      .map((e, position) => ({
        playlist_id: playlistId,
        idx: num(e.idx, position),
        youtube_id: str(e.youtube_id),
        title: strOrNull(e.title),
        uploader: strOrNull(e.uploader),
      })),
  };
}

export function downloadDoc(row: DownloadQueueRow, channelIndexed: boolean): Doc {
  return {
    auto_start: row.auto_start === 1,
    channel_id: row.channel_id,
    channel_indexed: channelIndexed,
    channel_name: row.channel_name,
    duration: durationStr(row.duration),
    ...(row.message !== null && { message: row.message }),
    ...(row.error_category !== null && {
      error_category: row.error_category,
      error_advice: row.error_advice,
      retry_at: row.retry_at === null ? null : toSeconds(row.retry_at),
    }),
    published: row.published === null ? null : toSeconds(row.published),
    status: row.status,
    timestamp: toSeconds(row.timestamp),
    title: row.title,
    vid_thumb_url: row.vid_thumb_url,
    vid_type: row.vid_type,
    youtube_id: row.youtube_id,
  };
}

export function downloadRow(doc: Doc, now: number): Insertable<DownloadQueueTable> {
  const vidType = str(doc.vid_type, 'videos');
  const category = strOrNull(doc.error_category);
  return {
    youtube_id: str(doc.youtube_id),
    title: str(doc.title, str(doc.youtube_id)),
    channel_id: str(doc.channel_id),
    channel_name: str(doc.channel_name),
    vid_thumb_url: strOrNull(doc.vid_thumb_url),
    vid_type: (VID_TYPES.has(vidType) ? vidType : 'videos') as DownloadQueueRow['vid_type'],
    published: doc.published === null || doc.published === undefined ? null : toMs(doc.published, now),
    duration: durationSeconds(doc.duration),
    auto_start: flag(doc.auto_start),
    message: strOrNull(doc.message),
    error_category: category as DownloadQueueRow['error_category'],
    error_advice: category === null ? null : strOrNull(doc.error_advice),
    retry_at: doc.retry_at === null || doc.retry_at === undefined ? null : toMs(doc.retry_at, now),
    timestamp: toMs(doc.timestamp, now),
    status: doc.status === 'ignore' || doc.status === 'ignore-force' ? 'ignore' : 'pending',
    claimed_by: null,
    claimed_until: null,
  };
}
