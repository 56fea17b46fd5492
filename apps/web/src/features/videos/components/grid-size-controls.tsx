import { MinusIcon, PlusIcon } from '../../../components/ui/icons.tsx';

/** Spec §5/§9: 3 to 7 items per row. */
export const GRID_MIN = 3;
export const GRID_MAX = 7;

interface GridSizeControlsProps {
  gridItems: number;
  disabled?: boolean;
  onChange: (gridItems: number) => void;
}

/** Plus shows only below 7, minus only above 3 (spec §5). */
export function GridSizeControls({ gridItems, disabled, onChange }: GridSizeControlsProps) {
  return (
    <div className="grid-size-controls" role="group" aria-label={`${gridItems} items per row`}>
      {gridItems < GRID_MAX && (
        <button
          type="button"
          className="icon-button"
          aria-label="More items per row"
          title="More items per row"
          disabled={disabled}
          onClick={() => onChange(gridItems + 1)}
        >
          <PlusIcon />
        </button>
      )}
      {gridItems > GRID_MIN && (
        <button
          type="button"
          className="icon-button"
          aria-label="Fewer items per row"
          title="Fewer items per row"
          disabled={disabled}
          onClick={() => onChange(gridItems - 1)}
        >
          <MinusIcon />
        </button>
      )}
    </div>
  );
}
