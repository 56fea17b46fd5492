/**
 * "Similar videos" without a search engine: a video is related when it shares tags or title words,
 * with the same channel as the tie-break (and as the fallback when nothing else matches).
 */

const STOP_WORDS = new Set(
  (
    'the and for with this that from you your are was were how what why who when where not but all can ' +
    'our out its his her they them then than into about over just have has had will would more most ' +
    'der die das und mit von für les des une est por con para'
  ).split(' '),
);

const MAX_WORDS = 12;
const MAX_TAGS = 12;

/** Distinct lowercase words of a title worth matching on: 3+ letters, no stop words, longest first. */
export function titleWords(title: string): string[] {
  const words = title.toLowerCase().match(/[\p{L}\p{N}]{3,}/gu) ?? [];
  return [...new Set(words)]
    .filter((w) => !STOP_WORDS.has(w))
    .sort((a, b) => b.length - a.length)
    .slice(0, MAX_WORDS);
}

export function normalisedTags(tags: string[]): string[] {
  return [...new Set(tags.map((t) => t.trim().toLowerCase()).filter(Boolean))].slice(0, MAX_TAGS);
}

export interface SimilarityItem {
  youtube_id: string;
  channel_id: string;
  title: string;
  tags: string[];
  published: number;
}

/**
 * Ids of the `limit` best candidates: two points per shared tag, one per shared title word; among equal
 * scores the same channel first, then the newest. Candidates sharing nothing count only when they are
 * from the same channel.
 */
export function rankSimilar(source: SimilarityItem, candidates: SimilarityItem[], limit: number): string[] {
  const words = new Set(titleWords(source.title));
  const tags = new Set(normalisedTags(source.tags));
  const scored = new Map<string, { id: string; score: number; sameChannel: boolean; published: number }>();
  for (const c of candidates) {
    if (c.youtube_id === source.youtube_id || scored.has(c.youtube_id)) continue;
    const sharedTags = normalisedTags(c.tags).filter((t) => tags.has(t)).length;
    const sharedWords = titleWords(c.title).filter((w) => words.has(w)).length;
    const score = 2 * sharedTags + sharedWords;
    const sameChannel = c.channel_id === source.channel_id;
    if (score === 0 && !sameChannel) continue;
    scored.set(c.youtube_id, { id: c.youtube_id, score, sameChannel, published: c.published });
  }
  return [...scored.values()]
    .sort(
      (a, b) =>
        b.score - a.score ||
        Number(b.sameChannel) - Number(a.sameChannel) ||
        b.published - a.published ||
        (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
    )
    .slice(0, limit)
    .map((s) => s.id);
}
