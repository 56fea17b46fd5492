/**
 * The upstream search query language (upstream-behaviour §2), parsed into a typed query.
 *
 * `video:cats channel:some name active:yes` → { type: 'video', term: 'cats', channel: 'some name', active: true }
 *
 * Differences from upstream, on purpose: `active:no` means false AND is honoured (upstream turns every
 * value that is not "yes" into false); `comment:` searches archived comments; a word with two colons or a
 * lone keyword is treated as a literal word instead of failing with a 500.
 */
export const QUERY_TYPES = ['simple', 'video', 'channel', 'playlist', 'full', 'comment'] as const;
export type QueryType = (typeof QUERY_TYPES)[number];

const KEYS_BY_TYPE: Record<QueryType, readonly string[]> = {
  simple: [],
  video: ['channel', 'active'],
  channel: ['active', 'subscribed'],
  playlist: ['active', 'subscribed'],
  full: ['lang', 'source', 'channel'],
  comment: ['channel'],
};
const ALWAYS_ALLOWED = ['term', 'fuzzy'];

/** Edit distance allowed per word: 'auto' scales with word length (1 from five letters, as the issue asks). */
export type Fuzziness = 0 | 1 | 2 | 'auto';

export interface ParsedQuery {
  type: QueryType;
  term: string;
  channel?: string;
  active?: boolean;
  subscribed?: boolean;
  lang?: string;
  source?: 'auto' | 'user';
  fuzzy: Fuzziness;
}

export const MAX_QUERY_LENGTH = 500;

function parseFuzzy(value: string | undefined): Fuzziness {
  if (value === undefined || value === '') return 'auto';
  if (value === 'no' || value === '0') return 0;
  if (!/^\d+$/.test(value)) return 'auto';
  return Math.min(Number(value), 2) as Fuzziness;
}

function parseYesNo(value: string | undefined): boolean | undefined {
  if (value === 'yes' || value === 'true') return true;
  if (value === 'no' || value === 'false') return false;
  return undefined;
}

function splitTypePrefix(words: string[]): { type: QueryType; rest: string[] } {
  const first = words[0] ?? '';
  const colon = first.indexOf(':');
  const prefix = colon > 0 ? first.slice(0, colon) : '';
  if (prefix && prefix !== 'simple' && (QUERY_TYPES as readonly string[]).includes(prefix)) {
    const remainder = first.slice(colon + 1);
    return { type: prefix as QueryType, rest: remainder ? [remainder, ...words.slice(1)] : words.slice(1) };
  }
  return { type: 'simple', rest: words };
}

/** Collects words into buckets: `term` until an allowed `key:value` word switches the bucket. */
function collectBuckets(type: QueryType, words: string[]): Map<string, string[]> {
  const allowed = new Set([...KEYS_BY_TYPE[type], ...ALWAYS_ALLOWED]);
  const buckets = new Map<string, string[]>([['term', []]]);
  let current = 'term';
  for (const word of words) {
    const match = /^([a-z]+):([^:]*)$/.exec(word);
    if (match && allowed.has(match[1]!)) {
      current = match[1]!;
      if (!buckets.has(current)) buckets.set(current, []);
      if (match[2]) buckets.get(current)!.push(match[2]);
      continue;
    }
    buckets.get(current)!.push(word);
  }
  return buckets;
}

export function parseSearchQuery(query: string): ParsedQuery {
  const words = query.slice(0, MAX_QUERY_LENGTH).toLowerCase().split(/\s+/).filter(Boolean);
  const { type, rest } = splitTypePrefix(words);
  const buckets = collectBuckets(type, rest);
  const first = (key: string) => buckets.get(key)?.[0];
  const joined = (key: string) => buckets.get(key)?.join(' ') || undefined;

  const parsed: ParsedQuery = { type, term: joined('term') ?? '', fuzzy: parseFuzzy(first('fuzzy')) };
  const channel = joined('channel');
  if (channel) parsed.channel = channel;
  const active = parseYesNo(first('active'));
  if (active !== undefined) parsed.active = active;
  const subscribed = parseYesNo(first('subscribed'));
  if (subscribed !== undefined) parsed.subscribed = subscribed;
  const lang = first('lang');
  if (lang) parsed.lang = lang;
  const source = first('source');
  if (source === 'auto' || source === 'user') parsed.source = source;
  return parsed;
}
