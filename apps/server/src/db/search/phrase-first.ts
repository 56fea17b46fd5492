import { sql, type RawBuilder } from 'kysely';
import { FULLTEXT_RANK_WINDOW, type PageSpec } from './search-index.ts';

export interface RankedRow<K> {
  rid: K;
  score: number;
}

/** How one engine finds and ranks the full-text matches of a query (subtitle lines, comments). */
export interface PhraseFirstSource<K> {
  /** The lines holding the query as a phrase, best first, at most `limit`; undefined when it is no phrase. */
  phrase(limit: number): Promise<RankedRow<K>[] | undefined>;
  /** A page of the matches, ranked in blocks of FULLTEXT_RANK_WINDOW in index order; `exclude` leaves rows out. */
  blocks(page: PageSpec, exclude: K[]): Promise<RankedRow<K>[]>;
}

/**
 * The order of full-text hits on both engines: the lines holding the query as a phrase come first (what a
 * user who heard it is looking for; at most a block of them), then the other matches in ranked blocks, where
 * further phrase lines rank first again. Pages are slices of this one order.
 */
export async function phraseFirstPage<K>(
  source: PhraseFirstSource<K>,
  page: PageSpec,
): Promise<RankedRow<K>[]> {
  const phrase = await source.phrase(FULLTEXT_RANK_WINDOW);
  if (!phrase) return source.blocks(page, []);
  const end = page.offset + page.limit;
  if (end <= phrase.length) return phrase.slice(page.offset, end);
  const restPage = {
    offset: Math.max(0, page.offset - phrase.length),
    limit: end - Math.max(page.offset, phrase.length),
  };
  const rest = await source.blocks(
    restPage,
    phrase.map((r) => r.rid),
  );
  return [...phrase.slice(page.offset), ...rest];
}

/** `AND column NOT IN (ids)`, or nothing for no ids. */
export function notIn<K>(column: RawBuilder<unknown>, ids: K[]) {
  return ids.length === 0 ? sql`` : sql`AND ${column} NOT IN (${sql.join(ids)})`;
}

/** Rows fetched by id, put back in ranking order with their scores. */
export function inRankOrder<K, T>(ranked: { rid: K; score: number }[], rows: T[], key: (row: T) => K) {
  const byKey = new Map(rows.map((row) => [key(row), row]));
  return ranked.flatMap((r) => {
    const row = byKey.get(r.rid);
    return row ? [{ ...row, score: r.score }] : [];
  });
}
