import type { ChannelListQuery } from '@tubekeeper/contract';
import { QUERY_ROOTS } from '../../../lib/query-roots.ts';

export const channelKeys = {
  all: QUERY_ROOTS.channels,
  list: (query: ChannelListQuery) => [...channelKeys.all, 'list', query] as const,
  detail: (id: string) => [...channelKeys.all, 'detail', id] as const,
  nav: (id: string) => [...channelKeys.all, 'nav', id] as const,
  aggs: (id: string) => [...channelKeys.all, 'aggs', id] as const,
};
