import { createHash } from 'node:crypto';
import type { Insertable } from 'kysely';
import type {
  ChannelsTable,
  CommentsTable,
  PlaylistEntriesTable,
  PlaylistsTable,
  VideosTable,
} from '../db/tables.ts';
import type { MediaFacts } from '../repositories/media-facts.ts';
import type { YtdlpComment, YtdlpInfo, YtdlpThumbnail } from './ytdlp-info.ts';

export type NewVideo = Insertable<VideosTable> & Pick<VideosTable, 'vid_type' | 'media_url'>;
export type NewChannel = Insertable<ChannelsTable>;
export type NewComment = Insertable<CommentsTable>;
export type NewPlaylist = Insertable<PlaylistsTable>;
export type NewPlaylistEntry = Insertable<PlaylistEntriesTable>;
export type VidType = VideosTable['vid_type'];

/** The channel name used when nothing names the channel. */
export const UNKNOWN_CHANNEL = 'Unknown channel';

/**
 * shorts when the page URL is a /shorts/ URL or yt-dlp classifies it as a short; streams when it was
 * (or is) live; otherwise videos. The caller's known type (a queue item's) wins over all of it.
 */
export function videoType(info: YtdlpInfo, known?: VidType): VidType {
  if (known) return known;
  const urls = [info.webpage_url, info.original_url].filter(Boolean).join(' ');
  if (/\/shorts\//.test(urls) || info.media_type === 'short') return 'shorts';
  const live = ['was_live', 'is_live', 'post_live'].includes(info.live_status ?? '');
  if (info.was_live || live || info.media_type === 'livestream') return 'streams';
  return 'videos';
}

/** Epoch ms from `timestamp` (int, float or a numeric string), else `upload_date` (YYYYMMDD, UTC). */
export function publishedMs(info: YtdlpInfo, fallback: number): number {
  const stamp = seconds(info.timestamp) ?? seconds(info.release_timestamp);
  if (stamp !== undefined) return Math.round(stamp * 1000);
  const date = /^(\d{4})(\d{2})(\d{2})$/.exec(info.upload_date ?? '');
  if (date) return Date.UTC(Number(date[1]), Number(date[2]) - 1, Number(date[3]));
  return fallback;
}

/**
 * A channel id for media that names no channel: "UC" plus 22 characters derived from the name, so the
 * same artist tag (or "Unknown channel") always lands in the same channel, import after import.
 */
export function stableChannelId(name: string): string {
  const digest = createHash('sha256').update(`tubekeeper:${name}`).digest('base64url');
  return `UC${digest.slice(0, 22)}`;
}

export function channelIdOf(info: YtdlpInfo): string {
  return info.channel_id || stableChannelId(channelNameOf(info));
}

export function channelNameOf(info: YtdlpInfo): string {
  return info.channel || info.uploader || info.uploader_id || info.channel_id || UNKNOWN_CHANNEL;
}

/** The video row from its info JSON and the facts of the archived file (upstream §3.3). */
export function mapVideo(info: YtdlpInfo, facts: MediaFacts, now: number, knownType?: VidType): NewVideo {
  const id = required(info.id, 'id');
  const channelId = channelIdOf(info);
  return {
    youtube_id: id,
    channel_id: channelId,
    title: info.title || info.fulltitle || id,
    description: info.description ? info.description : null,
    category: JSON.stringify(info.categories ?? []),
    tags: JSON.stringify(info.tags ?? []),
    vid_type: videoType(info, knownType),
    active: 1,
    published: publishedMs(info, now),
    date_downloaded: now,
    vid_last_refresh: now,
    media_url: `${channelId}/${id}.mp4`,
    media_size: facts.size,
    duration: facts.duration || (info.duration ?? 0),
    width: facts.width,
    height: facts.height,
    streams: JSON.stringify(facts.streams),
    view_count: info.view_count ?? 0,
    like_count: info.like_count ?? 0,
    dislike_count: info.dislike_count ?? 0,
    average_rating: info.average_rating ?? null,
    comment_count: Array.isArray(info.comments) ? info.comments.length : (info.comment_count ?? null),
    sponsorblock: null,
    thumb_url: info.thumbnail ?? lastThumbnail(info.thumbnails) ?? null,
  };
}

/**
 * The channel row built from a video's own channel fields, for when the channel itself is not known.
 * Upstream marks such a row inactive because it means "the channel page could not be fetched"; offline,
 * the video's JSON is the best source there is, so the channel counts as active.
 */
export function channelFromVideo(info: YtdlpInfo, now: number, vidType: VidType): NewChannel {
  return {
    channel_id: channelIdOf(info),
    channel_name: channelNameOf(info),
    channel_subs: info.channel_follower_count ?? 0,
    channel_subscribed: 0,
    channel_active: 1,
    channel_last_refresh: now,
    channel_views: 0,
    channel_description: null,
    channel_tags: '[]',
    channel_tabs: JSON.stringify([vidType]),
    channel_thumb_url: null,
    channel_banner_url: null,
    channel_tvart_url: null,
    channel_overwrites: '{}',
  };
}

/** The channel row from a channel's own info JSON (`/channel/<id>` extraction, upstream §3.3). */
export function mapChannel(info: YtdlpInfo, now: number): NewChannel {
  const id = required(info.channel_id || info.id, 'channel_id');
  const art = channelArt(info.thumbnails ?? []);
  return {
    channel_id: id,
    channel_name: info.channel || info.uploader || stripTabSuffix(info.title) || id,
    channel_subs: info.channel_follower_count ?? 0,
    channel_subscribed: 0,
    channel_active: 1,
    channel_last_refresh: now,
    channel_views: info.view_count ?? 0,
    channel_description: info.description ? info.description : null,
    channel_tags: JSON.stringify(info.tags ?? []),
    channel_tabs: '[]',
    channel_thumb_url: art.thumb,
    channel_banner_url: art.banner,
    channel_tvart_url: art.tvart,
    channel_overwrites: '{}',
  };
}

/**
 * Channel artwork from `thumbnails`, largest first: the first square picture is the avatar; the tv art is
 * the one with id banner_uncropped, else the first landscape one narrower than 2:1; the banner is the first
 * wider than 5:1 (upstream §3.3, integer ratios as upstream computes them).
 */
export function channelArt(thumbnails: YtdlpThumbnail[]) {
  const sized = [...thumbnails].reverse().filter((t) => t.url);
  const ratio = (t: YtdlpThumbnail) => Math.floor((t.width ?? 0) / (t.height || 1));
  const thumb = sized.find((t) => t.width && t.width === t.height);
  const tvart =
    sized.find((t) => t.id === 'banner_uncropped') ??
    sized.find((t) => t.width && t.height && t.width !== t.height && ratio(t) < 2);
  const banner = sized.find((t) => t.width && t.height && ratio(t) > 5);
  return { thumb: thumb?.url ?? null, banner: banner?.url ?? null, tvart: tvart?.url ?? null };
}

/** Comments in yt-dlp's flat order; `parent` "root" marks a top-level comment (upstream §3.3). */
export function mapComments(videoId: string, comments: YtdlpComment[]): NewComment[] {
  return comments
    .filter((c) => c.id)
    .map((c, position) => ({
      comment_id: c.id!,
      youtube_id: videoId,
      parent_id: !c.parent || c.parent === 'root' ? null : c.parent,
      position,
      author: c.author || c.author_id || 'Unknown',
      author_id: c.author_id ?? null,
      author_thumbnail: c.author_thumbnail ?? null,
      author_is_uploader: c.author_is_uploader ? 1 : 0,
      text: (c.text ?? '').replaceAll('\u00a0', ''),
      timestamp: Math.round(c.timestamp ?? 0),
      like_count: c.like_count ?? 0,
      is_favorited: c.is_favorited ? 1 : 0,
    }));
}

/** A regular playlist and its ordered entries from a playlist info JSON (flat or full). */
export function mapPlaylist(
  info: YtdlpInfo,
  now: number,
): { playlist: NewPlaylist; entries: NewPlaylistEntry[] } {
  const id = required(info.id, 'id');
  const playlist: NewPlaylist = {
    playlist_id: id,
    playlist_name: info.title || id,
    playlist_type: 'regular',
    playlist_channel: info.channel ?? info.uploader ?? null,
    playlist_channel_id: info.channel_id ?? null,
    playlist_description: info.description ? info.description : null,
    playlist_subscribed: 0,
    playlist_active: 1,
    playlist_last_refresh: now,
    playlist_sort_order: 'top',
    playlist_thumb_url: lastThumbnail(info.thumbnails) ?? null,
  };
  const entries = (info.entries ?? [])
    .filter((e) => e?.id)
    .map((e, idx) => ({
      playlist_id: id,
      idx,
      youtube_id: e.id!,
      title: e.title ?? null,
      uploader: e.channel ?? e.uploader ?? null,
    }));
  return { playlist, entries };
}

/** yt-dlp writes a channel's info JSON as a playlist whose id is the channel id. */
export function isChannelInfo(info: YtdlpInfo): boolean {
  return info._type === 'playlist' && !!info.id && info.id === info.channel_id;
}

export function isPlaylistInfo(info: YtdlpInfo): boolean {
  return info._type === 'playlist' && !isChannelInfo(info);
}

/**
 * Subtitle tracks that have a json3 format (the one upstream converts to VTT), live chat left out.
 * `auto` tracks only fill languages the uploader's own tracks do not have (upstream §3.4).
 */
/** Whether yt-dlp's track of `lang` is YouTube's automatic captions (no user track of that language). */
export function isAutoCaption(info: YtdlpInfo, lang: string): boolean {
  return !info.subtitles?.[lang] && !!info.automatic_captions?.[lang];
}

export function subtitleTracks(info: YtdlpInfo, includeAuto: boolean) {
  const tracks: { lang: string; name: string; url: string; source: 'user' | 'auto' }[] = [];
  const add = (pool: YtdlpInfo['subtitles'], source: 'user' | 'auto') => {
    for (const [lang, formats] of Object.entries(pool ?? {})) {
      if (lang === 'live_chat' || tracks.some((t) => t.lang === lang)) continue;
      const json3 = formats.find((f) => f.ext === 'json3' && f.url);
      if (json3) tracks.push({ lang, name: json3.name ?? lang, url: json3.url!, source });
    }
  };
  add(info.subtitles, 'user');
  if (includeAuto) add(info.automatic_captions, 'auto');
  return tracks;
}

/** yt-dlp writes some timestamps as floats or scientific-notation strings ("1.7e9"). */
function seconds(value: number | string | null | undefined): number | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const n = Number(value);
  return Number.isFinite(n) ? n : undefined;
}

function lastThumbnail(thumbnails: YtdlpThumbnail[] | null | undefined): string | undefined {
  return thumbnails?.filter((t) => t.url).at(-1)?.url;
}

/** yt-dlp titles a channel listing "<name> - Videos". */
function stripTabSuffix(title: string | undefined): string | undefined {
  return title?.replace(/ - (Videos|Shorts|Live|Streams|Home|Playlists)$/, '');
}

function required(value: string | undefined | null, field: string): string {
  if (!value) throw new Error(`the info JSON has no ${field}`);
  return value;
}
