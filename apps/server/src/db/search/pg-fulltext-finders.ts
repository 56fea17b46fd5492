import { sql, type Kysely } from 'kysely';
import type { Database } from '../tables.ts';
import type { PostgresWordFrequency } from './pg-word-frequency.ts';
import type { TermGroup } from './search-index.ts';
import { findingItems, pairWords } from './term-groups.ts';
import { toTsquery, tsqueryExpression, tsqueryPair } from './tsquery.ts';

/**
 * How a full-text query finds its rows on PostgreSQL:
 * - undefined: through every word;
 * - `words`: through its rare words only (common ones rank the rows but do not find them, as on SQLite) or,
 *   when every word is common, its rarest one; with `scan` (one word in enough lines) read from the table in
 *   its order (see `narrowing`);
 * - `pairs`: through the word pair keys of its phrase (migration 0036): the first `cap` lines holding those
 *   keys in index order, checked for the phrase, as SQLite checks the candidates of its pairs index (a pair
 *   like "and_which" is in thousands of lines that rarely go on with "and": checking them all took 140 ms);
 * - `pair`: the same when even the rarest pair of the phrase is in enough lines, read from the table in its
 *   order: the first `cap` lines holding that pair (`phrasePairs`).
 */
export type Finder =
  | { pairs: number[]; cap: number }
  | { pair: string; cap: number }
  | { words: string; scan: boolean }
  | undefined;

/**
 * The rows (`s`) a finder searches: a search table, or for a phrase's finders (subtitle lines) the first
 * `cap` lines holding its pair keys, each with its document, so that `found` checks the phrase on the row
 * the index scan has just read. Found by id instead (`s.id IN (…)`), every candidate was looked up again
 * through the primary key, its heap page read a second time (a third of the phrase statement's buffers).
 */
export function searched(table: 'subtitle_fragments_search' | 'comments_search', finder: Finder) {
  if (finder === undefined || 'words' in finder) return sql`${sql.raw(table)} s`;
  const candidates =
    'pair' in finder
      ? sql`ts_match_vq(c.doc, ${toTsquery(finder.pair)})`
      : sql`tk_word_pair_keys(c.doc) @> ${finder.pairs}::int[]`;
  return sql`(SELECT c.id, c.doc FROM subtitle_fragments_search c WHERE ${candidates} LIMIT ${finder.cap}) s`;
}

/**
 * The condition for the rows of `searched` that hold query `q`.
 * `ts_match_vq` is `@@` written so that the planner cannot read the words index for it: it did, a BitmapAnd
 * of the pairs with the postings of "little", "and" and "that" (151 of a search's 155 ms, where the pairs
 * took 2.6); in a scan, it is what keeps the planner off the index.
 */
export function found(finder: Finder) {
  if (finder === undefined) return sql`s.doc @@ q`;
  if ('words' in finder) {
    return finder.scan
      ? sql`ts_match_vq(s.doc, ${toTsquery(finder.words)})`
      : sql`s.doc @@ ${toTsquery(finder.words)}`;
  }
  return sql`ts_match_vq(s.doc, q)`;
}

/** Chooses the finders of full-text queries from pg_stats' counts of words and pairs (pg-word-frequency.ts). */
export class PostgresFinders {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly frequency: PostgresWordFrequency,
    private readonly commonRows: number,
  ) {}

  /**
   * Whether the first 100 rows holding a word or pair in `rows` of `indexRows` are found sooner by scanning
   * the table than through a GIN index: above half a percent of the lines. Measured at 10 million lines under
   * the bench: a bitmap of 50 000-100 000 postings took 20-75 ms (past `work_mem` its pages are checked line
   * by line), a scan to the 100th of 20 000 rows 9-18 ms (0.9 µs a line); below, the bitmap is smaller and
   * the scan longer. `commonRows` keeps small archives on the index, where both are cheap.
   */
  private worthScanning(rows: number, indexRows: number): boolean {
    return rows > this.commonRows && rows > indexRows / 200;
  }

  /**
   * The words that find a query's rows when some are common: a word in more than COMMON_WORD_ROWS rows and
   * 1 % of them (pg_stats) ranks the rows but does not find them, as on SQLite. An AND with "it" and "not"
   * read a million postings of each at 10 million lines (20-50 ms) to find the lines that also hold "viga".
   * The rarest word finds them when all are common; undefined when none is (every word finds them).
   *
   * A lone word that finds them and is in enough lines (`worthScanning`) is read by scanning the table
   * (`scannable`: no filter narrows the lines further), not through the index: a GIN index gives its rows
   * only once it has read every posting of the word into a bitmap, 1.16 million for "know" at 10 million
   * lines (30-330 ms), while the table in its own order (the order the bitmap gives too) holds the first 100
   * lines with the word within its first 10 000 rows at 1 % of lines (0.5 ms for "know"). A filter (a
   * language, a channel) could leave the scan going through millions of lines, so a filtered search keeps
   * the index.
   */
  async narrowing(table: string, groups: TermGroup[], scannable: boolean): Promise<Finder> {
    const { rows, words } = await this.frequency.counts(table);
    // an unlisted word is rare enough; a group of typo variants is in as many rows as all of them, and a
    // prefix as the listed words it starts ("the" of "the", "they", "there": its postings are theirs together)
    const listed = (g: TermGroup) =>
      g.prefix ? [...words.keys()].filter((word) => word.startsWith(g.prefix!)) : [];
    const inRows = groups.map((g) => [...g.terms, ...listed(g)].reduce((n, t) => n + (words.get(t) ?? 0), 0));
    const finding = findingItems(groups, inRows, rows, this.commonRows);
    const scan =
      scannable && finding.length === 1 && this.worthScanning(inRows[groups.indexOf(finding[0]!)]!, rows);
    if (!scan && finding.length === groups.length) return undefined;
    return { words: tsqueryExpression(finding), scan };
  }

  /**
   * How the lines holding a phrase are found (subtitle lines): through the word pair keys of its pairs, as
   * `tk_word_pair_keys` makes them from a line (migration 0036), so they are those of the index; or, when
   * `scannable` and even its rarest pair is in enough lines (`worthScanning`, pg_stats of the pairs index),
   * by scanning the table for that pair. A GIN index reads every posting of its keys before it gives a
   * row: a key in 1 % of 10 million lines is 110 000 postings, a bitmap past `work_mem` whose pages are then
   * checked line by line with the keys function (61 µs a line): 100-600 ms. The scan finds the first 100 lines holding the pair within
   * ~10 000 rows (0.9 µs a line). Undefined when the phrase's words make no pair.
   */
  async phrasePairs(table: string, groups: TermGroup[], cap: number, scannable: boolean): Promise<Finder> {
    const words = pairWords(groups);
    if (!words) return undefined;
    const pairs = words.slice(1).map((word, i) => [words[i]!, word] as const);
    const { rows } = await sql<{ keys: number[] | null }>`
      SELECT tk_word_pair_keys(tk_search_vector(p, 'D')) AS keys
      FROM unnest(${pairs.map((pair) => pair.join(' '))}::text[]) WITH ORDINALITY AS t(p, i) ORDER BY i`.execute(
      this.db,
    );
    const keys = rows.map((row) => row.keys ?? []);
    if (keys.every((k) => k.length === 0)) return undefined;
    if (scannable) {
      const counts = await this.frequency.counts(table);
      const inRows = keys.map((k) => Math.min(...k.map((key) => counts.pairs.get(key) ?? 0)));
      const rarest = inRows.indexOf(Math.min(...inRows));
      if (this.worthScanning(inRows[rarest]!, counts.rows)) {
        return { pair: tsqueryPair(...pairs[rarest]!), cap };
      }
    }
    return { pairs: [...new Set(keys.flat())], cap };
  }
}
