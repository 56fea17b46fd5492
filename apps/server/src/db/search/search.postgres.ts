import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../tables.ts';
import { found, PostgresFinders, searched, type Finder } from './pg-fulltext-finders.ts';
import { mergePendingLists } from './pg-pending-lists.ts';
import { refillSearchTables, SEARCH_KEYS, type SearchTable } from './pg-rebuild.ts';
import { refreshSearchStatistics } from './pg-search-statistics.ts';
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
import { toTsquery, tsqueryExpression, tsqueryPhrase } from './tsquery.ts';
import { exactGroups, runWords } from './term-groups.ts';

const NONE = sql``;
/** Weight letters of the documents (migration 0004): A title/name, B tags, C channel name, D description. */
const VIDEO_WEIGHTS = { title: 'A', all: 'ABD' } as const;

/** PostgreSQL engine: weighted tsvector side tables kept by triggers (migration 0004), ts_rank_cd ranking. */
export class PostgresSearchIndex implements SearchIndex {
  private readonly frequency: PostgresWordFrequency;
  private readonly lookup: PostgresWordLookup;
  private readonly finders: PostgresFinders;

  /** `commonRows`: see PostgresFinders (tests lower it to exercise those paths on a small library). */
  constructor(
    private readonly db: Kysely<Database>,
    commonRows = COMMON_WORD_ROWS,
  ) {
    this.frequency = new PostgresWordFrequency(db);
    this.lookup = new PostgresWordLookup(db, this.frequency);
    this.finders = new PostgresFinders(db, this.frequency, commonRows);
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
            FROM videos_search s CROSS JOIN ${toTsquery(parts.join(' & '))} q JOIN videos v ON v.youtube_id = s.youtube_id
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
            FROM ${searched('subtitle_fragments_search', finder)} CROSS JOIN ${toTsquery(expression)} q ${lines}
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
            sf.fragment_index, sf.start_ms, sf.end_ms, sf.line, v.vid_last_refresh
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
            FROM ${searched('comments_search', finder)} CROSS JOIN ${toTsquery(expression)} q
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
          const pairs = await this.finders.phrasePairs(table, groups, limit, scannable);
          return this.rows<RankedRow<K>>(
            sql`SELECT rid, score FROM (${matches(phrase, [], pairs)} LIMIT ${limit}) m ORDER BY score DESC, rid`,
          );
        },
        blocks: async (p, exclude) =>
          this.rows<RankedRow<K>>(
            rankedBlocks(matches(all, exclude, await this.finders.narrowing(table, groups, scannable)), p),
          ),
      },
      page,
    );
  }

  private async rows<T>(query: RawBuilder<unknown>): Promise<T[]> {
    return (await query.execute(this.db)).rows as T[];
  }

  /** Statistics of much-changed tables refreshed, the GIN indexes' pending lists merged (their files say why). */
  async tidy(): Promise<number> {
    const analyzed = await refreshSearchStatistics(this.db);
    for (const table of analyzed) this.frequency.forget(table);
    return analyzed.length + (await mergePendingLists(this.db));
  }

  async rebuild(): Promise<IndexCounts> {
    await refillSearchTables(this.db);
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
    const key = sql.raw(SEARCH_KEYS[table]);
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
              FROM ${sql.raw(`${table}_search`)} s CROSS JOIN ${toTsquery(tsqueryExpression(groups, weights))} q
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
  return sql`channel_id IN (SELECT channel_id FROM channels_search WHERE doc @@ ${toTsquery(expression)})`;
}
