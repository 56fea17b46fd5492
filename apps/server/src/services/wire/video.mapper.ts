import type { Player, Video, VideoStream, VideoSubtitle } from '@tubekeeper/contract';
import type { ChannelRow, SubtitleRow, VideoRow } from '../../db/tables.ts';
import type { VideoRecord, WatchMark } from '../../repositories/video-query.repository.ts';
import { toChannel } from './channel.mapper.ts';
import {
  durationStr,
  epochSeconds,
  isoUtc,
  jsonObject,
  jsonObjects,
  jsonStrings,
  objectsIn,
} from './format.ts';
import { mediaUrl, videoThumbUrl } from './urls.ts';

/** What a video carries besides its own row: its subtitle files and the playlists containing it. */
export interface VideoExtras {
  subtitles: SubtitleRow[];
  playlists: string[];
}

/**
 * The player object: the caller's watched state and position (both per user, migration 0030). Upstream
 * shows a saved position only while the video is unwatched; progress is the position in percent of the
 * duration.
 */
export function toPlayer(row: Pick<VideoRow, 'duration'> & WatchMark, position: number | null) {
  const resumes = position !== null && position > 0 && row.watched !== 1 && row.duration > 0;
  // keys in the schema's order, absent ones undefined (JSON leaves them out): the list writes this as is
  const player: Player = {
    duration: Math.round(row.duration),
    duration_str: durationStr(row.duration),
    position: resumes ? position : undefined,
    progress: resumes ? (100 * position) / row.duration : undefined,
    watched: row.watched === 1,
    watched_date: row.watched_date !== null ? epochSeconds(row.watched_date) : undefined,
  };
  return player;
}

export function toVideo(record: VideoRecord, extras: VideoExtras): Video {
  const thumb = videoThumbUrl(record.youtube_id);
  return {
    _index: 'ta_video',
    _score: 0,
    active: record.active === 1,
    category: jsonStrings(record.category),
    channel: toChannel(channelPart(record)),
    comment_count: record.comment_count,
    date_downloaded: epochSeconds(record.date_downloaded),
    description: record.description,
    media_size: record.media_size,
    media_url: mediaUrl(record.media_url),
    player: toPlayer(record, record.progress_position),
    playlist: extras.playlists,
    published: isoUtc(record.published),
    sponsorblock: readSponsorBlock(record.sponsorblock),
    stats: {
      average_rating: record.average_rating,
      dislike_count: record.dislike_count,
      like_count: record.like_count,
      view_count: record.view_count,
    },
    streams: jsonObjects(record.streams).map(toStream),
    subtitles: extras.subtitles.map(toSubtitle),
    tags: jsonStrings(record.tags),
    title: record.title,
    vid_last_refresh: isoUtc(record.vid_last_refresh),
    vid_thumb: thumb,
    vid_thumb_url: thumb,
    vid_type: record.vid_type,
    youtube_id: record.youtube_id,
  };
}

function channelPart(record: VideoRecord): ChannelRow {
  return {
    channel_id: record.channel_id,
    channel_name: record.channel_name,
    channel_subs: record.channel_subs,
    channel_subscribed: record.channel_subscribed,
    channel_active: record.channel_active,
    channel_last_refresh: record.channel_last_refresh,
    channel_views: record.channel_views,
    channel_description: record.channel_description,
    channel_tags: record.channel_tags,
    channel_tabs: record.channel_tabs,
    channel_thumb_url: record.channel_thumb_url,
    channel_banner_url: record.channel_banner_url,
    channel_tvart_url: record.channel_tvart_url,
    channel_overwrites: record.channel_overwrites,
  };
}

const int = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? Math.round(value) : 0);

/** Stored stream facts, normalised so an odd value from a probe never breaks the answer. */
function toStream(stored: Record<string, unknown>): VideoStream {
  // keys in the schema's order, absent ones undefined (JSON leaves them out): the list writes this as is
  return {
    bitrate: int(stored.bitrate),
    codec: typeof stored.codec === 'string' ? stored.codec : '',
    height: typeof stored.height === 'number' ? int(stored.height) : undefined,
    index: int(stored.index),
    type: typeof stored.type === 'string' ? stored.type : 'video',
    width: typeof stored.width === 'number' ? int(stored.width) : undefined,
  };
}

function toSubtitle(row: SubtitleRow): VideoSubtitle {
  return {
    ext: row.ext,
    lang: row.lang,
    media_url: mediaUrl(row.media_url),
    name: row.name,
    source: row.source,
    url: row.url,
  };
}

/** The stored SponsorBlock document with its typed keys checked; other keys pass through. */
function readSponsorBlock(text: string | null): Video['sponsorblock'] {
  const stored = jsonObject(text);
  if (!stored) return null;
  const { has_unlocked, is_enabled, last_refresh, segments, ...rest } = stored;
  // the schema's keys in its order, then the others as stored (what its zod schema would answer)
  return {
    has_unlocked: typeof has_unlocked === 'boolean' ? has_unlocked : undefined,
    is_enabled: is_enabled === true,
    last_refresh: typeof last_refresh === 'number' ? last_refresh : undefined,
    segments: objectsIn(segments),
    ...rest,
  };
}
