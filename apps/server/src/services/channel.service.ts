import type { Channel, ChannelAggs, ChannelList, ChannelListQuery, ChannelNav } from '@tubekeeper/contract';
import { notFound } from '../errors.ts';
import type { ChannelQueryRepository } from '../repositories/channel-query.repository.ts';
import { pageFrom, paginate, paramsWithoutPage } from './pagination.ts';
import type { UserConfigService } from './user-config.service.ts';
import { toChannel } from './wire/channel.mapper.ts';
import { durationStr } from './wire/format.ts';

/** Channels as the API shows them: the list, one channel, its sub-navigation flags and its totals. */
export class ChannelService {
  constructor(
    private readonly channels: ChannelQueryRepository,
    private readonly userConfig: UserConfigService,
  ) {}

  async list(userId: number, query: ChannelListQuery, url: string): Promise<ChannelList> {
    const { page_size: pageSize } = await this.userConfig.get(userId);
    const page = query.page ?? 0;
    const filter = query.filter ? { subscribed: query.filter === 'subscribed' } : {};
    const [total, rows] = await Promise.all([
      this.channels.count(filter),
      this.channels.list(filter, pageSize, pageFrom(page, pageSize)),
    ]);
    return {
      data: rows.map(channelDocument),
      paginate: paginate(page, pageSize, paramsWithoutPage(url), total),
    };
  }

  async get(channelId: string): Promise<Channel> {
    return channelDocument(await this.require(channelId));
  }

  /** Pending counts queued and priority items, ignored counts both ignore states. */
  async nav(channelId: string): Promise<ChannelNav> {
    await this.require(channelId);
    const facts = await this.channels.facts(channelId);
    const has = (statuses: string[]) => facts.queueStatuses.some((s) => statuses.includes(s));
    return {
      has_pending: has(['pending', 'priority']),
      has_ignored: has(['ignore', 'ignore-force']),
      has_playlists: facts.hasPlaylists,
      has_videos: facts.videoTypes.includes('videos'),
      has_streams: facts.videoTypes.includes('streams'),
      has_shorts: facts.videoTypes.includes('shorts'),
    };
  }

  async aggs(channelId: string): Promise<ChannelAggs> {
    await this.require(channelId);
    const totals = await this.channels.totals(channelId);
    const duration = Math.floor(totals.duration);
    return {
      total_items: { value: totals.items },
      total_size: { value: totals.size },
      total_duration: { value: duration, value_str: durationStr(duration) },
    };
  }

  private async require(channelId: string) {
    const row = await this.channels.findById(channelId);
    if (!row) throw notFound('channel not found');
    return row;
  }
}

/** A channel answered on its own carries upstream's document meta; one embedded in a video does not. */
function channelDocument(row: Parameters<typeof toChannel>[0]): Channel {
  return { _index: 'ta_channel', _score: 0, ...toChannel(row) };
}
