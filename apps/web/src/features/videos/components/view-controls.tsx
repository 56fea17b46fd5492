import type { UserConfig } from '@tubekeeper/contract';
import { ErrorText } from '../../../components/ui/error-text.tsx';
import { ToggleSwitch } from '../../../components/ui/toggle-switch.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useUpdateUserConfig, useUserConfig, type UserConfigChanges } from '../../session/index.ts';
import { GridSizeControls } from './grid-size-controls.tsx';
import { SortControls } from './sort-controls.tsx';
import { ViewStyleButtons } from './view-style-buttons.tsx';

type ViewKey = 'view_style_home' | 'view_style_channel' | 'view_style_playlist';
type FlagKey =
  | 'hide_watched'
  | 'hide_watched_channel'
  | 'hide_watched_playlist'
  | 'show_subed_only'
  | 'show_subed_only_playlists';

interface ViewControlsProps {
  /** Which stored view style the grid/list icons change. */
  viewKey: ViewKey;
  /** An on/off filter saved in the user config, e.g. show unwatched only. */
  toggle?: { key: FlagKey; label: string };
  showSort?: boolean;
}

/** The user config as it will be once a pending save lands, so controls answer at once. */
export function useViewConfig() {
  const stored = useUserConfig();
  const update = useUpdateUserConfig();
  const config: UserConfig = update.isPending
    ? { ...stored, ...(update.variables as Partial<UserConfig>) }
    : stored;
  const save = (changes: UserConfigChanges) => update.mutate(changes);
  return { config, save, update };
}

/**
 * The filter bar above a list (spec §2 Home): a saved toggle, sort field and order, items per row
 * (grid only) and grid/list. Every choice is kept in the user config (POST /api/user/me/).
 */
export function ViewControls({ viewKey, toggle, showSort = false }: ViewControlsProps) {
  const { config, save, update } = useViewConfig();
  const viewStyle = config[viewKey];
  return (
    <div className="view-controls">
      {toggle && (
        <ToggleSwitch
          label={toggle.label}
          checked={config[toggle.key] ?? false}
          onChange={(checked) => save({ [toggle.key]: checked })}
        />
      )}
      <div className="view-controls-buttons">
        {showSort && (
          <SortControls
            sortBy={config.sort_by}
            sortOrder={config.sort_order}
            onChange={(change) => save(change)}
          />
        )}
        {viewStyle === 'grid' && (
          <GridSizeControls
            gridItems={config.grid_items}
            onChange={(gridItems) => save({ grid_items: gridItems })}
          />
        )}
        <ViewStyleButtons
          viewStyle={viewStyle}
          table={viewKey === 'view_style_home'}
          onChange={(style) => save({ [viewKey]: style })}
        />
      </div>
      {update.isError && <ErrorText>{errorMessage(update.error)}</ErrorText>}
    </div>
  );
}
