export interface DownloadListParams {
  filter: 'pending' | 'ignore';
  channel?: string;
  page?: number;
}

export const downloadKeys = {
  all: ['downloads'] as const,
  list: (params: DownloadListParams) => [...downloadKeys.all, 'list', params] as const,
  aggs: (filter: DownloadListParams['filter']) => [...downloadKeys.all, 'aggs', filter] as const,
};
