import type { POTOKEN_PREFIX as ContractPrefix } from '@tubekeeper/contract';
import { useId, useState, type FormEvent } from 'react';
import { usePoToken, usePoTokenUpdate } from '../api/potoken.ts';
import { SavedMark, useSavedMark } from './saved-mark.tsx';
import { SettingRow } from './setting-row.tsx';

// Type-checked against the contract's constant without importing zod into the bundle (see lib/theme.ts).
const PREFIX: typeof ContractPrefix = 'web+';

/**
 * Spec §2, §4 PO token: the field starts with the prefix web+; Update shows only when the value differs
 * from the prefix (and from the stored token). Revoke removes the stored token and turns it off.
 */
export function PoTokenField() {
  const token = usePoToken();
  if (token.isPending) return null;
  return <PoTokenForm stored={token.data ?? null} error={token.error} />;
}

function PoTokenForm({ stored, error }: { stored: string | null; error: unknown }) {
  const id = useId();
  const update = usePoTokenUpdate();
  const [draft, setDraft] = useState(stored ?? PREFIX);
  const [saved, flash] = useSavedMark();
  const value = draft.trim();
  const changed = value !== PREFIX && value !== '' && value !== stored;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate(value, { onSuccess: flash });
  };
  return (
    <SettingRow
      label="PO Token"
      htmlFor={id}
      help="A Proof of Origin token for the web client, starting with web+; yt-dlp sends it with every request while set."
      error={update.error ?? error}
    >
      <form className="inline-form" onSubmit={onSubmit}>
        <input id={id} type="text" value={draft} onChange={(event) => setDraft(event.target.value)} />
        {changed && (
          <button type="submit" className="button primary" disabled={update.isPending}>
            Update
          </button>
        )}
        {stored !== null && (
          <button
            type="button"
            className="button danger"
            disabled={update.isPending}
            onClick={() =>
              update.mutate(null, {
                onSuccess: () => {
                  setDraft(PREFIX);
                  flash();
                },
              })
            }
          >
            Revoke
          </button>
        )}
        <SavedMark shown={saved} />
      </form>
    </SettingRow>
  );
}
