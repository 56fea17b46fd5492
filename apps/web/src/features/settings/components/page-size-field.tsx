import type { DEFAULT_PAGE_SIZE as ContractDefaultPageSize } from '@tubekeeper/contract';
import { useId, useState, type FormEvent } from 'react';
import { useUpdateUserConfig, useUserConfig } from '../../session/index.ts';
import { SettingRow } from './setting-row.tsx';

// Type-checked against the contract's constant without importing zod into the bundle (see lib/theme.ts).
const DEFAULT_PAGE_SIZE: typeof ContractDefaultPageSize = 12;

/** Spec §5: an empty number input means null (the server then stores the default). */
function parse(draft: string): number | null {
  return draft.trim() === '' ? null : Number(draft);
}

export function PageSizeField() {
  const id = useId();
  const { page_size: stored } = useUserConfig();
  const update = useUpdateUserConfig();
  const [draft, setDraft] = useState(String(stored));
  // Update and Cancel show only while the input differs from what is stored (spec §5).
  const dirty = parse(draft) !== stored;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate({ page_size: parse(draft) }, { onSuccess: (config) => setDraft(String(config.page_size)) });
  };

  return (
    <SettingRow
      label="Archive page size"
      htmlFor={id}
      help={`Videos per page. Empty resets to ${DEFAULT_PAGE_SIZE}; more than 50 makes pages slow.`}
      error={update.error}
    >
      <form className="inline-form" onSubmit={onSubmit}>
        <input
          id={id}
          type="number"
          min={1}
          step={1}
          inputMode="numeric"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
        />
        {dirty && (
          <>
            <button type="submit" className="button primary" disabled={update.isPending}>
              Update
            </button>
            <button type="button" className="button" onClick={() => setDraft(String(stored))}>
              Cancel
            </button>
          </>
        )}
      </form>
    </SettingRow>
  );
}
