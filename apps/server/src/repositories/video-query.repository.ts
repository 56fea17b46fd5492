import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import { codePointOrder, type Engine } from '../db/dialect.ts';
import type { ChannelRow, Database, SubtitleRow, VideoRow } from '../db/tables.ts';
import { CountsUntilChange } from './counts-until-change.ts';
import { VideoListAnchors } from './video-list-anchors.ts';

/** The caller's own watch state of a video (migration 0030: watched is per user). */
export interface WatchMark {
  /** 1 when the caller marked the video watched */
  watched: number;
  watched_date: number | null;
}

/** A video row with its channel's columns, the caller's watch state and saved position (null when none). */
export type VideoRecord = VideoRow &
  Omit<ChannelRow, 'channel_id'> &
  WatchMark & { progress_position: number | null };

/** A record with what the video carries along: its subtitle files (by lang) and the playlists containing it. */
export type FullVideoRecord = VideoRecord & { subtitles: SubtitleRow[]; playlist_ids: string[] };

export type VideoSortField =
  'published' | 'downloaded' | 'views' | 'likes' | 'duration' | 'mediasize' | 'width' | 'height';

export interface VideoListFilter {
  /** whose watch state and progress to attach, and whose watched, unwatched and "continue" lists */
  userId: number;
  channelId?: string;
  playlistId?: string;
  watch?: 'watched' | 'unwatched' | 'continue';
  type?: VideoRow['vid_type'];
  height?: number;
}

export interface VideoListOrder {
  sort: VideoSortField;
  order: 'asc' | 'desc';
}

/** Upstream's sort names (§1.4) and the columns behind them; each has an index ending in youtube_id. */
const SORT_COLUMNS = {
  published: 'videos.published',
  downloaded: 'videos.date_downloaded',
  views: 'videos.view_count',
  likes: 'videos.like_count',
  duration: 'videos.duration',
  mediasize: 'videos.media_size',
  width: 'videos.width',
  height: 'videos.height',
} as const satisfies Record<VideoSortField, string>;

const CHANNEL_COLUMNS = [
  'channels.channel_name',
  'channels.channel_subs',
  'channels.channel_subscribed',
  'channels.channel_active',
  'channels.channel_last_refresh',
  'channels.channel_views',
  'channels.channel_description',
  'channels.channel_tags',
  'channels.channel_tabs',
  'channels.channel_thumb_url',
  'channels.channel_banner_url',
  'channels.channel_tvart_url',
  'channels.channel_overwrites',
] as const;

/** PostgreSQL, per video row: its subtitle rows by lang and the playlists containing it, as JSON lists. */
const SUBTITLES_JSON = sql<SubtitleRow[]>`(
  SELECT coalesce(json_agg(s ORDER BY s.lang COLLATE "C"), '[]'::json)
  FROM subtitles s WHERE s.youtube_id = videos.youtube_id)`;
const PLAYLIST_IDS_JSON = sql<string[]>`(
  SELECT coalesce(json_agg(p.playlist_id ORDER BY p.playlist_id COLLATE "C"), '[]'::json)
  FROM (SELECT DISTINCT e.playlist_id FROM playlist_entries e WHERE e.youtube_id = videos.youtube_id) p)`;

/** Reads of the archive's videos for the API: lists, details, and what each video carries along. */
export class VideoQueryRepository {
  /** SQLite: list totals kept until a write (PostgreSQL's writers may be other processes) */
  private readonly counts: CountsUntilChange | undefined;
  private readonly anchors: VideoListAnchors;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly engine: Engine,
  ) {
    this.counts = engine === 'sqlite' ? new CountsUntilChange(db) : undefined;
    this.anchors = new VideoListAnchors(db, engine);
  }

  /**
   * One page of videos; a playlist filter orders by the entry index, anything else by `order`.
   * The page's ids come first from the (sort column, youtube_id, vid_type) index, then only those rows are
   * read in full. SQLite, left to itself, would take the index of an equality filter (vid_type: most videos
   * match it) and sort every matching row (55-80 ms at 100 000 videos); `+column` keeps it on the sort
   * index (migrations 0010, 0030). The caller's watch filter probes `video_watches` by its key per row.
   */
  async list(filter: VideoListFilter, order: VideoListOrder, limit: number, offset: number) {
    const ids = filter.playlistId
      ? await this.playlistPageIds(filter, limit, offset)
      : await this.sortedPageIds(filter, order, limit, offset);
    return this.fullRecordsOf(ids, filter.userId);
  }

  /**
   * Full records of `youtubeIds` in that order (missing ones left out). PostgreSQL: one statement, the
   * subtitles and playlists as JSON from correlated subqueries, since every round trip there costs a socket
   * write and a wait for the core (issue 19: 35-45 % of a list's samples); SQLite, in-process, keeps the
   * three plain queries.
   */
  async fullRecordsOf(youtubeIds: string[], userId: number): Promise<FullVideoRecord[]> {
    if (youtubeIds.length === 0) return [];
    let records: FullVideoRecord[];
    if (this.engine === 'postgres') {
      records = (await this.withRecordColumns(userId)
        .select([SUBTITLES_JSON.as('subtitles'), PLAYLIST_IDS_JSON.as('playlist_ids')])
        .where('videos.youtube_id', 'in', youtubeIds)
        .execute()) as FullVideoRecord[];
    } else {
      const [rows, subtitles, memberships] = await Promise.all([
        this.findByIds(youtubeIds, userId),
        this.subtitlesOf(youtubeIds),
        this.playlistIdsOf(youtubeIds),
      ]);
      // onto the rows themselves: a copy of each ~50-column row would cost more than the lookups
      records = rows.map((row) =>
        Object.assign(row, {
          subtitles: subtitles.filter((s) => s.youtube_id === row.youtube_id),
          playlist_ids: memberships.filter((m) => m.youtube_id === row.youtube_id).map((m) => m.playlist_id),
        }),
      );
    }
    const byId = new Map(records.map((r) => [r.youtube_id, r]));
    return youtubeIds.flatMap((id) => byId.get(id) ?? []);
  }

  /**
   * Deep pages start from kept keyset anchors (`video-list-anchors.ts`); "continue" pages by OFFSET (a
   * short list). A watched or unwatched list is the caller's own, so its anchors are kept per user until
   * the user's marks change.
   */
  private async sortedPageIds(filter: VideoListFilter, order: VideoListOrder, limit: number, offset: number) {
    const filtered = () => this.filtered(filter, this.engine === 'sqlite');
    if (filter.watch === 'continue') {
      const rows = await filtered()
        .select('videos.youtube_id')
        .orderBy(sql.ref(SORT_COLUMNS[order.sort]), order.order)
        .orderBy(codePointOrder(this.engine, 'videos.youtube_id'), order.order)
        .limit(limit)
        .offset(offset)
        .execute();
      return rows.map((row) => row.youtube_id);
    }
    const list = JSON.stringify({ ...listKey(filter), ...order });
    const owner = filter.watch === undefined ? undefined : filter.userId;
    return this.anchors.pageIds(list, owner, filtered, SORT_COLUMNS[order.sort], order.order, limit, offset);
  }

  /** A playlist's page in entry order; a video listed twice sorts by its first place. */
  private async playlistPageIds(filter: VideoListFilter, limit: number, offset: number) {
    const playlistId = filter.playlistId!;
    const page = await this.filtered(filter)
      .select('videos.youtube_id')
      .orderBy(
        (eb) =>
          eb
            .selectFrom('playlist_entries')
            .select((e) => e.fn.min('playlist_entries.idx').as('idx'))
            .where('playlist_entries.playlist_id', '=', playlistId)
            .whereRef('playlist_entries.youtube_id', '=', 'videos.youtube_id'),
        'asc',
      )
      .orderBy(codePointOrder(this.engine, 'videos.youtube_id'), 'asc')
      .limit(limit)
      .offset(offset)
      .execute();
    return page.map((row) => row.youtube_id);
  }

  async count(filter: VideoListFilter): Promise<number> {
    // the whole archive, a type tab, hide watched: from the totals the triggers of 0012 and 0030 keep, on
    // both engines and whichever process wrote (counting 60 000 unwatched videos took 6-30 ms)
    if (!filter.channelId && !filter.playlistId && filter.height === undefined && filter.watch !== 'continue')
      return this.countFromTotals(filter);
    if (!this.counts) return this.countNow(filter);
    return this.counts.count(JSON.stringify(listKey(filter)), () => this.countNow(filter));
  }

  /** The archive's (or a type's) videos; the caller's watched ones from their kept totals, the rest by difference. */
  private async countFromTotals(filter: Pick<VideoListFilter, 'userId' | 'type' | 'watch'>): Promise<number> {
    const row = await this.db
      .selectFrom('video_totals')
      .select((eb) => [
        eb.fn.sum<number>('doc_count').as('total'),
        filter.watch === undefined
          ? sql<number>`0`.as('watched')
          : eb
              .selectFrom('user_watch_totals')
              .select((w) => w.fn.sum<number>('user_watch_totals.doc_count').as('n'))
              .where('user_watch_totals.user_id', '=', filter.userId)
              .$if(filter.type !== undefined, (q) => q.where('user_watch_totals.vid_type', '=', filter.type!))
              .as('watched'),
      ])
      .$if(filter.type !== undefined, (q) => q.where('video_totals.vid_type', '=', filter.type!))
      .executeTakeFirst();
    const total = Number(row?.total ?? 0);
    const watched = Number(row?.watched ?? 0);
    if (filter.watch === 'watched') return watched;
    return filter.watch === 'unwatched' ? total - watched : total;
  }

  private async countNow(filter: VideoListFilter): Promise<number> {
    // a type filter with a watch filter: the type written `+vid_type`, so SQLite keeps to an index that
    // carries youtube_id for the caller's probes instead of reading every matching row (25 ms at 100 000)
    const scanIndex = this.engine === 'sqlite' && filter.watch !== undefined && filter.type !== undefined;
    const row = await this.filtered(filter, scanIndex)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async findById(youtubeId: string, userId: number): Promise<VideoRecord | undefined> {
    const [record] = await this.findByIds([youtubeId], userId);
    return record;
  }

  async findByIds(youtubeIds: string[], userId: number): Promise<VideoRecord[]> {
    if (youtubeIds.length === 0) return [];
    return (await this.withRecordColumns(userId)
      .where('videos.youtube_id', 'in', youtubeIds)
      .execute()) as VideoRecord[];
  }

  async exists(youtubeId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('videos')
      .select('youtube_id')
      .where('youtube_id', '=', youtubeId)
      .executeTakeFirst();
    return row !== undefined;
  }

  async subtitlesOf(youtubeIds: string[]): Promise<SubtitleRow[]> {
    if (youtubeIds.length === 0) return [];
    return this.db
      .selectFrom('subtitles')
      .selectAll()
      .where('youtube_id', 'in', youtubeIds)
      .orderBy(codePointOrder(this.engine, 'lang'))
      .execute();
  }

  /** Which playlists contain each video. */
  async playlistIdsOf(youtubeIds: string[]): Promise<{ youtube_id: string; playlist_id: string }[]> {
    if (youtubeIds.length === 0) return [];
    return this.db
      .selectFrom('playlist_entries')
      .select(['youtube_id', 'playlist_id'])
      .where('youtube_id', 'in', youtubeIds)
      .groupBy(['youtube_id', 'playlist_id'])
      .orderBy(codePointOrder(this.engine, 'playlist_id'))
      .execute();
  }

  /**
   * The videos matching a filter; watched, unwatched and "continue" are the caller's. `scanInOrder`
   * (SQLite): the type filter is written `+column`, so that it cannot pick an index. The watch filter is
   * an (NOT) EXISTS probe on `video_watches`' key (user_id, youtube_id) for each row the list reads in
   * the sort index's order (SQLite's plan: the covering sort index, a correlated key search per row).
   */
  private filtered(filter: VideoListFilter, scanInOrder = false) {
    const type = scanInOrder ? sql<string>`+videos.vid_type` : sql.ref<string>('videos.vid_type');
    const watchedByCaller = (eb: ExpressionBuilder<Database, 'videos'>) =>
      eb.exists(
        eb
          .selectFrom('video_watches')
          .select('video_watches.youtube_id')
          .where('video_watches.user_id', '=', filter.userId)
          .whereRef('video_watches.youtube_id', '=', 'videos.youtube_id'),
      );
    return this.db
      .selectFrom('videos')
      .$if(filter.channelId !== undefined, (q) => q.where('videos.channel_id', '=', filter.channelId!))
      .$if(filter.type !== undefined, (q) => q.where(type, '=', filter.type!))
      .$if(filter.height !== undefined, (q) => q.where('videos.height', '=', filter.height!))
      .$if(filter.watch === 'watched', (q) => q.where(watchedByCaller))
      .$if(filter.watch === 'unwatched', (q) => q.where((eb) => eb.not(watchedByCaller(eb))))
      .$if(filter.watch === 'continue', (q) =>
        q
          .where((eb) => eb.not(watchedByCaller(eb)))
          .where('videos.youtube_id', 'in', (eb) =>
            eb.selectFrom('watch_progress').select('youtube_id').where('user_id', '=', filter.userId),
          ),
      )
      .$if(filter.playlistId !== undefined, (q) =>
        q.where('videos.youtube_id', 'in', (eb) =>
          eb
            .selectFrom('playlist_entries')
            .select('playlist_entries.youtube_id')
            .where('playlist_entries.playlist_id', '=', filter.playlistId!),
        ),
      );
  }

  /** Full records: the video, its channel's columns, the caller's watch state and saved position. */
  /** The caller's marks and saved positions of these videos (a list page's players), in no order. */
  async playerMarksOf(youtubeIds: string[], userId: number) {
    if (youtubeIds.length === 0) return [];
    return this.withCallersMarks(userId)
      .select(['videos.youtube_id', 'videos.duration'])
      .where('videos.youtube_id', 'in', youtubeIds)
      .execute();
  }

  private withRecordColumns(userId: number) {
    return this.withCallersMarks(userId)
      .innerJoin('channels', 'channels.channel_id', 'videos.channel_id')
      .selectAll('videos')
      .select(CHANNEL_COLUMNS);
  }

  /** Videos with the caller's mark and saved position of each (both per user, migration 0030). */
  private withCallersMarks(userId: number) {
    return this.db
      .selectFrom('videos')
      .leftJoin('video_watches', (join) =>
        join
          .onRef('video_watches.youtube_id', '=', 'videos.youtube_id')
          .on('video_watches.user_id', '=', userId),
      )
      .leftJoin('watch_progress', (join) =>
        join
          .onRef('watch_progress.youtube_id', '=', 'videos.youtube_id')
          .on('watch_progress.user_id', '=', userId),
      )
      .select([
        sql<number>`case when video_watches.user_id is null then 0 else 1 end`.as('watched'),
        'video_watches.watched_date as watched_date',
        'watch_progress.position as progress_position',
      ]);
  }
}

/**
 * What a kept list (anchors, SQLite's totals) is keyed by: the filter, and the caller only where the list
 * is theirs (watched, unwatched, "continue").
 */
function listKey(filter: VideoListFilter): Omit<VideoListFilter, 'userId'> & { userId?: number } {
  const { userId, ...rest } = filter;
  return filter.watch === undefined ? rest : { ...rest, userId };
}
