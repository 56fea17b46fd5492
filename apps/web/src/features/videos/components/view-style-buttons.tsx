import type { ReactNode } from 'react';
import { GridIcon, ListIcon, TableIcon } from '../../../components/ui/icons.tsx';
import type { ViewStyle } from './video-list.tsx';

interface ViewStyleButtonsProps {
  viewStyle: ViewStyle;
  disabled?: boolean;
  /** Offer the table view too (home's view style only, upstream §7.2). */
  table?: boolean;
  onChange: (viewStyle: ViewStyle) => void;
}

/** The grid, list (and table) icons; the active one is marked pressed. */
export function ViewStyleButtons({ viewStyle, disabled, table = false, onChange }: ViewStyleButtonsProps) {
  const button = (value: ViewStyle, label: string, icon: ReactNode) => (
    <button
      type="button"
      className={viewStyle === value ? 'icon-button active' : 'icon-button'}
      aria-label={label}
      title={label}
      aria-pressed={viewStyle === value}
      disabled={disabled}
      onClick={() => onChange(value)}
    >
      {icon}
    </button>
  );
  return (
    <div className="view-style-buttons">
      {button('grid', 'Grid view', <GridIcon />)}
      {button('list', 'List view', <ListIcon />)}
      {table && button('table', 'Table view', <TableIcon />)}
    </div>
  );
}
