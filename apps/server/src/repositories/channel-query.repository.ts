import type { Kysely } from 'kysely';
import { codePointOrder, type Engine } from '../db/dialect.ts';
import type { ChannelRow, Database } from '../db/tables.ts';

export interface ChannelListFilter {
  subscribed?: boolean;
}

export interface ChannelFacts {
  queueStatuses: string[];
  hasPlaylists: boolean;
  videoTypes: string[];
}

export interface ChannelTotals {
  items: number;
  size: number;
  duration: number;
}

/** Reads of channels for the API: the list, one channel, and facts about its videos, queue and playlists. */
export class ChannelQueryRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly engine: Engine,
  ) {}

  /** Sorted by name ignoring case, as upstream's lowercased keyword sort. */
  async list(filter: ChannelListFilter, limit: number, offset: number): Promise<ChannelRow[]> {
    return this.filtered(filter)
      .selectAll()
      .orderBy(codePointOrder(this.engine, this.db.fn('lower', ['channel_name'])))
      .orderBy(codePointOrder(this.engine, 'channel_id'))
      .limit(limit)
      .offset(offset)
      .execute();
  }

  async count(filter: ChannelListFilter): Promise<number> {
    const row = await this.filtered(filter)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async findById(channelId: string): Promise<ChannelRow | undefined> {
    return this.db.selectFrom('channels').selectAll().where('channel_id', '=', channelId).executeTakeFirst();
  }

  /** Which queue statuses, playlists and video types the channel has (for its sub-navigation). */
  async facts(channelId: string): Promise<ChannelFacts> {
    const [statuses, playlist, types] = await Promise.all([
      this.db
        .selectFrom('download_queue')
        .select('status')
        .distinct()
        .where('channel_id', '=', channelId)
        .execute(),
      this.db
        .selectFrom('playlists')
        .select('playlist_id')
        .where('playlist_channel_id', '=', channelId)
        .limit(1)
        .executeTakeFirst(),
      this.db
        .selectFrom('videos')
        .select('vid_type')
        .distinct()
        .where('channel_id', '=', channelId)
        .execute(),
    ]);
    return {
      queueStatuses: statuses.map((r) => r.status),
      hasPlaylists: playlist !== undefined,
      videoTypes: types.map((r) => r.vid_type),
    };
  }

  async totals(channelId: string): Promise<ChannelTotals> {
    const row = await this.db
      .selectFrom('videos')
      .select((eb) => [
        eb.fn.countAll<number>().as('items'),
        eb.fn.coalesce(eb.fn.sum<number>('media_size'), eb.lit(0)).as('size'),
        eb.fn.coalesce(eb.fn.sum<number>('duration'), eb.lit(0)).as('duration'),
      ])
      .where('channel_id', '=', channelId)
      .executeTakeFirstOrThrow();
    return { items: Number(row.items), size: Number(row.size), duration: Number(row.duration) };
  }

  private filtered(filter: ChannelListFilter) {
    return this.db
      .selectFrom('channels')
      .$if(filter.subscribed !== undefined, (q) =>
        q.where('channel_subscribed', '=', filter.subscribed ? 1 : 0),
      );
  }
}
