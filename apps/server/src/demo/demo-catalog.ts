import { createHash } from 'node:crypto';
import { DEMO_VIDEOS } from './demo-videos.ts';

/**
 * The demo library's facts: channels, playlists and comment voices. The videos themselves (titles, subtitle
 * sentences) are in demo-videos.ts. Everything is deterministic, so ids stay the same between runs and a
 * second `tubekeeper demo` finds what the first one imported.
 */

export type DemoKind = 'video' | 'short' | 'stream';
/** A sentence in the two subtitle languages. */
export type Bilingual = readonly [en: string, de: string];

export interface DemoVideoSpec {
  slug: string;
  channel: string;
  kind: DemoKind;
  title: string;
  topic: Bilingual;
  lines: readonly [Bilingual, Bilingual];
  tags: readonly string[];
  /** Wikipedia article for the description's background link. */
  wiki: string;
  views: number;
  likes: number;
  /** Days after DEMO_EPOCH_S the video was published. */
  day: number;
  /** The thumbnail's shape; 4:3 and vertical ones exercise the 16:9 crop. */
  thumb?: '16:9' | '4:3' | 'vertical';
  /** yt-dlp's default `<Title> [<id>]` file name, or the bare `<id>` of `-o "%(id)s.%(ext)s"`. */
  naming: 'title' | 'id';
}

export interface DemoChannelSpec {
  key: string;
  name: string;
  handle: string;
  followers: number;
  color: string;
  category: string;
  website: string;
  about: string;
  tags: readonly string[];
}

export interface DemoPlaylistSpec {
  key: string;
  channel: string;
  title: string;
  description: string;
  /** Video slugs in playlist order. */
  entries: readonly string[];
}

export interface DemoAuthor {
  name: string;
  handle: string;
}

/** 2025-03-01 00:00 UTC: the demo's first publication day. Fixed so sorting by date is reproducible. */
export const DEMO_EPOCH_S = 1_740_787_200;

export const DEMO_CHANNELS: readonly DemoChannelSpec[] = [
  {
    key: 'kitchen',
    name: 'Kitchen Basics',
    handle: '@kitchenbasics',
    followers: 1_480_000,
    color: '0xa4472a',
    category: 'Howto & Style',
    website: 'https://kitchenbasics.example.com',
    about: 'Short, honest cooking lessons for people who never learned to cook.',
    tags: ['cooking', 'recipes', 'baking'],
  },
  {
    key: 'trail',
    name: 'Trail Notes',
    handle: '@trailnotes',
    followers: 86_400,
    color: '0x2f6b3a',
    category: 'Travel & Events',
    website: 'https://trailnotes.example.org',
    about: 'Hiking, map reading and camping skills, filmed on the trail.',
    tags: ['hiking', 'outdoors', 'camping'],
  },
  {
    key: 'bytes',
    name: 'Byte Sized',
    handle: '@bytesized',
    followers: 523_000,
    color: '0x2b4a8a',
    category: 'Science & Technology',
    website: 'https://bytesized.example.net',
    about: 'Programming ideas explained in the time it takes to boil an egg.',
    tags: ['programming', 'software', 'computers'],
  },
];

export const DEMO_PLAYLISTS: readonly DemoPlaylistSpec[] = [
  {
    key: 'bread',
    channel: 'kitchen',
    title: 'Bread from scratch',
    description:
      'Everything about flour, water, salt and time. Recipes: https://kitchenbasics.example.com/bread',
    entries: ['sourdough', 'focaccia', 'starter-short', 'knife'],
  },
  {
    key: 'first-hike',
    channel: 'trail',
    title: 'Your first hike',
    description:
      'Start here: packing, navigation and safety. Checklist: https://trailnotes.example.org/first-hike',
    entries: ['packing', 'map', 'blisters', 'water', 'weather'],
  },
];

export const DEMO_AUTHORS: readonly DemoAuthor[] = [
  { name: 'Mara Klein', handle: '@marabakes' },
  { name: 'Jonas Weber', handle: '@jonasoutdoors' },
  { name: 'Priya Nair', handle: '@priyacodes' },
  { name: 'Tom Becker', handle: '@tombecker' },
  { name: 'Lea Hoffmann', handle: '@leahoffmann' },
  { name: 'Sam Ortiz', handle: '@samortiz' },
];

/** Root comments: {topic} is the video's English topic, {link} a link the commenter shares. */
export const ROOT_COMMENTS: readonly string[] = [
  'Clearest explanation of {topic} I have seen so far. My notes are here: {link}',
  'Tried it right after watching and it worked the first time. Thank you!',
  'Could you make a longer video about {topic}? This was far too short.',
  'Watching this for the third time and I still learn something new. Background reading: {link}',
];

export const REPLY_COMMENTS: readonly string[] = [
  'Same here, the part about {topic} was the best.',
  'Agreed! I shared it with my whole family.',
  'Thanks for the link, that helped a lot.',
];

/** What the channel answers; {site} is the channel's website. */
export const UPLOADER_REPLY = 'Thank you! There is a longer write-up on our site: {site}';

export const DAY_S = 86_400;

/** Clip length in seconds and frame size per kind: tiny, so the whole library renders in seconds. */
export const CLIP_SECONDS: Record<DemoKind, number> = { video: 4, short: 3, stream: 4 };
export const CLIP_SIZE: Record<DemoKind, { width: number; height: number }> = {
  video: { width: 320, height: 180 },
  short: { width: 180, height: 320 },
  stream: { width: 320, height: 180 },
};

/** Position of each video in the catalog; comment threads and thumbnails vary by it. */
export const DEMO_VIDEOS_INDEX: ReadonlyMap<string, number> = new Map(DEMO_VIDEOS.map((v, i) => [v.slug, i]));

/** Publication time: the video's day at 15:00 UTC, a few minutes apart so no two sort equal. */
export function publishedAt(video: DemoVideoSpec): number {
  return DEMO_EPOCH_S + video.day * DAY_S + 15 * 3600 + (video.slug.length % 7) * 60;
}

export function channelSpec(key: string): DemoChannelSpec {
  const channel = DEMO_CHANNELS.find((c) => c.key === key);
  if (!channel) throw new Error(`demo catalog: unknown channel "${key}"`);
  return channel;
}

export function videoSpec(slug: string): DemoVideoSpec {
  const video = DEMO_VIDEOS.find((v) => v.slug === slug);
  if (!video) throw new Error(`demo catalog: unknown video "${slug}"`);
  return video;
}

/** A stable id of the provider's alphabet ([A-Za-z0-9_-]), starting with a letter or digit. */
export function stableId(seed: string, length: number): string {
  const chars = createHash('sha256').update(`tubekeeper-demo:${seed}`).digest('base64url');
  const id = chars.slice(0, length);
  return /^[A-Za-z0-9]/.test(id) ? id : `A${id.slice(1)}`;
}

export const videoId = (slug: string) => stableId(`video:${slug}`, 11);
export const channelId = (key: string) => `UC${stableId(`channel:${key}`, 22)}`;
export const playlistId = (key: string) => `PL${stableId(`playlist:${key}`, 32)}`;
