import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../tables.ts';
import { PostgresWordFrequency } from './pg-word-frequency.ts';
import { PostgresWordLookup } from './pg-word-lookup.ts';
import {
  COMMON_WORD_ROWS,
  FULLTEXT_RANK_WINDOW,
  RANK_WINDOW,
  type ChannelSearch,
  type CommentHit,
  type CommentSearch,
  type FragmentHit,
  type FragmentSearch,
  type IndexCounts,
  type PageSpec,
  type PlaylistSearch,
  type ScoredId,
  type SearchIndex,
  type SearchResult,
  type TermGroup,
  type VideoSearch,
  type WordsSpec,
} from './search-index.ts';
import { inRankOrder, notIn, phraseFirstPage, type RankedRow } from './phrase-first.ts';
import { tsqueryExpression, tsqueryPhrase } from './tsquery.ts';
import { exactGroups, findingItems, isCommon, pairWords, runWords } from './term-groups.ts';

const NONE = sql``;
/** Weight letters of the documents (migration 0004): A title/name, B tags, C channel name, D description. */
const VIDEO_WEIGHTS = { title: 'A', all: 'ABD' } as const;
const KEYS = {
  videos: 'youtube_id',
  channels: 'channel_id',
  playlists: 'playlist_id',
  comments: 'comment_id',
  subtitle_fragments: 'id',
} as const;
type SearchTable = keyof typeof KEYS;

const tsquery = (expression: string) => sql`to_tsquery('tk_search', ${expression})`;

/** PostgreSQL engine: weighted tsvector side tables kept by triggers (migration 0004), ts_rank_cd ranking. */
export class PostgresSearchIndex implements SearchIndex {
  private readonly frequency: PostgresWordFrequency;
  private readonly lookup: PostgresWordLookup;

  /** `commonRows`: see `narrowing` (tests lower it to exercise that path on a small library). */
  constructor(
    private readonly db: Kysely<Database>,
    private readonly commonRows = COMMON_WORD_ROWS,
  ) {
    this.frequency = new PostgresWordFrequency(db);
    this.lookup = new PostgresWordLookup(db, this.frequency);
  }

  videos(query: VideoSearch, page: PageSpec): Promise<SearchResult<ScoredId>> {
    const weights = VIDEO_WEIGHTS[query.scope];
    const filter = query.active === undefined ? NONE : sql`AND v.active = ${query.active ? 1 : 0}`;
    const channel = filterExpression(query.channel, 'C');
    return runWords(
      query.words,
      page,
      async (groups, p) => {
        if (channel === null) return [];
        const parts = [groups && tsqueryExpression(groups, weights), channel].filter(Boolean);
        if (parts.length === 0) {
          return this.ids(sql`SELECT v.youtube_id AS id, 1 AS score FROM videos v WHERE 1 = 1 ${filter}
            ORDER BY v.published DESC, v.youtube_id LIMIT ${p.limit} OFFSET ${p.offset}`);
        }
        return this.ids(sql`SELECT id, score FROM (
            SELECT s.youtube_id AS id, ts_rank_cd(s.doc, q) AS score
            FROM videos_search s CROSS JOIN ${tsquery(parts.join(' & '))} q JOIN videos v ON v.youtube_id = s.youtube_id
            WHERE s.doc @@ q ${filter} LIMIT ${RANK_WINDOW}) x
          ORDER BY score DESC, id LIMIT ${p.limit} OFFSET ${p.offset}`);
      },
      (word, d) => this.lookup.neighbours('videos', weights, word, d),
    );
  }

  channels(query: ChannelSearch, page: PageSpec): Promise<SearchResult<ScoredId>> {
    return this.named(query, page, 'channels', 'channel_name', 'channel_active', 'channel_subscribed');
  }

  playlists(query: PlaylistSearch, page: PageSpec): Promise<SearchResult<ScoredId>> {
    return this.named(query, page, 'playlists', 'playlist_name', 'playlist_active', 'playlist_subscribed');
  }

  fragments(query: FragmentSearch, page: PageSpec): Promise<SearchResult<FragmentHit>> {
    const conditions = [
      ...(query.lang === undefined ? [] : [sql`b.lang = ${query.lang}`]),
      ...(query.source === undefined ? [] : [sql`b.source = ${query.source}`]),
      ...(query.channel
        ? [sql`b.youtube_id IN (SELECT youtube_id FROM videos WHERE ${channelIn(query.channel)})`]
        : []),
    ];
    const filters = sql.join([sql`1 = 1`, ...conditions], sql` AND `);
    // every search row has its line (a foreign key that cascades): the lines are read for filters only
    const lines = conditions.length > 0 ? sql`JOIN subtitle_fragments b ON b.id = s.id` : NONE;
    return runWords(
      query.words,
      page,
      async (groups, p) => {
        const matches = (expression: string, exclude: number[], finder?: Finder) =>
          sql`SELECT s.id AS rid, ts_rank_cd(s.doc, q) AS score
            FROM subtitle_fragments_search s CROSS JOIN ${tsquery(expression)} q ${lines}
            WHERE ${found(finder)} AND ${filters} ${notIn(sql`s.id`, exclude)}`;
        const ranked = groups
          ? await this.fulltextPage('subtitle_fragments_search', matches, groups, p, {
              phraseFirst: true,
              scannable: conditions.length === 0,
            })
          : await this.rows<RankedRow<number>>(
              page_(sql`SELECT b.id AS rid, 1 AS score FROM subtitle_fragments b WHERE ${filters}`, p),
            );
        if (ranked.length === 0) return [];
        const rows = await this.rows<Omit<FragmentHit, 'score'>>(sql`
          SELECT sf.id, sf.youtube_id, v.title, v.channel_id, c.channel_name, sf.lang, sf.source,
            sf.fragment_index, sf.start_ms, sf.end_ms, sf.line
          FROM subtitle_fragments sf JOIN videos v ON v.youtube_id = sf.youtube_id
          JOIN channels c ON c.channel_id = v.channel_id WHERE sf.id IN (${sql.join(ranked.map((r) => r.rid))})`);
        return inRankOrder(ranked, rows, (row) => row.id);
      },
      (word, d) => this.lookup.neighbours('subtitle_fragments', '', word, d),
      (word) => this.lookup.isIndexedWord('subtitle_fragments', word),
    );
  }

  comments(query: CommentSearch, page: PageSpec): Promise<SearchResult<CommentHit>> {
    const channel = query.channel
      ? sql`AND b.youtube_id IN (SELECT youtube_id FROM videos WHERE ${channelIn(query.channel)})`
      : NONE;
    return runWords(
      query.words,
      page,
      async (groups, p) => {
        const matches = (expression: string, exclude: string[], finder?: Finder) =>
          sql`SELECT s.comment_id AS rid, ts_rank_cd(s.doc, q) AS score
            FROM comments_search s CROSS JOIN ${tsquery(expression)} q
            JOIN comments b ON b.comment_id = s.comment_id
            WHERE ${found(finder)} ${channel} ${notIn(sql`s.comment_id`, exclude)}`;
        // comments are not searched phrase first: SQLite has no word pairs index for them
        const ranked = groups
          ? await this.fulltextPage('comments_search', matches, groups, p, {
              phraseFirst: false,
              scannable: !query.channel,
            })
          : await this.rows<RankedRow<string>>(
              page_(sql`SELECT b.comment_id AS rid, 1 AS score FROM comments b WHERE 1 = 1 ${channel}`, p),
            );
        if (ranked.length === 0) return [];
        const rows = await this.rows<Omit<CommentHit, 'score'>>(sql`
          SELECT cm.comment_id, cm.youtube_id, v.title, v.channel_id, ch.channel_name, cm.author, cm.text,
            cm.timestamp, cm.like_count
          FROM comments cm JOIN videos v ON v.youtube_id = cm.youtube_id
          JOIN channels ch ON ch.channel_id = v.channel_id
          WHERE cm.comment_id IN (${sql.join(ranked.map((r) => r.rid))})`);
        return inRankOrder(ranked, rows, (row) => row.comment_id);
      },
      (word, d) => this.lookup.neighbours('comments', '', word, d),
      (word) => this.lookup.isIndexedWord('comments', word),
    );
  }

  /**
   * Full-text hits of a section in the order of phrase-first.ts, ranked by ts_rank_cd over every word, the
   * rows found as on SQLite (sqlite-fulltext.ts): the phrase through the word pairs index (subtitle lines),
   * the other matches through their rare words.
   */
  private async fulltextPage<K>(
    table: 'subtitle_fragments_search' | 'comments_search',
    matches: (expression: string, exclude: K[], finder?: Finder) => RawBuilder<unknown>,
    groups: TermGroup[],
    page: PageSpec,
    how: { phraseFirst: boolean; scannable: boolean },
  ): Promise<RankedRow<K>[]> {
    const { phraseFirst, scannable } = how;
    const all = tsqueryExpression(groups);
    const phrase = phraseFirst ? tsqueryPhrase(groups) : undefined;
    return phraseFirstPage<K>(
      {
        phrase: async (limit) => {
          if (phrase === undefined) return undefined;
          const pairs = await this.wordPairs(groups);
          return this.rows<RankedRow<K>>(
            sql`SELECT rid, score FROM (${matches(phrase, [], pairs && { pairs, cap: limit })} LIMIT ${limit}) m ORDER BY score DESC, rid`,
          );
        },
        blocks: async (p, exclude) =>
          this.rows<RankedRow<K>>(
            rankedBlocks(matches(all, exclude, await this.narrowing(table, groups, scannable)), p),
          ),
      },
      page,
    );
  }

  /**
   * The words that find a query's rows when some are common: a word in more than COMMON_WORD_ROWS rows and
   * 1 % of them (pg_stats) ranks the rows but does not find them, as on SQLite. An AND with "it" and "not"
   * read a million postings of each at 10 million lines (20-50 ms) to find the lines that also hold "viga".
   * The rarest word finds them when all are common; undefined when none is (every word finds them).
   *
   * A common word that finds them is read by scanning the table (`scannable`: no filter narrows the lines
   * further), not through the index: a GIN index gives its rows only once it has read every posting of the
   * word into a bitmap, 1.16 million for "know" at 10 million lines (30-330 ms), while the table in its own
   * order (the order the bitmap gives too) holds the first 100 lines with the word within its first 10 000
   * rows at 1 % of lines (0.5 ms for "know"). A filter (a language, a channel) could leave the scan going
   * through millions of lines, so a filtered search keeps the index.
   */
  private async narrowing(table: string, groups: TermGroup[], scannable: boolean): Promise<Finder> {
    const { rows, words } = await this.frequency.counts(table);
    // an unlisted word is rare enough; a group of typo variants is in as many rows as all of them, and a
    // prefix as the listed words it starts ("the" of "the", "they", "there": its postings are theirs together)
    const listed = (g: TermGroup) =>
      g.prefix ? [...words.keys()].filter((word) => word.startsWith(g.prefix!)) : [];
    const inRows = groups.map((g) => [...g.terms, ...listed(g)].reduce((n, t) => n + (words.get(t) ?? 0), 0));
    const finding = findingItems(groups, inRows, rows, this.commonRows);
    const scan =
      scannable &&
      finding.length === 1 &&
      isCommon(inRows[groups.indexOf(finding[0]!)]!, rows, this.commonRows);
    if (!scan && finding.length === groups.length) return undefined;
    return { words: tsqueryExpression(finding), scan };
  }

  /**
   * The word pair keys of a phrase query as `tk_word_pair_keys` makes them from a line (migration 0036), so
   * they are those of the index; undefined when its words make no pair.
   */
  private async wordPairs(groups: TermGroup[]): Promise<number[] | undefined> {
    const words = pairWords(groups);
    if (!words) return undefined;
    const { rows } = await sql<{ pairs: number[] }>`
      SELECT tk_word_pair_keys(tk_search_vector(${words.join(' ')}, 'D')) AS pairs`.execute(this.db);
    const pairs = rows[0]?.pairs ?? [];
    return pairs.length > 0 ? pairs : undefined;
  }

  private async rows<T>(query: RawBuilder<unknown>): Promise<T[]> {
    return (await query.execute(this.db)).rows as T[];
  }

  async rebuild(): Promise<IndexCounts> {
    const tables = Object.keys(KEYS) as SearchTable[];
    await this.db.transaction().execute(async (trx) => {
      await sql.raw(`TRUNCATE ${tables.map((t) => `${t}_search`).join(', ')}`).execute(trx);
      for (const table of tables) {
        const key = KEYS[table];
        await sql
          .raw(
            `INSERT INTO ${table}_search (${key}, doc) SELECT r.${key}, ${table}_search_doc(r) FROM ${table} r`,
          )
          .execute(trx);
      }
    });
    for (const table of tables) await sql.raw(`ANALYZE ${table}_search`).execute(this.db);
    const count = async (table: SearchTable) =>
      Number(
        (await sql<{ n: number }>`SELECT count(*) AS n FROM ${sql.raw(`${table}_search`)}`.execute(this.db))
          .rows[0]!.n,
      );
    return {
      videos: await count('videos'),
      channels: await count('channels'),
      playlists: await count('playlists'),
      subtitle_fragments: await count('subtitle_fragments'),
      comments: await count('comments'),
    };
  }

  private named(
    query: ChannelSearch,
    page: PageSpec,
    table: 'channels' | 'playlists',
    name: string,
    active: string,
    subscribed: string,
  ): Promise<SearchResult<ScoredId>> {
    const weights = query.scope === 'name' ? 'A' : '';
    const key = sql.raw(KEYS[table]);
    const filter = sql.join(
      [
        sql`1 = 1`,
        ...(query.active === undefined ? [] : [sql`d.${sql.ref(active)} = ${query.active ? 1 : 0}`]),
        ...(query.subscribed === undefined
          ? []
          : [sql`d.${sql.ref(subscribed)} = ${query.subscribed ? 1 : 0}`]),
      ],
      sql` AND `,
    );
    return runWords(
      query.words,
      page,
      (groups, p) =>
        groups
          ? this.ids(sql`SELECT id, score FROM (
              SELECT s.${key} AS id, ts_rank_cd(s.doc, q) AS score
              FROM ${sql.raw(`${table}_search`)} s CROSS JOIN ${tsquery(tsqueryExpression(groups, weights))} q
              JOIN ${sql.raw(table)} d ON d.${key} = s.${key} WHERE s.doc @@ q AND ${filter} LIMIT ${RANK_WINDOW}) x
            ORDER BY score DESC, id LIMIT ${p.limit} OFFSET ${p.offset}`)
          : this.ids(sql`SELECT d.${key} AS id, 1 AS score FROM ${sql.raw(table)} d WHERE ${filter}
              ORDER BY d.${sql.ref(name)}, d.${key} LIMIT ${p.limit} OFFSET ${p.offset}`),
      (word, d) => this.lookup.neighbours(table, weights, word, d),
    );
  }

  private async ids(query: RawBuilder<ScoredId>): Promise<ScoredId[]> {
    return (await query.execute(this.db)).rows;
  }
}

/**
 * How a full-text query finds its rows: through every word (undefined), through its rare words only (common
 * ones rank the rows but do not find them, as on SQLite) or, when every word is common, its rarest one
 * (`scan`: read from the table in its order, see `narrowing`), or through the word pair keys of its phrase
 * (migration 0036): the first `cap` lines holding those keys in index order, checked for the phrase, as
 * SQLite checks the candidates of its pairs index (a pair like "and_which" is in thousands of lines that
 * rarely go on with "and": checking them all took 140 ms).
 */
type Finder = { pairs: number[]; cap: number } | { words: string; scan: boolean } | undefined;

/**
 * The condition for the rows (`s`) a finder finds that hold query `q` (pair keys: subtitle lines only). `ts_match_vq` is `@@`
 * written so that the planner cannot read the words index for it too: it did, a BitmapAnd of the pairs with
 * the postings of "little", "and" and "that" (151 of a search's 155 ms, where the pairs took 2.6).
 */
function found(finder: Finder) {
  if (finder === undefined) return sql`s.doc @@ q`;
  if ('words' in finder) {
    return finder.scan
      ? sql`ts_match_vq(s.doc, ${tsquery(finder.words)})`
      : sql`s.doc @@ ${tsquery(finder.words)}`;
  }
  return sql`s.id IN (SELECT c.id FROM subtitle_fragments_search c
      WHERE tk_word_pair_keys(c.doc) @> ${finder.pairs}::int[] LIMIT ${finder.cap})
    AND ts_match_vq(s.doc, q)`;
}

/**
 * Matches ranked in blocks of FULLTEXT_RANK_WINDOW in the order the index returns them, as on SQLite
 * (sqlite-fulltext.ts): a broad query ranks one block, not every match, and pages are slices of that order.
 */
function rankedBlocks(matches: RawBuilder<unknown>, page: PageSpec) {
  const window = FULLTEXT_RANK_WINDOW;
  const first = Math.floor(page.offset / window) * window;
  const blocks = Math.ceil((page.offset + page.limit - first) / window);
  return sql`SELECT rid, score FROM (
      SELECT rid, score, (row_number() OVER () - 1) / ${window} AS block
      FROM (${matches} LIMIT ${blocks * window} OFFSET ${first}) m) x
    ORDER BY block, score DESC, rid LIMIT ${page.limit} OFFSET ${page.offset - first}`;
}

function page_(ranked: RawBuilder<unknown>, page: PageSpec) {
  return sql`SELECT rid, score FROM (${ranked}) x ORDER BY score DESC, rid LIMIT ${page.limit} OFFSET ${page.offset}`;
}

/** The tsquery part of a `channel:` filter; null when the filter has no searchable word (matches nothing). */
function filterExpression(spec: WordsSpec | undefined, weights: string): string | null | undefined {
  if (!spec) return undefined;
  const groups = exactGroups(spec);
  return groups.length === 0 ? null : tsqueryExpression(groups, weights);
}

function channelIn(spec: WordsSpec) {
  const expression = filterExpression(spec, 'A');
  if (!expression) return sql`1 = 0`;
  return sql`channel_id IN (SELECT channel_id FROM channels_search WHERE doc @@ ${tsquery(expression)})`;
}
