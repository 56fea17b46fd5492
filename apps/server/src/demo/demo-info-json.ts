import {
  CLIP_SECONDS,
  CLIP_SIZE,
  DAY_S,
  DEMO_EPOCH_S,
  DEMO_PLAYLISTS,
  channelId,
  channelSpec,
  playlistId,
  publishedAt,
  videoId,
  videoSpec,
  type DemoChannelSpec,
  type DemoKind,
  type DemoPlaylistSpec,
  type DemoVideoSpec,
} from './demo-catalog.ts';
import { demoComments } from './demo-comments.ts';
import { DEMO_VIDEOS } from './demo-videos.ts';

/**
 * yt-dlp info JSON as `yt-dlp --write-info-json --write-subs --write-comments` leaves it next to a download:
 * the field names and value shapes are yt-dlp's, so the manual import reads the demo like real data.
 */

const YT = 'https://www.youtube.com';
/** The yt-dlp release whose output shape the demo follows. */
const YTDLP_VERSION = { version: '2025.01.26', current_git_head: null, repository: 'yt-dlp/yt-dlp' };

export const SUBTITLE_LANGS = ['en', 'de'] as const;
const LANGUAGE_NAMES = { en: 'English', de: 'German' } as const;

function uploadDate(epochS: number): string {
  return new Date(epochS * 1000).toISOString().slice(0, 10).replaceAll('-', '');
}

function durationString(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

function channelFields(channel: DemoChannelSpec) {
  const id = channelId(channel.key);
  return {
    channel: channel.name,
    channel_id: id,
    channel_url: `${YT}/channel/${id}`,
    channel_follower_count: channel.followers,
    channel_is_verified: channel.followers >= 100_000 || undefined,
    uploader: channel.name,
    uploader_id: channel.handle,
    uploader_url: `${YT}/${channel.handle}`,
  };
}

export function videoDescription(video: DemoVideoSpec, channel: DemoChannelSpec): string {
  const [first, second] = video.lines;
  const hashtags = video.tags.map((t) => `#${t.replace(/[^A-Za-z0-9]/g, '')}`).join(' ');
  return [
    `${video.title}: ${CLIP_SECONDS[video.kind]} seconds from ${channel.name}.`,
    '',
    `${first[0]} ${second[0]}`,
    '',
    `Background reading: https://en.wikipedia.org/wiki/${video.wiki}`,
    `Recipes, maps and code from this channel: ${channel.website}/${video.slug}`,
    '',
    hashtags,
  ].join('\n');
}

function subtitleTracks(id: string, auto: boolean) {
  const tracks: Record<string, { ext: string; url: string; name: string }[]> = {};
  for (const lang of SUBTITLE_LANGS) {
    const name = auto ? `${LANGUAGE_NAMES[lang]} (auto-generated)` : LANGUAGE_NAMES[lang];
    const url = `${YT}/api/timedtext?v=${id}&lang=${lang}${auto ? '&kind=asr' : ''}`;
    tracks[lang] = ['json3', 'vtt'].map((ext) => ({ ext, url: `${url}&fmt=${ext}`, name }));
  }
  return tracks;
}

function thumbnails(id: string, kind: DemoKind) {
  const best = kind === 'short' ? 'oardefault' : 'maxresdefault';
  return [
    { url: `https://i.ytimg.com/vi/${id}/hqdefault.jpg`, preference: -7, id: '0', height: 360, width: 480 },
    { url: `https://i.ytimg.com/vi/${id}/${best}.jpg`, preference: -1, id: '1' },
  ];
}

/** The playlist fields yt-dlp adds to a video downloaded as part of a playlist (null otherwise). */
function playlistFields(video: DemoVideoSpec) {
  const playlist = DEMO_PLAYLISTS.find((p) => p.entries.includes(video.slug));
  if (!playlist) return { playlist: null, playlist_index: null };
  const channel = channelSpec(playlist.channel);
  const id = playlistId(playlist.key);
  return {
    playlist: playlist.title,
    playlist_id: id,
    playlist_title: playlist.title,
    playlist_index: playlist.entries.indexOf(video.slug) + 1,
    playlist_count: playlist.entries.length,
    n_entries: playlist.entries.length,
    playlist_uploader: channel.name,
    playlist_uploader_id: channel.handle,
    playlist_channel: channel.name,
    playlist_channel_id: channelId(channel.key),
    playlist_webpage_url: `${YT}/playlist?list=${id}`,
  };
}

function liveFields(video: DemoVideoSpec, published: number) {
  if (video.kind !== 'stream') {
    return { live_status: 'not_live', was_live: false, is_live: false, media_type: video.kind };
  }
  return {
    live_status: 'was_live',
    was_live: true,
    is_live: false,
    media_type: 'livestream',
    release_timestamp: published,
    release_date: uploadDate(published),
  };
}

/** The complete `.info.json` of one demo video; `fileBase` is the downloaded file's name without extension. */
export function videoInfoJson(video: DemoVideoSpec, fileBase: string) {
  const channel = channelSpec(video.channel);
  const id = videoId(video.slug);
  const published = publishedAt(video);
  const duration = CLIP_SECONDS[video.kind];
  const { width, height } = CLIP_SIZE[video.kind];
  const comments = demoComments(video);
  const auto = video.kind === 'stream';
  const url = video.kind === 'short' ? `${YT}/shorts/${id}` : `${YT}/watch?v=${id}`;
  return {
    id,
    title: video.title,
    fulltitle: video.title,
    description: videoDescription(video, channel),
    ...channelFields(channel),
    timestamp: published,
    upload_date: uploadDate(published),
    duration,
    duration_string: durationString(duration),
    view_count: video.views,
    like_count: video.likes,
    comment_count: comments.length,
    age_limit: 0,
    availability: 'public',
    playable_in_embed: true,
    categories: [channel.category],
    tags: [...video.tags],
    thumbnail: thumbnails(id, video.kind).at(-1)!.url,
    thumbnails: thumbnails(id, video.kind),
    webpage_url: url,
    original_url: url,
    webpage_url_basename: video.kind === 'short' ? id : 'watch',
    webpage_url_domain: 'youtube.com',
    display_id: id,
    extractor: 'youtube',
    extractor_key: 'Youtube',
    ...liveFields(video, published),
    ...playlistFields(video),
    subtitles: auto ? {} : subtitleTracks(id, false),
    automatic_captions: subtitleTracks(id, true),
    requested_subtitles: Object.fromEntries(
      SUBTITLE_LANGS.map((lang) => [
        lang,
        { ext: 'vtt', url: `${YT}/api/timedtext?v=${id}&lang=${lang}&fmt=vtt`, name: LANGUAGE_NAMES[lang] },
      ]),
    ),
    comments,
    ext: 'mp4',
    format: `18 - ${width}x${height} (${height}p)`,
    format_id: '18',
    width,
    height,
    resolution: `${width}x${height}`,
    aspect_ratio: Math.round((width / height) * 100) / 100,
    fps: 25,
    vcodec: 'avc1.42001E',
    acodec: 'mp4a.40.2',
    filename: `${fileBase}.mp4`,
    _filename: `${fileBase}.mp4`,
    epoch: published + 40 * DAY_S,
    _type: 'video',
    _version: YTDLP_VERSION,
  };
}

/** A flat playlist extraction (`yt-dlp --flat-playlist -J <playlist url>`). */
export function playlistInfoJson(playlist: DemoPlaylistSpec) {
  const channel = channelSpec(playlist.channel);
  const id = playlistId(playlist.key);
  const entries = playlist.entries.map((slug) => {
    const video = videoSpec(slug);
    const vid = videoId(slug);
    return {
      _type: 'url',
      ie_key: 'Youtube',
      id: vid,
      url: video.kind === 'short' ? `${YT}/shorts/${vid}` : `${YT}/watch?v=${vid}`,
      title: video.title,
      description: null,
      duration: CLIP_SECONDS[video.kind],
      ...channelFields(channel),
      thumbnails: thumbnails(vid, video.kind),
      view_count: video.views,
      live_status: null,
    };
  });
  return {
    _type: 'playlist',
    id,
    title: playlist.title,
    description: playlist.description,
    ...channelFields(channel),
    availability: 'public',
    modified_date: uploadDate(DEMO_EPOCH_S + 35 * DAY_S),
    view_count: entries.reduce((sum, e) => sum + e.view_count, 0),
    playlist_count: entries.length,
    tags: [],
    thumbnails: [{ url: `https://i.ytimg.com/vi/${entries[0]!.id}/hqdefault.jpg`, height: 94, width: 168 }],
    webpage_url: `${YT}/playlist?list=${id}`,
    original_url: `${YT}/playlist?list=${id}`,
    webpage_url_basename: 'playlist',
    extractor: 'youtube:tab',
    extractor_key: 'YoutubeTab',
    entries,
    epoch: DEMO_EPOCH_S + 40 * DAY_S,
    _version: YTDLP_VERSION,
  };
}

/** A channel extraction without entries (`yt-dlp -J --playlist-items 0 <channel url>`), for its about facts. */
export function channelInfoJson(channel: DemoChannelSpec) {
  const id = channelId(channel.key);
  const art = (name: string, width: number, height: number) => ({
    url: `https://yt3.googleusercontent.com/${id}/${name}=s0`,
    id: name,
    width,
    height,
  });
  return {
    _type: 'playlist',
    id,
    title: channel.name,
    description: `${channel.about}\n\nWebsite: ${channel.website}`,
    ...channelFields(channel),
    tags: [...channel.tags],
    view_count: DEMO_VIDEOS.filter((v) => v.channel === channel.key).reduce((sum, v) => sum + v.views, 0),
    thumbnails: [
      art('banner_uncropped', 2560, 1440),
      art('banner', 1060, 175),
      art('avatar_uncropped', 900, 900),
    ],
    webpage_url: `${YT}/channel/${id}`,
    original_url: `${YT}/${channel.handle}`,
    extractor: 'youtube:tab',
    extractor_key: 'YoutubeTab',
    entries: [],
    epoch: DEMO_EPOCH_S + 40 * DAY_S,
    _version: YTDLP_VERSION,
  };
}
