import { formatCount } from '../../../lib/format.ts';
import { useStats } from '../api/get-stats.ts';
import { Figures, QueryBody, StatCard } from './stat-card.tsx';

/** Spec §3 Stats download: the queue's pending items (by type) and the ignored ones. */
export function DownloadQueueCard() {
  const query = useStats('download');
  return (
    <StatCard title="Download queue">
      <QueryBody query={query}>
        {(stats) => (
          <Figures
            rows={[
              ['Pending', formatCount(stats.pending ?? 0)],
              ['Pending videos', formatCount(stats.pending_videos ?? 0)],
              ['Pending shorts', formatCount(stats.pending_shorts ?? 0)],
              ['Pending streams', formatCount(stats.pending_streams ?? 0)],
              ['Ignored', formatCount(stats.ignore ?? 0)],
            ]}
          />
        )}
      </QueryBody>
    </StatCard>
  );
}
