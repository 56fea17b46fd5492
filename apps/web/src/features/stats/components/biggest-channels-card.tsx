import { useState } from 'react';
import { Link } from 'react-router';
import type { BiggestChannelsOrder } from '@tubekeeper/contract';
import { formatCount, formatFileSize } from '../../../lib/format.ts';
import { useUserConfig } from '../../session/index.ts';
import { useBiggestChannels } from '../api/get-biggest-channels.ts';
import { QueryBody, StatCard } from './stat-card.tsx';

const ORDERS: [BiggestChannelsOrder, string][] = [
  ['doc_count', 'Videos'],
  ['duration', 'Duration'],
  ['media_size', 'Size'],
];

/** Spec §3 Stats biggest channels: the top 10 by the chosen order, each with a bar of its share of the first. */
export function BiggestChannelsCard() {
  const [order, setOrder] = useState<BiggestChannelsOrder>('doc_count');
  const query = useBiggestChannels(order);
  const { file_size_unit: unit } = useUserConfig();
  return (
    <StatCard title="Biggest channels" size="wide">
      <div className="order-buttons" role="group" aria-label="Order by">
        {ORDERS.map(([value, label]) => (
          <button
            key={value}
            type="button"
            className="button"
            aria-pressed={order === value}
            onClick={() => setOrder(value)}
          >
            {label}
          </button>
        ))}
      </div>
      <QueryBody query={query}>
        {(channels) => {
          if (channels.length === 0) return <p className="muted">No videos archived yet</p>;
          const largest = Math.max(1, ...channels.map((c) => c[order]));
          return (
            <table className="stat-table stat-values biggest-channels responsive-table">
              <thead>
                <tr>
                  <th scope="col">Channel</th>
                  <th scope="col">Videos</th>
                  <th scope="col">Duration</th>
                  <th scope="col">Size</th>
                </tr>
              </thead>
              <tbody>
                {channels.map((channel) => (
                  <tr key={channel.id} data-testid="biggest-channel">
                    <th scope="row">
                      <Link to={`/channel/${channel.id}`}>{channel.name}</Link>
                      <span className="share-bar" aria-hidden="true">
                        <span style={{ width: `${(channel[order] / largest) * 100}%` }} />
                      </span>
                    </th>
                    <td data-label="Videos">{formatCount(channel.doc_count)}</td>
                    <td data-label="Duration">{channel.duration_str}</td>
                    <td data-label="Size">{formatFileSize(channel.media_size, unit)}</td>
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
