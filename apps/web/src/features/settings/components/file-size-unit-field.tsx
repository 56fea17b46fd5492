import type { UserConfig } from '@tubekeeper/contract';
import { useId } from 'react';
import { useUpdateUserConfig, useUserConfig } from '../../session/index.ts';
import { SettingRow } from './setting-row.tsx';

type Unit = UserConfig['file_size_unit'];

const OPTIONS: { value: Unit; label: string }[] = [
  { value: 'metric', label: 'SI' },
  { value: 'binary', label: 'Binary' },
];

export function FileSizeUnitField() {
  const id = useId();
  const { file_size_unit: stored } = useUserConfig();
  const update = useUpdateUserConfig();
  const shown = (update.isPending && update.variables.file_size_unit) || stored;

  return (
    <SettingRow
      label="File size units"
      htmlFor={id}
      help="SI counts in steps of 1000 (kB, MB, GB); Binary in steps of 1024 (KiB, MiB, GiB)."
      error={update.error}
    >
      <select
        id={id}
        value={shown}
        disabled={update.isPending}
        onChange={(event) => update.mutate({ file_size_unit: event.target.value as Unit })}
      >
        {OPTIONS.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </SettingRow>
  );
}
