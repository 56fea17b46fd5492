import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../tables.ts';
import { ftsExpression, probePrefix } from './fts5-query.ts';
import {
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
import { COMMON_WORD_ROWS, SqliteFulltext } from './sqlite-fulltext.ts';
import { SerialQueue } from './serial-queue.ts';
import { SqliteIndexTidy } from './sqlite-index-tidy.ts';
import { SQLITE_REBUILD } from './sqlite-rebuild.ts';
import { editVariants } from './search-text.ts';
import { exactGroups, runWords } from './term-groups.ts';
import { inRankOrder, notIn } from './phrase-first.ts';

const NONE = sql``;
/** Column weights of bm25: title/name 10, tags 4, channel name 2, description 1 (same order as PostgreSQL's A–D). */
const VIDEO_COLUMNS = { title: ['title'], all: ['title', 'tags', 'description'] } as const;

type Ranked = { rid: number; score: number };

/** SQLite FTS5 engine: contentless indexes kept by triggers (migration 0004), bm25 ranking. */
export class SqliteSearchIndex implements SearchIndex {
  private readonly lines: SqliteFulltext;
  private readonly commentText: SqliteFulltext;
  private readonly queue = new SerialQueue();
  private readonly tidier: SqliteIndexTidy;

  /** `commonWordRows`: see sqlite-fulltext.ts (tests lower it to exercise that path on a small library). */
  constructor(
    private readonly db: Kysely<Database>,
    commonWordRows = COMMON_WORD_ROWS,
  ) {
    const span = (table: string) =>
      sql<{ span: number | null }>`SELECT max(id) AS span FROM ${sql.raw(table)}`;
    this.lines = new SqliteFulltext(
      db,
      'subtitle_fragments_fts',
      span('subtitle_fragments'),
      commonWordRows,
      'subtitle_pairs_fts',
    );
    this.commentText = new SqliteFulltext(db, 'comments_fts', span('search_keys'), commonWordRows);
    this.tidier = new SqliteIndexTidy(db);
  }

  videos(query: VideoSearch, page: PageSpec): Promise<SearchResult<ScoredId>> {
    return this.queue.run(() => this.videosNow(query, page));
  }

  private videosNow(query: VideoSearch, page: PageSpec): Promise<SearchResult<ScoredId>> {
    const columns = VIDEO_COLUMNS[query.scope];
    const filter = query.active === undefined ? NONE : sql`AND v.active = ${query.active ? 1 : 0}`;
    const channel = channelExpression(query.channel, ['channel_name']);
    return runWords(
      query.words,
      page,
      async (groups, p) => {
        if (channel === null) return [];
        const match = [groups && ftsExpression(groups, columns), channel].filter(Boolean).join(' AND ');
        if (!match) {
          return this.ids(sql`SELECT v.youtube_id AS id, 1 AS score FROM videos v WHERE 1 = 1 ${filter}
            ORDER BY v.published DESC, v.youtube_id LIMIT ${p.limit} OFFSET ${p.offset}`);
        }
        return this.ids(sql`SELECT id, score FROM (
            SELECT k.doc_key AS id, -bm25(videos_fts, 10.0, 4.0, 2.0, 1.0) AS score FROM videos_fts
            JOIN search_keys k ON k.id = videos_fts.rowid JOIN videos v ON v.youtube_id = k.doc_key
            WHERE videos_fts MATCH ${match} ${filter} LIMIT ${RANK_WINDOW})
          ORDER BY score DESC, id LIMIT ${p.limit} OFFSET ${p.offset}`);
      },
      (word, d) => this.neighbours('videos_fts', columns, word, d),
    );
  }

  channels(query: ChannelSearch, page: PageSpec): Promise<SearchResult<ScoredId>> {
    return this.queue.run(() => this.channelsNow(query, page));
  }

  private channelsNow(query: ChannelSearch, page: PageSpec): Promise<SearchResult<ScoredId>> {
    return this.named(query, page, {
      fts: 'channels_fts',
      table: 'channels',
      key: 'channel_id',
      name: 'channel_name',
      weights: '10.0, 4.0, 1.0',
      active: 'channel_active',
      subscribed: 'channel_subscribed',
    });
  }

  playlists(query: PlaylistSearch, page: PageSpec): Promise<SearchResult<ScoredId>> {
    return this.queue.run(() => this.playlistsNow(query, page));
  }

  private playlistsNow(query: PlaylistSearch, page: PageSpec): Promise<SearchResult<ScoredId>> {
    return this.named(query, page, {
      fts: 'playlists_fts',
      table: 'playlists',
      key: 'playlist_id',
      name: 'playlist_name',
      weights: '10.0, 1.0',
      active: 'playlist_active',
      subscribed: 'playlist_subscribed',
    });
  }

  fragments(query: FragmentSearch, page: PageSpec): Promise<SearchResult<FragmentHit>> {
    return this.queue.run(() => this.fragmentsNow(query, page));
  }

  private fragmentsNow(query: FragmentSearch, page: PageSpec): Promise<SearchResult<FragmentHit>> {
    const filters = sql.join(
      [
        sql`1 = 1`,
        ...(query.lang === undefined ? [] : [sql`s.lang = ${query.lang}`]),
        ...(query.source === undefined ? [] : [sql`s.source = ${query.source}`]),
        ...(query.channel
          ? [sql`s.youtube_id IN (SELECT youtube_id FROM videos WHERE ${channelIn(query.channel)})`]
          : []),
      ],
      sql` AND `,
    );
    const fts = 'subtitle_fragments_fts';
    return runWords(
      query.words,
      page,
      async (groups, p) => {
        const ranked = groups
          ? await this.lines.rankedPage(
              (match, limit, offset, exclude) => {
                const fts = sql.raw(
                  match.index === 'pairs' ? 'subtitle_pairs_fts' : 'subtitle_fragments_fts',
                );
                return sql`SELECT s.id AS rid, s.line AS text FROM ${fts} JOIN subtitle_fragments s ON s.id = ${fts}.rowid
                  WHERE ${fts} MATCH ${match.expression} AND ${filters} ${notIn(sql`s.id`, exclude)}
                  LIMIT ${limit} OFFSET ${offset}`;
              },
              groups,
              p,
            )
          : await this
              .rows<Ranked>(sql`SELECT s.id AS rid, 1 AS score FROM subtitle_fragments s WHERE ${filters}
              ORDER BY s.id LIMIT ${p.limit} OFFSET ${p.offset}`);
        if (ranked.length === 0) return [];
        const rows = await this.rows<Omit<FragmentHit, 'score'>>(sql`
          SELECT sf.id, sf.youtube_id, v.title, v.channel_id, c.channel_name, sf.lang, sf.source,
            sf.fragment_index, sf.start_ms, sf.end_ms, sf.line, v.vid_last_refresh
          FROM subtitle_fragments sf JOIN videos v ON v.youtube_id = sf.youtube_id
          JOIN channels c ON c.channel_id = v.channel_id WHERE sf.id IN (${sql.join(ranked.map((r) => r.rid))})`);
        return inRankOrder(ranked, rows, (row) => row.id);
      },
      (word, d) => this.listedNeighbours(word, d),
      (word) => this.isIndexedWord(fts, word),
    );
  }

  comments(query: CommentSearch, page: PageSpec): Promise<SearchResult<CommentHit>> {
    return this.queue.run(() => this.commentsNow(query, page));
  }

  private commentsNow(query: CommentSearch, page: PageSpec): Promise<SearchResult<CommentHit>> {
    const channel = query.channel
      ? sql`AND cm.youtube_id IN (SELECT youtube_id FROM videos WHERE ${channelIn(query.channel)})`
      : NONE;
    const fts = 'comments_fts';
    return runWords(
      query.words,
      page,
      async (groups, p) => {
        const ranked = groups
          ? await this.commentText.rankedPage(
              (match, limit, offset, exclude) => sql`SELECT k.id AS rid, cm.text AS text
                FROM comments_fts JOIN search_keys k ON k.id = comments_fts.rowid
                JOIN comments cm ON cm.comment_id = k.doc_key
                WHERE comments_fts MATCH ${match.expression} ${channel} ${notIn(sql`k.id`, exclude)}
                LIMIT ${limit} OFFSET ${offset}`,
              groups,
              p,
            )
          : await this.rows<Ranked>(sql`SELECT k.id AS rid, 1 AS score FROM comments cm
              JOIN search_keys k ON k.kind = 'comment' AND k.doc_key = cm.comment_id WHERE 1 = 1 ${channel}
              ORDER BY k.id LIMIT ${p.limit} OFFSET ${p.offset}`);
        if (ranked.length === 0) return [];
        const rows = await this.rows<Omit<CommentHit, 'score'> & { rid: number }>(sql`
          SELECT k.id AS rid, cm.comment_id, cm.youtube_id, v.title, v.channel_id, ch.channel_name, cm.author,
            cm.text, cm.timestamp, cm.like_count
          FROM search_keys k JOIN comments cm ON cm.comment_id = k.doc_key
          JOIN videos v ON v.youtube_id = cm.youtube_id JOIN channels ch ON ch.channel_id = v.channel_id
          WHERE k.id IN (${sql.join(ranked.map((r) => r.rid))})`);
        return inRankOrder(ranked, rows, (row) => row.rid).map(({ rid: _rid, ...hit }) => hit);
      },
      (word, d) => this.neighbours(fts, undefined, word, d),
      (word) => this.isIndexedWord(fts, word),
    );
  }

  tidy(): Promise<number> {
    return this.tidier.run();
  }

  async rebuild(): Promise<IndexCounts> {
    await this.db.transaction().execute(async (trx) => {
      for (const statement of SQLITE_REBUILD) await sql.raw(statement).execute(trx);
    });
    const count = async (from: RawBuilder<unknown>) =>
      Number((await sql<{ n: number }>`SELECT count(*) AS n FROM ${from}`.execute(this.db)).rows[0]!.n);
    const keys = (kind: string) => sql`search_keys WHERE kind = ${kind}`;
    return {
      videos: await count(keys('video')),
      channels: await count(keys('channel')),
      playlists: await count(keys('playlist')),
      subtitle_fragments: await count(sql`subtitle_fragments`),
      comments: await count(keys('comment')),
    };
  }

  private named(
    query: ChannelSearch,
    page: PageSpec,
    t: {
      fts: string;
      table: string;
      key: string;
      name: string;
      weights: string;
      active: string;
      subscribed: string;
    },
  ): Promise<SearchResult<ScoredId>> {
    const columns = query.scope === 'name' ? [t.name] : undefined;
    const filter = sql.join(
      [
        sql`1 = 1`,
        ...(query.active === undefined ? [] : [sql`d.${sql.ref(t.active)} = ${query.active ? 1 : 0}`]),
        ...(query.subscribed === undefined
          ? []
          : [sql`d.${sql.ref(t.subscribed)} = ${query.subscribed ? 1 : 0}`]),
      ],
      sql` AND `,
    );
    const [fts, table, key] = [sql.raw(t.fts), sql.raw(t.table), sql.raw(t.key)];
    return runWords(
      query.words,
      page,
      (groups, p) =>
        groups
          ? this.ids(sql`SELECT id, score FROM (
              SELECT k.doc_key AS id, -bm25(${fts}, ${sql.raw(t.weights)}) AS score FROM ${fts}
              JOIN search_keys k ON k.id = ${fts}.rowid JOIN ${table} d ON d.${key} = k.doc_key
              WHERE ${fts} MATCH ${ftsExpression(groups, columns)} AND ${filter} LIMIT ${RANK_WINDOW})
            ORDER BY score DESC, id LIMIT ${p.limit} OFFSET ${p.offset}`)
          : this.ids(sql`SELECT d.${key} AS id, 1 AS score FROM ${table} d WHERE ${filter}
              ORDER BY d.${sql.raw(t.name)}, d.${key} LIMIT ${p.limit} OFFSET ${p.offset}`),
      (word, d) => this.neighbours(t.fts, columns, word, d),
    );
  }

  private async ids(query: RawBuilder<ScoredId>): Promise<ScoredId[]> {
    return (await query.execute(this.db)).rows;
  }

  private async rows<T>(query: RawBuilder<unknown>): Promise<T[]> {
    return (await query.execute(this.db)).rows as T[];
  }

  private async isIndexedWord(fts: string, word: string): Promise<boolean> {
    const table = sql.raw(fts);
    const found =
      await sql`SELECT 1 FROM ${table} WHERE ${table} MATCH ${ftsExpression([{ terms: [word] }])} LIMIT 1`.execute(
        this.db,
      );
    return found.rows.length > 0;
  }

  /**
   * Candidate spellings of a subtitle word checked against the lines' word list (migration 0042): ~400
   * B-tree look-ups of a small table, where `neighbours` would run as many FTS5 MATCHes over millions of lines.
   */
  private async listedNeighbours(word: string, distance: 1 | 2): Promise<string[]> {
    const candidates = JSON.stringify([...editVariants(word, distance)]);
    const { rows } = await sql<{ value: string }>`SELECT t.value FROM json_each(${candidates}) t
      WHERE EXISTS (SELECT 1 FROM subtitle_words WHERE word = t.value)`.execute(this.db);
    return rows.map((r) => r.value);
  }

  /** Candidate spellings checked against the index in one statement; only words that occur come back. */
  private async neighbours(
    fts: string,
    columns: readonly string[] | undefined,
    word: string,
    distance: 1 | 2,
  ): Promise<string[]> {
    const candidates = [...editVariants(word, distance)];
    const table = sql.raw(fts);
    const found: string[] = [];
    for (let i = 0; i < candidates.length; i += 5000) {
      const batch = JSON.stringify(candidates.slice(i, i + 5000));
      const result = await sql<{ value: string }>`SELECT t.value FROM json_each(${batch}) t
        WHERE EXISTS (SELECT 1 FROM ${table} WHERE ${table} MATCH ${probePrefix(columns)} || t.value || '"')`.execute(
        this.db,
      );
      found.push(...result.rows.map((r) => r.value));
    }
    return found;
  }
}

/** The MATCH part for a `channel:` filter on a column; null when the filter has no searchable word (matches nothing). */
function channelExpression(
  spec: WordsSpec | undefined,
  columns: readonly string[],
): string | null | undefined {
  if (!spec) return undefined;
  const groups: TermGroup[] = exactGroups(spec);
  return groups.length === 0 ? null : ftsExpression(groups, columns);
}

/** `channel_id IN (channels whose name matches)`; a filter without searchable words matches nothing. */
function channelIn(spec: WordsSpec) {
  const match = channelExpression(spec, ['channel_name']);
  if (!match) return sql`0 = 1`;
  return sql`channel_id IN (SELECT k.doc_key FROM channels_fts JOIN search_keys k ON k.id = channels_fts.rowid
    WHERE channels_fts MATCH ${match})`;
}
