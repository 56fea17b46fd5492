import type { DownloadAggs } from '@tubekeeper/contract';
import { useId } from 'react';
import { GridIcon, ListIcon } from '../../../components/ui/icons.tsx';
import { ToggleSwitch } from '../../../components/ui/toggle-switch.tsx';
import { GridSizeControls, useViewConfig } from '../../videos/index.ts';

interface DownloadFiltersProps {
  aggs: DownloadAggs | undefined;
  channel: string | undefined;
  onChannel: (channelId: string | undefined) => void;
  onIgnoredToggle: (ignoredOnly: boolean) => void;
}

/**
 * Spec §2 Downloads: Show only ignored videos (user config show_ignored_only), the channel select (only
 * when the queue has more than one channel), items per row in the grid, grid or list (view_style_downloads).
 */
export function DownloadFilters({ aggs, channel, onChannel, onIgnoredToggle }: DownloadFiltersProps) {
  const selectId = useId();
  const { config, save } = useViewConfig();
  const buckets = aggs?.buckets ?? [];
  const viewStyle = config.view_style_downloads;
  const styleButton = (value: 'grid' | 'list', label: string, icon: React.ReactNode) => (
    <button
      type="button"
      className={viewStyle === value ? 'icon-button active' : 'icon-button'}
      aria-label={label}
      title={label}
      aria-pressed={viewStyle === value}
      onClick={() => save({ view_style_downloads: value })}
    >
      {icon}
    </button>
  );
  return (
    <div className="view-controls">
      <ToggleSwitch
        label="Show only ignored videos"
        checked={config.show_ignored_only}
        onChange={onIgnoredToggle}
      />
      {buckets.length > 1 && (
        <div className="channel-filter">
          <label htmlFor={selectId}>Channel</label>
          <select
            id={selectId}
            value={channel ?? ''}
            onChange={(event) => onChannel(event.target.value || undefined)}
          >
            <option value="">all</option>
            {buckets.map((bucket) => (
              <option key={bucket.key[1]} value={bucket.key[1]}>
                {bucket.key[0]} ({bucket.doc_count})
              </option>
            ))}
          </select>
        </div>
      )}
      <div className="view-controls-buttons">
        {viewStyle === 'grid' && (
          <GridSizeControls gridItems={config.grid_items} onChange={(n) => save({ grid_items: n })} />
        )}
        <div className="view-style-buttons">
          {styleButton('grid', 'Grid view', <GridIcon />)}
          {styleButton('list', 'List view', <ListIcon />)}
        </div>
      </div>
    </div>
  );
}
