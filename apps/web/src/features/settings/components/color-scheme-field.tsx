import { useId, useState } from 'react';
import { THEME_LABELS, THEMES, themeOf, type Theme } from '../../../lib/theme.ts';
import { useUpdateUserConfig, useUserConfig } from '../../session/index.ts';
import { SettingRow } from './setting-row.tsx';

export function ColorSchemeField() {
  const id = useId();
  const { stylesheet } = useUserConfig();
  const update = useUpdateUserConfig();
  const [changed, setChanged] = useState(false);
  // Show the choice while it saves instead of snapping back to the stored value.
  const shown = themeOf((update.isPending && update.variables.stylesheet) || stylesheet);

  return (
    <SettingRow
      label="Color scheme"
      htmlFor={id}
      help="The theme applies right away; Refresh reloads the page if anything still looks off."
      error={update.error}
    >
      <select
        id={id}
        value={shown}
        disabled={update.isPending}
        onChange={(event) =>
          update.mutate({ stylesheet: event.target.value as Theme }, { onSuccess: () => setChanged(true) })
        }
      >
        {THEMES.map((name) => (
          <option key={name} value={name}>
            {THEME_LABELS[name]}
          </option>
        ))}
      </select>
      {changed && (
        <button type="button" className="button" onClick={() => window.location.reload()}>
          Refresh
        </button>
      )}
    </SettingRow>
  );
}
