import type { ReactNode } from 'react';
import { GridIcon, ListIcon } from '../../../components/ui/icons.tsx';
import type { ViewStyle } from './video-list.tsx';

interface ViewStyleButtonsProps {
  viewStyle: ViewStyle;
  disabled?: boolean;
  onChange: (viewStyle: ViewStyle) => void;
}

/** The grid and list icons; the active one is marked pressed. */
export function ViewStyleButtons({ viewStyle, disabled, onChange }: ViewStyleButtonsProps) {
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
    </div>
  );
}
