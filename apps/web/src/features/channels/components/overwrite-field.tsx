import { useId, useState } from 'react';
import type { ChannelUpdate, OverwriteKey } from '../api/update-channel.ts';

type Value = string | number | null | undefined;

interface OverwriteFieldProps {
  label: string;
  name: OverwriteKey;
  kind: 'text' | 'number';
  /** the stored overwrite; undefined or null means the channel follows the app setting */
  stored: Value;
  disabled: boolean;
  save: (update: ChannelUpdate) => void;
}

/** Spec §5 number inputs: empty becomes null, otherwise a number. */
function parse(kind: 'text' | 'number', draft: string): string | number | null {
  const trimmed = draft.trim();
  if (trimmed === '') return null;
  if (kind === 'text') return trimmed;
  const number = Number(trimmed);
  return Number.isInteger(number) ? number : null;
}

/**
 * One channel overwrite (spec §2 Channel about): Update and Cancel show only while the value differs
 * from the stored one; reset shows when a stored value exists and sends null.
 */
export function OverwriteField({ label, name, kind, stored, disabled, save }: OverwriteFieldProps) {
  const id = useId();
  const initial = stored === null || stored === undefined ? '' : String(stored);
  const [draft, setDraft] = useState(initial);
  const changed = parse(kind, draft) !== (stored ?? null);
  const send = (value: string | number | null) => save({ channel_overwrites: { [name]: value } });

  return (
    <div className="setting-row">
      <label htmlFor={id}>{label}</label>
      <div className="setting-control">
        <input
          id={id}
          name={name}
          type={kind}
          {...(kind === 'number' && { min: 0, step: 1 })}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
        />
        {changed && (
          <>
            <button
              type="button"
              className="button primary"
              disabled={disabled}
              onClick={() => send(parse(kind, draft))}
            >
              Update
            </button>
            <button type="button" className="button" onClick={() => setDraft(initial)}>
              Cancel
            </button>
          </>
        )}
        {stored !== null && stored !== undefined && (
          <button type="button" className="button" disabled={disabled} onClick={() => send(null)}>
            reset
          </button>
        )}
      </div>
    </div>
  );
}
