import path from 'node:path';
import type { AppConfig, ChannelOverwrites } from '@tubekeeper/contract';

/**
 * yt-dlp argument arrays built from the application config (upstream §3.2-§3.5). Pure: the repository
 * adds what needs I/O (the cookie file) and the targets.
 */
export type DownloadsConfig = AppConfig['downloads'];

export interface YtdlpSettings {
  downloads: DownloadsConfig;
  /** Netscape cookies.txt text; used only while `downloads.cookie_import` is on. */
  cookie?: string | null;
  /** Called with the jar as yt-dlp left it, when it changed (upstream writes it back after each call). */
  onCookieChange?: (cookie: string) => Promise<void> | void;
  /** The PO token (`web+…`); used only while `downloads.potoken` is on. */
  poToken?: string | null;
  /** The overwrites of the channel whose video is downloaded. */
  overwrites?: Pick<ChannelOverwrites, 'download_format'> | null;
}

/** What a call is for: extractor language and comment options only apply to some (upstream §3.3). */
export type CallKind = 'video' | 'channel' | 'playlist' | 'tab' | 'comments' | 'download';

export const youtubeUrl = {
  video: (id: string) => `https://www.youtube.com/watch?v=${id}`,
  channel: (id: string) => `https://www.youtube.com/channel/${id}`,
  channelTab: (id: string, tab: string) => `https://www.youtube.com/channel/${id}/${tab}`,
  playlist: (id: string) => `https://www.youtube.com/playlist?list=${id}`,
  /** upstream's listing of a channel's playlists, newest first */
  channelPlaylists: (id: string) =>
    `https://www.youtube.com/channel/${id}/playlists?view=1&sort=dd&shelf_id=0`,
};

/** Options of every call; `--ignore-config` so a yt-dlp.conf on the host cannot change our file names. */
export function baseArgs(cacheDir: string): string[] {
  return [
    '--ignore-config',
    '--no-colors',
    '--socket-timeout',
    '10',
    '--extractor-retries',
    '3',
    '--retries',
    '10',
    '--cache-dir',
    path.join(cacheDir, 'ytdlp'),
  ];
}

/**
 * `--extractor-args`, one flag per extractor: yt-dlp before 2023.06 keeps only the last flag given for
 * the same extractor, so lang, comments and the PO token must share one.
 */
export function extractorArgs(settings: YtdlpSettings, kind: CallKind): string[] {
  const { downloads } = settings;
  const youtube: string[] = [];
  // a download's info JSON is the video's metadata (infoJsonOutput), so it asks in the same language
  if (downloads.extractor_lang && ['video', 'channel', 'playlist', 'download'].includes(kind)) {
    youtube.push(`lang=${splitList(downloads.extractor_lang).join(',')}`);
  }
  if (kind === 'comments' && downloads.comment_max) {
    youtube.push(`max_comments=${splitList(downloads.comment_max).join(',')}`);
    if (downloads.comment_sort) youtube.push(`comment_sort=${downloads.comment_sort}`);
  }
  const token = poToken(settings);
  if (token) youtube.push(`po_token=${token}`);
  const args = youtube.length > 0 ? ['--extractor-args', `youtube:${youtube.join(';')}`] : [];
  if (downloads.pot_provider_url) {
    args.push('--extractor-args', `youtubepot-bgutilhttp:base_url=${downloads.pot_provider_url}`);
  }
  return args;
}

/** The stored token already carries its client prefix (`web+…`, the settings field starts with it). */
function poToken(settings: YtdlpSettings): string | undefined {
  const token = settings.poToken?.trim();
  if (!settings.downloads.potoken || !token) return undefined;
  return token.includes('+') ? token : `web+${token}`;
}

/** Options of a metadata call (`-J` prints one JSON line per URL, `null` for one that failed). */
export function metadataArgs(kind: Exclude<CallKind, 'download'>, items?: string): string[] {
  const args = ['-J', '--ignore-errors', '--no-progress'];
  if (kind === 'video' || kind === 'comments') args.push('--skip-download', '--no-playlist');
  if (kind === 'comments') args.push('--write-comments');
  if (kind === 'channel' || kind === 'playlist' || kind === 'tab') args.push('--flat-playlist');
  if (items !== undefined) args.push('--playlist-items', items);
  return args;
}

/** `--playlist-items` for a tab scan: null means the whole tab (upstream §3.3). */
export function tabItems(limit: number | null): string | undefined {
  return limit === null ? undefined : `:${limit}:1`;
}

/**
 * Download options (upstream §3.5) into `<outputDir>/<id>.mp4`, subtitles as `<id>.<lang>.<ext>`, the
 * metadata as `<id>.info.json`.
 */
export function downloadArgs(settings: YtdlpSettings, outputDir: string): string[] {
  const { downloads } = settings;
  const args: string[] = [];
  const format = settings.overwrites?.download_format || downloads.format;
  if (format) args.push('--format', format);
  if (downloads.format_sort) args.push('--format-sort', splitList(downloads.format_sort).join(','));
  if (downloads.limit_speed) args.push('--limit-rate', String(downloads.limit_speed * 1024));
  if (downloads.throttledratelimit)
    args.push('--throttled-rate', String(downloads.throttledratelimit * 1024));
  args.push(...subtitleArgs(downloads));
  if (downloads.add_metadata) args.push('--embed-metadata', '--embed-chapters');
  if (downloads.add_thumbnail) args.push('--embed-thumbnail');
  args.push(
    '--newline',
    '--no-playlist',
    '--continue',
    '--check-formats',
    '--merge-output-format',
    'mp4',
    '--output',
    path.join(outputDir, '%(id)s.mp4'),
    ...subtitleOutput(outputDir),
    ...infoJsonOutput(outputDir),
  );
  return args;
}

/**
 * The run's metadata as `<outputDir>/<id>.info.json` (yt-dlp puts `info.json` in place of the extension), so
 * indexing the download needs no second extraction: one yt-dlp start and one page fetch less per video.
 */
function infoJsonOutput(outputDir: string): string[] {
  return ['--write-info-json', '--output', `infojson:${path.join(outputDir, '%(id)s.%(ext)s')}`];
}

/** Subtitle files as `<id>.<lang>.<ext>` in `outputDir`, where subtitleFiles (ytdlp-output.ts) looks. */
function subtitleOutput(outputDir: string): string[] {
  return ['--output', `subtitle:${path.join(outputDir, '%(id)s.%(ext)s')}`];
}

/** Only the subtitles of a video, into `outputDir`: a reindex fetching them again (upstream §4.2 step 2). */
export function subtitleOnlyArgs(settings: YtdlpSettings, outputDir: string): string[] {
  return [
    ...subtitleArgs(settings.downloads),
    '--skip-download',
    '--no-playlist',
    '--no-progress',
    ...subtitleOutput(outputDir),
  ];
}

/**
 * Subtitles are written by yt-dlp next to the video, json3 first (its timing feeds the subtitle
 * index), vtt when a track has no json3. `auto` adds the automatic captions; yt-dlp prefers a user
 * track when both exist, as upstream's track pool does (§3.4).
 */
export function subtitleArgs(downloads: DownloadsConfig): string[] {
  if (!downloads.subtitle) return [];
  const args = ['--write-subs'];
  if (downloads.subtitle_source === 'auto') args.push('--write-auto-subs');
  args.push('--sub-langs', [...splitList(downloads.subtitle), '-live_chat'].join(','));
  args.push('--sub-format', 'json3/vtt/best');
  return args;
}

/** Upstream's rand_sleep: a whole number of seconds in [0.5·interval, 1.5·interval); 0 when unset. */
export function randomSleepSeconds(interval: number | null, random: () => number = Math.random): number {
  if (!interval) return 0;
  return Math.floor(interval * 0.5 + random() * interval);
}

function splitList(value: string): string[] {
  return value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}
