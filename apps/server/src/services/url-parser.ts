/**
 * Turns pasted YouTube URLs and bare ids into queue targets (upstream §3.1), one entry per
 * whitespace-separated word, so one bad line never spoils the rest of a batch.
 */
export type ParsedType = 'video' | 'channel' | 'playlist';
export type ParsedVidType = 'videos' | 'streams' | 'shorts' | 'unknown';

export interface ParsedTarget {
  type: ParsedType;
  /** The id; for a channel that still needs resolving (`needsResolve`), its canonical URL. */
  url: string;
  vid_type: ParsedVidType;
  /** `@handle`, `/c/` and `/user/` URLs name a channel without its id: yt-dlp resolves them. */
  needsResolve?: true;
}

/** The two upstream messages, kept verbatim because clients show them. */
export type ParseErrorMessage = 'invalid domain' | 'not a valid id_str';

export type ParsedEntry =
  { input: string; target: ParsedTarget } | { input: string; error: ParseErrorMessage };

export class UrlParseError extends Error {
  constructor(message: ParseErrorMessage) {
    super(message);
  }
}

const TABS: readonly string[] = ['videos', 'streams', 'shorts'];
const VIDEO_ID = /^[\w-]{11}$/;
const CHANNEL_ID = /^[\w-]{24}$/;
const PLAYLIST_ID = /^[\w-]+$/;
const PLAYLIST_ID_LENGTHS = new Set([34, 26, 18, 13]);
const YOUTUBE_HOST = /^(?:[\w-]+\.)*youtube(?:-nocookie)?\.com$/;
/** Site paths that look like a channel name but are not one. */
const NOT_CHANNELS = new Set(['results', 'feed', 'hashtag', 'account', 'premium', 'signin']);
const SHORT_HOST = /^(?:www\.)?youtu\.be$/;
const CHANNEL_HOME = 'https://www.youtube.com';

/** Every whitespace-separated word of `text`, parsed on its own. */
export function parseUrlList(text: string): ParsedEntry[] {
  return text
    .split(/\s+/)
    .filter(Boolean)
    .map((input) => {
      try {
        return { input, target: parseOne(input) };
      } catch (error) {
        if (error instanceof UrlParseError) return { input, error: error.message as ParseErrorMessage };
        throw error;
      }
    });
}

/** One URL or id; throws `UrlParseError` with the upstream message. */
export function parseOne(input: string): ParsedTarget {
  const text = input.trim();
  const url = asUrl(text);
  if (!url) return parseBareId(text);
  const host = url.hostname.toLowerCase();
  if (SHORT_HOST.test(host)) return video(firstSegment(url), 'unknown');
  if (!YOUTUBE_HOST.test(host)) throw new UrlParseError('invalid domain');
  return parseYoutubeUrl(url);
}

function parseYoutubeUrl(url: URL): ParsedTarget {
  const segments = url.pathname.split('/').filter(Boolean);
  const vidType = tabOf(segments);
  const videoId = url.searchParams.get('v');
  if (videoId !== null) return video(videoId, vidType);
  const listId = url.searchParams.get('list');
  if (listId !== null) return playlist(listId);
  const [first, second] = segments;
  if (!first || first === 'watch' || first === 'playlist') throw new UrlParseError('not a valid id_str');
  if (first === 'shorts') return video(second, 'shorts');
  if (first === 'live' || first === 'embed' || first === 'v') return video(second, vidType);
  if (first === 'channel') return channel(second, vidType);
  // /@handle, /c/name, /user/name and legacy /name: only yt-dlp knows the channel id behind them
  const named = first === 'c' || first === 'user' ? [first, second] : [first];
  if (NOT_CHANNELS.has(first) || named.some((part) => !part || TABS.includes(part)))
    throw new UrlParseError('not a valid id_str');
  return {
    type: 'channel',
    url: `${CHANNEL_HOME}/${named.join('/')}`,
    vid_type: vidType,
    needsResolve: true,
  };
}

function parseBareId(id: string): ParsedTarget {
  if (/^@[\w.-]{3,30}$/.test(id)) {
    return { type: 'channel', url: `${CHANNEL_HOME}/${id}`, vid_type: 'unknown', needsResolve: true };
  }
  if (!PLAYLIST_ID.test(id)) throw new UrlParseError('not a valid id_str');
  if (id.length === 11) return video(id, 'unknown');
  if (id.length === 24) return channel(id, 'unknown');
  if (isPlaylistId(id)) return playlist(id);
  throw new UrlParseError('not a valid id_str');
}

function isPlaylistId(id: string): boolean {
  return PLAYLIST_ID_LENGTHS.has(id.length) || id === 'LL' || id === 'WL' || id.startsWith('TA_playlist_');
}

/** Absolute URLs, and scheme-less ones that start with a host name ("youtube.com/watch?v=…"). */
function asUrl(text: string): URL | undefined {
  if (/^https?:\/\//i.test(text)) return safeUrl(text);
  if (/^[\w-]+(\.[\w-]+)+\//.test(text)) return safeUrl(`https://${text}`);
  return undefined;
}

function safeUrl(text: string): URL {
  try {
    return new URL(text);
  } catch {
    throw new UrlParseError('invalid domain');
  }
}

function firstSegment(url: URL): string | undefined {
  return url.pathname.split('/').filter(Boolean)[0];
}

function tabOf(segments: string[]): ParsedVidType {
  const last = segments.at(-1);
  return last && TABS.includes(last) ? (last as ParsedVidType) : 'unknown';
}

function video(id: string | undefined, vidType: ParsedVidType): ParsedTarget {
  if (!id || !VIDEO_ID.test(id)) throw new UrlParseError('not a valid id_str');
  return { type: 'video', url: id, vid_type: vidType };
}

function channel(id: string | undefined, vidType: ParsedVidType): ParsedTarget {
  if (!id || !CHANNEL_ID.test(id)) throw new UrlParseError('not a valid id_str');
  return { type: 'channel', url: id, vid_type: vidType };
}

function playlist(id: string): ParsedTarget {
  if (!PLAYLIST_ID.test(id)) throw new UrlParseError('not a valid id_str');
  return { type: 'playlist', url: id, vid_type: 'unknown' };
}
