/**
 * Upstream's documented response shapes (upstream-behaviour §1, §1.11, §5, §6) as key → type, for the
 * wire-compatibility suite. A type is a `|`-list of string, number, boolean, null, array, object; a key
 * ending in `?` may be absent (upstream leaves it out too). Extra keys of ours are allowed.
 */
export type Shape = Record<string, string>;

export type Expected =
  | { kind: 'object'; shape: Shape }
  | { kind: 'list'; item: Shape }
  | { kind: 'array'; item?: Shape }
  | { kind: 'value'; type: string }
  | { kind: 'empty' };

export const PAGINATE: Shape = {
  page_size: 'number',
  page_from: 'number',
  prev_pages: 'array|null',
  current_page: 'number',
  max_hits: 'boolean',
  params: 'string',
  last_page: 'number|boolean',
  next_pages: 'array',
  total_hits: 'number',
};

export const CHANNEL: Shape = {
  channel_id: 'string',
  channel_active: 'boolean',
  channel_name: 'string',
  channel_description: 'string|null',
  channel_last_refresh: 'string',
  channel_subs: 'number',
  channel_subscribed: 'boolean',
  channel_tags: 'array',
  channel_tabs: 'array',
  'channel_overwrites?': 'object',
  channel_thumb_url: 'string|null',
  channel_banner_url: 'string|null',
  channel_tvart_url: 'string|null',
};

export const VIDEO: Shape = {
  _index: 'string',
  _score: 'number',
  active: 'boolean',
  category: 'array',
  channel: 'object',
  'comment_count?': 'number|null',
  date_downloaded: 'number',
  'description?': 'string|null',
  media_size: 'number',
  media_url: 'string',
  player: 'object',
  playlist: 'array',
  published: 'string',
  'sponsorblock?': 'object|null',
  stats: 'object',
  streams: 'array',
  subtitles: 'array',
  tags: 'array',
  title: 'string',
  vid_last_refresh: 'string',
  vid_thumb_url: 'string',
  vid_type: 'string',
  youtube_id: 'string',
};

export const VIDEO_STATS: Shape = {
  view_count: 'number',
  like_count: 'number',
  dislike_count: 'number',
  average_rating: 'number|null',
};

export const SUBTITLE: Shape = {
  ext: 'string',
  lang: 'string',
  name: 'string',
  source: 'string',
  media_url: 'string',
  url: 'string|null',
};

export const PLAYLIST: Shape = {
  _index: 'string',
  _score: 'number',
  playlist_id: 'string',
  playlist_active: 'boolean',
  playlist_name: 'string',
  playlist_channel: 'string|null',
  playlist_channel_id: 'string|null',
  playlist_description: 'string|null',
  playlist_entries: 'array',
  playlist_last_refresh: 'string',
  playlist_subscribed: 'boolean',
  playlist_sort_order: 'string',
  playlist_type: 'string',
  playlist_thumbnail: 'string|boolean',
};

export const DOWNLOAD_ITEM: Shape = {
  _index: 'string',
  _score: 'number',
  auto_start: 'boolean',
  channel_id: 'string',
  channel_indexed: 'boolean',
  channel_name: 'string',
  duration: 'string',
  'message?': 'string|null',
  published: 'string|null',
  status: 'string',
  timestamp: 'number',
  title: 'string',
  vid_thumb_url: 'string|null',
  vid_type: 'string',
  youtube_id: 'string',
};

export const COMMENT: Shape = {
  comment_author: 'string',
  comment_author_id: 'string',
  comment_author_is_uploader: 'boolean',
  comment_author_thumbnail: 'string|null',
  comment_id: 'string',
  comment_is_favorited: 'boolean',
  comment_likecount: 'number',
  comment_parent: 'string',
  comment_text: 'string',
  comment_time_text: 'string',
  comment_timestamp: 'number',
  comment_replies: 'array',
};

export const TASK_RESULT: Shape = {
  status: 'string',
  result: 'string|null',
  traceback: 'string|null',
  date_done: 'string|boolean|null',
  name: 'string',
  task_id: 'string',
};

const STAT_BUCKET = 'object|null';

export const STATS = {
  video: {
    doc_count: 'number',
    media_size: 'number',
    duration: 'number',
    duration_str: 'string',
    type_videos: STAT_BUCKET,
    type_shorts: STAT_BUCKET,
    type_streams: STAT_BUCKET,
    active_true: STAT_BUCKET,
    active_false: STAT_BUCKET,
  },
  channel: {
    doc_count: 'number',
    active_true: 'number|null',
    active_false: 'number|null',
    subscribed_true: 'number|null',
    subscribed_false: 'number|null',
  },
  download: {
    pending: 'number|null',
    ignore: 'number|null',
    pending_videos: 'number|null',
    pending_shorts: 'number|null',
    pending_streams: 'number|null',
  },
  watch: { total: 'object', watched: 'object|null', unwatched: 'object|null' },
} satisfies Record<string, Shape>;

const typeOf = (value: unknown): string =>
  value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;

/** What differs between `value` and `shape`: missing keys and wrong types; empty when it matches. */
export function shapeProblems(value: unknown, shape: Shape, where = ''): string[] {
  if (typeOf(value) !== 'object') return [`${where || 'body'} is ${typeOf(value)}, not an object`];
  const record = value as Record<string, unknown>;
  const problems: string[] = [];
  for (const [rawKey, type] of Object.entries(shape)) {
    const optional = rawKey.endsWith('?');
    const key = optional ? rawKey.slice(0, -1) : rawKey;
    if (!(key in record)) {
      if (!optional) problems.push(`${where}${key} missing`);
      continue;
    }
    const actual = typeOf(record[key]);
    if (!type.split('|').includes(actual)) problems.push(`${where}${key} is ${actual}, not ${type}`);
  }
  return problems;
}

/** Checks a parsed body (undefined for an empty one) against what upstream answers. */
export function bodyProblems(body: unknown, expected: Expected): string[] {
  switch (expected.kind) {
    case 'empty':
      return body === undefined ? [] : ['a body where upstream sends none'];
    case 'value':
      return expected.type.split('|').includes(typeOf(body)) ? [] : [`body is ${typeOf(body)}`];
    case 'object':
      return shapeProblems(body, expected.shape);
    case 'array': {
      if (!Array.isArray(body)) return [`body is ${typeOf(body)}, not an array`];
      if (!expected.item || body.length === 0) return [];
      return shapeProblems(body[0], expected.item, '[0].');
    }
    case 'list': {
      const problems = shapeProblems(body, { data: 'array', paginate: 'object' });
      if (problems.length) return problems;
      const { data, paginate } = body as { data: unknown[]; paginate: unknown };
      problems.push(...shapeProblems(paginate, PAGINATE, 'paginate.'));
      if (data.length === 0) problems.push('data is empty: nothing to compare');
      else problems.push(...shapeProblems(data[0], expected.item, 'data[0].'));
      return problems;
    }
  }
}
