import { formatFileSize } from '../../../lib/format.ts';
import { useUserConfig } from '../../session/index.ts';
import { useChannelAggs } from '../api/get-channel-aggs.ts';

/** Spec §2 Channel videos: video count, total playback duration and total size. */
export function ChannelTotals({ channelId }: { channelId: string }) {
  const aggs = useChannelAggs(channelId);
  const { file_size_unit: unit } = useUserConfig();
  if (!aggs.data) return null;
  return (
    <div className="channel-totals">
      <p>
        {aggs.data.total_items.value} videos <span className="separator">|</span>{' '}
        {aggs.data.total_duration.value_str} playback <span className="separator">|</span> Total size{' '}
        {formatFileSize(aggs.data.total_size.value, unit)}
      </p>
    </div>
  );
}
