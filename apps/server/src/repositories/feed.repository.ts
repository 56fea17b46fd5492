import { USER_AGENT } from './integration-fetch.ts';

/**
 * YouTube's Atom feeds (`<base>?channel_id=<id>` and `?playlist_id=<id>`, the latest 15 uploads), read
 * with conditional requests: the validators of the last answer go back as If-None-Match and
 * If-Modified-Since, and an unchanged feed answers 304 with no body. Base URL `TK_YOUTUBE_FEED_URL`.
 */

export type FeedKind = 'channel' | 'playlist';

/** How a failed answer starts when the host gave none (refused, no DNS, no route, timed out). */
export const FEED_UNREACHABLE = 'feed unreachable: ';

export interface FeedValidators {
  etag: string | null;
  lastModified: string | null;
}

export interface FeedEntry {
  videoId: string;
  channelId: string | undefined;
  title: string;
  /** epoch ms, or undefined when the entry has no date */
  published: number | undefined;
  /** linked as `/shorts/<id>`: a short (YouTube links many shorts so, not all) */
  short: boolean;
}

export type FeedAnswer =
  | { status: 'unchanged' }
  | { status: 'changed'; entries: FeedEntry[]; validators: FeedValidators }
  | { status: 'failed'; error: string };

export interface FeedRepositoryOptions {
  baseUrl: string;
  timeoutMs?: number;
}

export class FeedRepository {
  constructor(private readonly options: FeedRepositoryOptions) {}

  url(kind: FeedKind, id: string): string {
    const param = kind === 'channel' ? 'channel_id' : 'playlist_id';
    return `${this.options.baseUrl}?${param}=${encodeURIComponent(id)}`;
  }

  /** One GET; never throws (an unreachable host or an HTTP error comes back as `failed`). */
  async fetch(
    kind: FeedKind,
    id: string,
    validators: FeedValidators,
    signal?: AbortSignal,
  ): Promise<FeedAnswer> {
    const headers: Record<string, string> = { 'User-Agent': USER_AGENT, Accept: 'application/atom+xml' };
    if (validators.etag) headers['If-None-Match'] = validators.etag;
    if (validators.lastModified) headers['If-Modified-Since'] = validators.lastModified;
    const timeout = AbortSignal.timeout(this.options.timeoutMs ?? 15_000);
    try {
      const response = await fetch(this.url(kind, id), {
        headers,
        signal: signal ? AbortSignal.any([timeout, signal]) : timeout,
      });
      if (response.status === 304) return { status: 'unchanged' };
      const body = await response.text();
      if (!response.ok) return { status: 'failed', error: `feed answered HTTP ${response.status}` };
      return {
        status: 'changed',
        entries: parseFeed(body),
        validators: {
          etag: response.headers.get('etag'),
          lastModified: response.headers.get('last-modified'),
        },
      };
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause?.code;
      return { status: 'failed', error: `${FEED_UNREACHABLE}${cause ?? (error as Error).message}` };
    }
  }
}

const ENTRY = /<entry>([\s\S]*?)<\/entry>/g;

/** The entries of a YouTube Atom feed, newest first as YouTube lists them. */
export function parseFeed(xml: string): FeedEntry[] {
  const entries: FeedEntry[] = [];
  for (const [, block] of xml.matchAll(ENTRY)) {
    const videoId = tag(block!, 'yt:videoId');
    if (!videoId) continue;
    const published = tag(block!, 'published');
    entries.push({
      videoId,
      channelId: tag(block!, 'yt:channelId'),
      title: unescapeXml(tag(block!, 'title') ?? ''),
      published: published ? Date.parse(published) : undefined,
      short: /<link[^>]*href="[^"]*\/shorts\//.test(block!),
    });
  }
  return entries;
}

function tag(block: string, name: string): string | undefined {
  return new RegExp(`<${name}>([^<]*)</${name}>`).exec(block)?.[1]?.trim();
}

function unescapeXml(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&amp;/g, '&');
}
