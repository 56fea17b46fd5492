import { sql, type Kysely } from 'kysely';
import type { BiggestChannelsOrder } from '@tubekeeper/contract';
import type { Database } from '../db/tables.ts';

export interface VideoTotalsRow {
  vid_type: string;
  active: number;
  doc_count: number;
  media_size: number;
  duration_ms: number;
}

export interface FlagCountRow {
  active: number;
  subscribed: number;
  doc_count: number;
}

export interface DayTotalsRow {
  /** index into the day starts the query was given */
  day: number;
  count: number;
  media_size: number;
}

export interface ChannelTotalsRow {
  channel_id: string;
  channel_name: string;
  doc_count: number;
  media_size: number;
  duration_ms: number;
}

/** The width of a `download_quarters` row (migration 0020). */
const QUARTER_MS = 900_000;

const ORDER_COLUMNS = {
  doc_count: 'doc_count',
  duration: 'duration_ms',
  media_size: 'media_size',
} as const satisfies Record<BiggestChannelsOrder, string>;

/** The archive's videos and one user's watched ones: counts and milliseconds. */
export interface WatchTotals {
  total: { doc_count: number; duration_ms: number };
  watched: { doc_count: number; duration_ms: number };
}

/**
 * The statistics' reads. Video, channel-size and queue figures come from the totals the triggers of
 * migrations 0012 and 0030 keep (the watched figures per user), channel and playlist counts from those of
 * 0034; the download history from the kept quarter hours of 0020.
 */
export class StatsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  videoTotals(): Promise<VideoTotalsRow[]> {
    return this.db
      .selectFrom('video_totals')
      .select(['vid_type', 'active', 'doc_count', 'media_size', 'duration_ms'])
      .where('doc_count', '>', 0)
      .execute();
  }

  /** The archive's totals and the user's watched totals, in one statement (a round trip each costs on PostgreSQL). */
  async watchTotals(userId: number): Promise<WatchTotals> {
    const row = await this.db
      .selectFrom('video_totals')
      .select((eb) => [
        eb.fn.sum<number>('video_totals.doc_count').as('total_count'),
        eb.fn.sum<number>('video_totals.duration_ms').as('total_ms'),
        eb
          .selectFrom('user_watch_totals')
          .select((w) => w.fn.sum<number>('user_watch_totals.doc_count').as('n'))
          .where('user_watch_totals.user_id', '=', userId)
          .as('watched_count'),
        eb
          .selectFrom('user_watch_totals')
          .select((w) => w.fn.sum<number>('user_watch_totals.duration_ms').as('n'))
          .where('user_watch_totals.user_id', '=', userId)
          .as('watched_ms'),
      ])
      .executeTakeFirst();
    return {
      total: { doc_count: Number(row?.total_count ?? 0), duration_ms: Number(row?.total_ms ?? 0) },
      watched: { doc_count: Number(row?.watched_count ?? 0), duration_ms: Number(row?.watched_ms ?? 0) },
    };
  }

  /** From the counts the triggers of 0034 keep (a scan of every channel's flags was the dearest statistic). */
  channelCounts(): Promise<FlagCountRow[]> {
    return this.db
      .selectFrom('channel_flag_totals')
      .select(['channel_active as active', 'channel_subscribed as subscribed', 'doc_count'])
      .where('doc_count', '>', 0)
      .execute();
  }

  playlistCounts(): Promise<FlagCountRow[]> {
    return this.db
      .selectFrom('playlist_flag_totals')
      .select(['playlist_active as active', 'playlist_subscribed as subscribed', 'doc_count'])
      .where('doc_count', '>', 0)
      .execute();
  }

  queueTotals(): Promise<{ status: string; vid_type: string; doc_count: number }[]> {
    return this.db
      .selectFrom('queue_totals')
      .select(['status', 'vid_type', 'doc_count'])
      .where('doc_count', '>', 0)
      .execute();
  }

  /**
   * Downloads and their bytes per day, from the kept quarter-hour totals (at most 96 rows a day).
   * `dayStarts` are the epoch ms at which each day begins, newest first; a quarter belongs to the first day
   * that began at or before it (days begin on a quarter hour in every time zone).
   */
  async downloadsPerDay(dayStarts: number[]): Promise<DayTotalsRow[]> {
    const oldest = dayStarts.at(-1);
    if (oldest === undefined) return [];
    // literals, not parameters: PostgreSQL groups by the same expression only if it is written the same
    const day = sql<number>`CASE ${sql.join(
      dayStarts.map(
        (start, i) => sql`WHEN quarter >= ${sql.lit(Math.ceil(start / QUARTER_MS))} THEN ${sql.lit(i)}`,
      ),
      sql` `,
    )} END`;
    const rows = await this.db
      .selectFrom('download_quarters')
      .select(({ fn }) => [
        day.as('day'),
        fn.sum<number>('doc_count').as('count'),
        fn.sum<number>('media_size').as('media_size'),
      ])
      .where('quarter', '>=', Math.ceil(oldest / QUARTER_MS))
      .groupBy(day)
      .execute();
    return rows.map((r) => ({
      day: Number(r.day),
      count: Number(r.count),
      media_size: Number(r.media_size),
    }));
  }

  /**
   * The `limit` channels with the most videos, bytes or seconds; ties by channel id. Read in the order of
   * that column's index; a channel whose videos are all gone (all totals 0) sorts last and is dropped here
   * rather than filtered in SQL, which would make the engine sort every channel.
   */
  async biggestChannels(order: BiggestChannelsOrder, limit: number): Promise<ChannelTotalsRow[]> {
    const column = ORDER_COLUMNS[order];
    const rows = await this.db
      .selectFrom('channel_video_totals as t')
      .innerJoin('channels as c', 'c.channel_id', 't.channel_id')
      .select(['t.channel_id', 'c.channel_name', 't.doc_count', 't.media_size', 't.duration_ms'])
      .orderBy(`t.${column}`, 'desc')
      .orderBy('t.channel_id')
      .limit(limit)
      .execute();
    return rows.filter((r) => r.doc_count > 0);
  }
}
