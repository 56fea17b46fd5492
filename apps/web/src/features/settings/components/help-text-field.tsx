import { ToggleSwitch } from '../../../components/ui/toggle-switch.tsx';
import { useUpdateUserConfig, useUserConfig } from '../../session/index.ts';
import { SettingRow } from './setting-row.tsx';

export function HelpTextField() {
  const { show_help_text: stored } = useUserConfig();
  const update = useUpdateUserConfig();
  const shown = update.isPending ? Boolean(update.variables.show_help_text) : stored;

  return (
    <SettingRow
      label="Help text"
      help="Explanations under settings, like this one. Turn off once you know your way around."
      error={update.error}
    >
      <ToggleSwitch
        label="Show help text"
        checked={shown}
        disabled={update.isPending}
        onChange={(checked) => update.mutate({ show_help_text: checked })}
      />
    </SettingRow>
  );
}
