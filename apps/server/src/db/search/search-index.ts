/**
 * The search repository: one interface, an SQLite FTS5 engine (search.sqlite.ts) and a PostgreSQL
 * tsvector engine (search.postgres.ts). Callers pass normalized words (search-text.ts) and filters, never SQL.
 */

/** What one query word may match: the word itself, typo variants found in the index, or a prefix. */
export interface TermGroup {
  terms: string[];
  prefix?: string;
}

/**
 * The words of a query; the last may be a prefix (search-as-you-type). `typos` 1 or 2 widens each word of
 * five or more letters to the index words that many edits away (0: the words as typed).
 */
export interface WordsSpec {
  words: string[];
  prefixLast: boolean;
  typos: 0 | 1 | 2;
}

export interface PageSpec {
  limit: number;
  offset: number;
}

export interface VideoSearch {
  /** undefined: no term, every video passing the filters */
  words?: WordsSpec;
  /** title only (simple search) or title, tags and description (`video:`) */
  scope: 'title' | 'all';
  channel?: WordsSpec;
  active?: boolean;
}

export interface ChannelSearch {
  words?: WordsSpec;
  scope: 'name' | 'all';
  active?: boolean;
  subscribed?: boolean;
}

export type PlaylistSearch = ChannelSearch;

export interface FragmentSearch {
  words?: WordsSpec;
  lang?: string;
  source?: string;
  channel?: WordsSpec;
}

export interface CommentSearch {
  words?: WordsSpec;
  channel?: WordsSpec;
}

export interface ScoredId {
  id: string;
  score: number;
}

export interface FragmentHit {
  id: number;
  youtube_id: string;
  title: string;
  channel_id: string;
  channel_name: string;
  lang: string;
  source: string;
  fragment_index: number;
  start_ms: number;
  end_ms: number;
  line: string;
  /** epoch ms of the video's last refresh (`subtitle_last_refresh`), read with its title */
  vid_last_refresh: number;
  score: number;
}

export interface CommentHit {
  comment_id: string;
  youtube_id: string;
  title: string;
  channel_id: string;
  channel_name: string;
  author: string;
  text: string;
  timestamp: number;
  like_count: number;
  score: number;
}

/** Hits of one section, plus the term groups that matched them (so the caller can highlight typo matches). */
export interface SearchResult<T> {
  hits: T[];
  groups: TermGroup[];
}

export interface IndexCounts {
  videos: number;
  channels: number;
  playlists: number;
  subtitle_fragments: number;
  comments: number;
}

export interface SearchIndex {
  videos(query: VideoSearch, page: PageSpec): Promise<SearchResult<ScoredId>>;
  channels(query: ChannelSearch, page: PageSpec): Promise<SearchResult<ScoredId>>;
  playlists(query: PlaylistSearch, page: PageSpec): Promise<SearchResult<ScoredId>>;
  fragments(query: FragmentSearch, page: PageSpec): Promise<SearchResult<FragmentHit>>;
  comments(query: CommentSearch, page: PageSpec): Promise<SearchResult<CommentHit>>;
  /** Re-creates every index from the tables; returns how many rows each now holds. */
  rebuild(): Promise<IndexCounts>;
  /**
   * Tidies the index after writes, in small steps: SQLite's FTS5 segments, PostgreSQL's GIN pending lists;
   * resolves to the steps run (merges, pages).
   */
  tidy?(): Promise<number>;
  /** Stops what the engine runs beside the database connection (search threads), if anything. */
  close?(): Promise<void>;
}

/**
 * Only this many best-matching rows (in index order) are ranked for one query. A query matching millions of
 * subtitle lines ("the") would otherwise score every one of them; beyond the window a search is too broad to
 * page through anyway.
 */
export const RANK_WINDOW = 10_000;

/**
 * Subtitle lines and comments are ranked by cover density in blocks of this many matches (sqlite-fulltext.ts;
 * on PostgreSQL the first this many): every match of a specific phrase is ranked, while a query of common
 * words ("and the") reads a hundred lines, not millions. At 10 million lines a block costs ~1 ms.
 */
export const FULLTEXT_RANK_WINDOW = 100;

/**
 * A word in more rows than this (and in more than 1 % of them) is "common" ("the", "you"): it ranks the
 * rows but does not find them (sqlite-fulltext.ts, search.postgres.ts). Tests lower it to exercise that
 * path on a small library.
 */
export const COMMON_WORD_ROWS = 50_000;
