import type { UserConfig } from '@tubekeeper/contract';
import { useId } from 'react';

type SortBy = UserConfig['sort_by'];
type SortOrder = UserConfig['sort_order'];

/** Spec §9: the sort fields the archive offers, with their labels (width/height are API-only). */
export const SORT_OPTIONS: { value: SortBy; label: string }[] = [
  { value: 'published', label: 'Date published' },
  { value: 'downloaded', label: 'Date downloaded' },
  { value: 'views', label: 'Views' },
  { value: 'likes', label: 'Likes' },
  { value: 'duration', label: 'Duration' },
  { value: 'mediasize', label: 'Media size' },
];

export const ORDER_OPTIONS: { value: SortOrder; label: string }[] = [
  { value: 'asc', label: 'Ascending' },
  { value: 'desc', label: 'Descending' },
];

interface SortControlsProps {
  sortBy: SortBy;
  sortOrder: SortOrder;
  disabled?: boolean;
  onChange: (change: { sort_by?: SortBy; sort_order?: SortOrder }) => void;
}

export function SortControls({ sortBy, sortOrder, disabled, onChange }: SortControlsProps) {
  const id = useId();
  return (
    <div className="sort-controls">
      <label htmlFor={`${id}-by`}>Sort by</label>
      <select
        id={`${id}-by`}
        value={sortBy}
        disabled={disabled}
        onChange={(event) => onChange({ sort_by: event.target.value as SortBy })}
      >
        {SORT_OPTIONS.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <label htmlFor={`${id}-order`} className="visually-hidden">
        Sort order
      </label>
      <select
        id={`${id}-order`}
        value={sortOrder}
        disabled={disabled}
        onChange={(event) => onChange({ sort_order: event.target.value as SortOrder })}
      >
        {ORDER_OPTIONS.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
