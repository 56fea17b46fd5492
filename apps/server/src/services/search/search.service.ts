import {
  SEARCH_PAGE_SIZE,
  type CommentHit,
  type FulltextHit,
  type SearchResponse,
} from '@tubekeeper/contract';
import type {
  CommentHit as CommentRow,
  FragmentHit,
  PageSpec,
  ScoredId,
  SearchIndex,
  SearchResult,
  WordsSpec,
} from '../../db/search/search-index.ts';
import { MIN_FUZZY_LENGTH, queryWords } from '../../db/search/search-text.ts';
import { videoThumbUrl } from '../wire/urls.ts';
import { highlighter } from './highlight.ts';
import { parseSearchQuery, type ParsedQuery } from './query-parser.ts';
import type { SearchDocuments } from './search-documents.ts';

type Results = SearchResponse['results'];

export interface SearchRequest {
  query: string;
  /** 1-based; 0 or absent is the first page */
  page?: number;
  pageSize?: number;
}

/** Hits of each section a query type searches, before they become documents. */
interface Found {
  videos?: SearchResult<ScoredId>;
  channels?: SearchResult<ScoredId>;
  playlists?: SearchResult<ScoredId>;
  fragments?: SearchResult<FragmentHit>;
  comments?: SearchResult<CommentRow>;
}

const count = (found: Found) =>
  Object.values(found).reduce((n: number, r: SearchResult<unknown>) => n + r.hits.length, 0);

/** Upstream's fuzziness setting as typo levels: 'auto' allows one edit (in words of five or more letters). */
const TYPO_LEVELS = { auto: 1, 0: 0, 1: 1, 2: 2 } as const;

const hasLongWord = (words: WordsSpec | undefined) =>
  words?.words.some((w) => [...w].length >= MIN_FUZZY_LENGTH) ?? false;

const round = (score: number) => Math.round(score * 100) / 100;

/** "HH:MM:SS.mmm", as upstream stores subtitle times. */
export function clockTime(ms: number): string {
  const pad = (n: number, width = 2) => String(Math.floor(n)).padStart(width, '0');
  const total = Math.max(0, Math.round(ms));
  return `${pad(total / 3_600_000)}:${pad((total / 60_000) % 60)}:${pad((total / 1000) % 60)}.${pad(total % 1000, 3)}`;
}

/**
 * The search of upstream §2 with its query language, plus paging, `comment:` and typo tolerance. The
 * engine (db/search) finds and ranks; this turns the query into words and filters, and hits into the
 * documents and fulltext hits the API answers.
 */
export class SearchService {
  constructor(
    private readonly index: SearchIndex,
    private readonly documents: SearchDocuments,
  ) {}

  async search(userId: number, request: SearchRequest): Promise<SearchResponse> {
    const parsed = parseSearchQuery(request.query);
    const size = request.pageSize ?? SEARCH_PAGE_SIZE;
    const page: PageSpec = { limit: size, offset: (Math.max(request.page ?? 1, 1) - 1) * size };
    // the last word is a prefix while it is being typed: not once a space follows it
    const typing = !/\s$/.test(request.query);
    const words = (typos: WordsSpec['typos']) => wordsOf(parsed.term, typos, typing);
    let found = await this.find(parsed, words(0), page);
    const typos = TYPO_LEVELS[parsed.fuzzy];
    if (count(found) === 0 && typos > 0 && hasLongWord(words(0))) {
      // a later page of a query that matched as typed stays empty rather than switching to typo matches
      const matchedAsTyped =
        page.offset > 0 && count(await this.find(parsed, words(0), { limit: 1, offset: 0 })) > 0;
      if (!matchedAsTyped) found = await this.find(parsed, words(typos), page);
    }
    return { results: await this.present(userId, found), queryType: parsed.type };
  }

  /** The engine's hits of every section the query type searches. */
  private async find(parsed: ParsedQuery, words: WordsSpec | undefined, page: PageSpec): Promise<Found> {
    const channel = parsed.channel === undefined ? undefined : wordsOf(parsed.channel, 0, true);
    const { type } = parsed;
    const found: Found = {};
    const jobs: Promise<unknown>[] = [];
    if (type === 'simple' || type === 'video') {
      const scope = type === 'simple' ? 'title' : 'all';
      jobs.push(
        this.index
          .videos({ words, scope, channel, active: parsed.active }, page)
          .then((r) => (found.videos = r)),
      );
    }
    if (type === 'simple' || type === 'channel') {
      jobs.push(this.index.channels(namedQuery(parsed, words), page).then((r) => (found.channels = r)));
    }
    if (type === 'simple' || type === 'playlist') {
      jobs.push(this.index.playlists(namedQuery(parsed, words), page).then((r) => (found.playlists = r)));
    }
    if (type === 'full') {
      const query = { words, lang: parsed.lang, source: parsed.source, channel };
      jobs.push(this.index.fragments(query, page).then((r) => (found.fragments = r)));
    }
    if (type === 'comment') {
      jobs.push(this.index.comments({ words, channel }, page).then((r) => (found.comments = r)));
    }
    await Promise.all(jobs);
    return found;
  }

  private async present(userId: number, found: Found): Promise<Results> {
    const fragments = found.fragments;
    const [video_results, channel_results, playlist_results] = await Promise.all([
      this.withDocuments(found.videos, (ids) => this.documents.videos(userId, ids), 'ta_video'),
      this.withDocuments(found.channels, (ids) => this.documents.channels(ids), 'ta_channel'),
      this.withDocuments(found.playlists, (ids) => this.documents.playlists(ids), 'ta_playlist'),
    ]);
    const comments = found.comments;
    return {
      video_results,
      channel_results,
      playlist_results,
      fulltext_results: fragments ? fragments.hits.map(fulltextHit(highlighter(fragments.groups))) : [],
      comment_results: comments ? comments.hits.map(commentHit(highlighter(comments.groups))) : [],
    };
  }

  private async withDocuments<T>(
    found: SearchResult<ScoredId> | undefined,
    load: (ids: string[]) => Promise<Map<string, T>>,
    index: string,
  ): Promise<(T & { _index: string; _score: number })[]> {
    const hits = found?.hits ?? [];
    if (hits.length === 0) return [];
    const documents = await load(hits.map((h) => h.id));
    return hits.flatMap((hit) => {
      const document = documents.get(hit.id);
      if (!document) return [];
      // the hit's meta first, where the hit schemas have it (documentMeta): the answer is exact wire
      const { _index, _score, ...fields } = document as T & { _index?: string; _score?: number };
      return [
        { _index: index, _score: round(hit.score), ...fields } as T & { _index: string; _score: number },
      ];
    });
  }
}

/** The words to search for; undefined when the query has no term (a lone type or keyword lists everything). */
function wordsOf(text: string, typos: WordsSpec['typos'], prefixLast: boolean): WordsSpec | undefined {
  if (text.trim() === '') return undefined;
  return { words: queryWords(text), prefixLast, typos };
}

function namedQuery(parsed: ParsedQuery, words: WordsSpec | undefined) {
  return {
    words,
    scope: parsed.type === 'simple' ? ('name' as const) : ('all' as const),
    active: parsed.active,
    subscribed: parsed.subscribed,
  };
}

const fulltextHit =
  (highlight: (text: string) => string) =>
  (hit: FragmentHit): FulltextHit => ({
    _index: 'ta_subtitle',
    _score: round(hit.score),
    subtitle_channel: hit.channel_name,
    subtitle_channel_id: hit.channel_id,
    subtitle_end: clockTime(hit.end_ms),
    subtitle_fragment_id: `${hit.youtube_id}-${hit.lang}-${hit.fragment_index}`,
    subtitle_index: hit.fragment_index,
    subtitle_lang: hit.lang,
    subtitle_last_refresh: Math.floor(hit.vid_last_refresh / 1000),
    subtitle_line: highlight(hit.line),
    subtitle_source: hit.source,
    subtitle_start: clockTime(hit.start_ms),
    title: hit.title,
    vid_thumb_url: videoThumbUrl(hit.youtube_id),
    youtube_id: hit.youtube_id,
  });

const commentHit =
  (highlight: (text: string) => string) =>
  (hit: CommentRow): CommentHit => ({
    _index: 'ta_comment',
    _score: round(hit.score),
    comment_author: hit.author,
    comment_channel: hit.channel_name,
    comment_channel_id: hit.channel_id,
    comment_id: hit.comment_id,
    comment_likecount: hit.like_count,
    comment_text: highlight(hit.text),
    comment_timestamp: hit.timestamp,
    title: hit.title,
    vid_thumb_url: videoThumbUrl(hit.youtube_id),
    youtube_id: hit.youtube_id,
  });
