import type { StatsBucket } from '@tubekeeper/contract';
import { formatCount, formatFileSize } from '../../../lib/format.ts';
import { useUserConfig } from '../../session/index.ts';
import { useStats } from '../api/get-stats.ts';
import { QueryBody, StatCard } from './stat-card.tsx';

/** Spec §3 Stats video: all videos, then by type and by whether the provider still has them. */
export function VideoStatsCard() {
  const query = useStats('video');
  const { file_size_unit: unit } = useUserConfig();
  return (
    <StatCard title="Videos" size="double">
      <QueryBody query={query}>
        {(stats) => {
          const rows: [string, StatsBucket | null][] = [
            ['All', stats],
            ['Videos', stats.type_videos],
            ['Shorts', stats.type_shorts],
            ['Streams', stats.type_streams],
            ['Active', stats.active_true],
            ['Inactive', stats.active_false],
          ];
          return (
            <table className="stat-table stat-values">
              <thead>
                <tr>
                  <th scope="col">Type</th>
                  <th scope="col">Count</th>
                  <th scope="col">Size</th>
                  <th scope="col">Duration</th>
                </tr>
              </thead>
              <tbody>
                {rows.map(([label, bucket]) => (
                  <tr key={label}>
                    <th scope="row">{label}</th>
                    <td>{formatCount(bucket?.doc_count ?? 0)}</td>
                    <td>{formatFileSize(bucket?.media_size ?? 0, unit)}</td>
                    <td>{bucket?.duration_str ?? 'NA'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          );
        }}
      </QueryBody>
    </StatCard>
  );
}
