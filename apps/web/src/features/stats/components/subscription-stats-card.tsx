import { formatCount } from '../../../lib/format.ts';
import { useStats } from '../api/get-stats.ts';
import { Figures, QueryBody, StatCard } from './stat-card.tsx';

/** Spec §3 Stats channel and playlist: how many, how many subscribed, active and no longer on the provider. */
export function SubscriptionStatsCard({ kind }: { kind: 'channel' | 'playlist' }) {
  const query = useStats(kind);
  return (
    <StatCard title={kind === 'channel' ? 'Channels' : 'Playlists'}>
      <QueryBody query={query}>
        {(stats) => (
          <Figures
            rows={[
              ['Total', formatCount(stats.doc_count)],
              ['Subscribed', formatCount(stats.subscribed_true ?? 0)],
              ['Active', formatCount(stats.active_true ?? 0)],
              ['Inactive', formatCount(stats.active_false ?? 0)],
            ]}
          />
        )}
      </QueryBody>
    </StatCard>
  );
}
