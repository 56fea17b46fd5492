import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  StatsDownload,
  StatsDownloadHistory,
  StatsSubscriptions,
  StatsVideo,
  StatsWatch,
} from '@tubekeeper/contract';
import { apiRequest } from '../../../lib/api-client.ts';

/** The six statistics without parameters (upstream §5), by the last part of their path. */
interface StatsAnswers {
  video: StatsVideo;
  channel: StatsSubscriptions;
  playlist: StatsSubscriptions;
  download: StatsDownload;
  watch: StatsWatch;
  downloadhist: StatsDownloadHistory;
}
export type StatsKind = keyof StatsAnswers;

/** `GET /api/stats/{kind}/` */
export function getStats<K extends StatsKind>(kind: K, signal?: AbortSignal): Promise<StatsAnswers[K]> {
  return apiRequest<StatsAnswers[K]>(`/api/stats/${kind}/`, { signal });
}

export const statsKeys = {
  all: ['stats'] as const,
  kind: (kind: string) => ['stats', kind] as const,
  biggestChannels: (order: string) => ['stats', 'biggestchannels', order] as const,
};

export const statsQueryOptions = <K extends StatsKind>(kind: K) =>
  queryOptions({ queryKey: statsKeys.kind(kind), queryFn: ({ signal }) => getStats(kind, signal) });

export function useStats<K extends StatsKind>(kind: K) {
  return useQuery(statsQueryOptions(kind));
}
