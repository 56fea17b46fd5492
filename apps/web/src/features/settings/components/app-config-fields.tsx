import type { AppConfig, AppConfigUpdate } from '@tubekeeper/contract';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { ToggleSwitch } from '../../../components/ui/toggle-switch.tsx';
import { useAppConfig } from '../../session/index.ts';
import { useUpdateAppConfig } from '../api/update-app-config.ts';
import { SavedMark, useSavedMark } from './saved-mark.tsx';
import { SettingRow } from './setting-row.tsx';

type Section = keyof AppConfig;
type Key<S extends Section, V> = {
  [K in keyof AppConfig[S]]: AppConfig[S][K] extends V ? K : never;
}[keyof AppConfig[S]] &
  string;

interface FieldProps<S extends Section, V> {
  section: S;
  name: Key<S, V>;
  label: string;
  /** shown only while the user's show_help_text is on (SettingRow) */
  help?: ReactNode;
}

/** One key of the app config and the call that saves it (null resets it to the default). */
function useConfigKey<S extends Section>(section: S, name: string) {
  const config = useAppConfig();
  const update = useUpdateAppConfig();
  const [saved, flash] = useSavedMark();
  const stored = (config[section] as Record<string, unknown>)[name];
  const save = (value: unknown, onSaved?: (config: AppConfig) => void) =>
    update.mutate({ [section]: { [name]: value } } as AppConfigUpdate, {
      onSuccess: (next) => {
        flash();
        onSaved?.(next);
      },
    });
  return { stored, save, update, saved };
}

const toDraft = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/**
 * A text or number setting (spec §2 Settings: Application, §5): Update and Cancel show only while the
 * input differs from the stored value, reset only when a value is stored; an empty number means null.
 */
export function ConfigTextField<S extends Section>({
  section,
  name,
  label,
  help,
  type = 'text',
}: FieldProps<S, string | number | null> & { type?: 'text' | 'number' }) {
  const id = useId();
  const { stored, save, update, saved } = useConfigKey(section, name);
  const [draft, setDraft] = useState(toDraft(stored));
  const parse = (text: string): string | number | null => {
    if (text.trim() === '') return null;
    return type === 'number' ? Number(text) : text.trim();
  };
  const dirty = parse(draft) !== (stored ?? null);
  const afterSave = (config: AppConfig) =>
    setDraft(toDraft((config[section] as Record<string, unknown>)[name]));
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save(parse(draft), afterSave);
  };
  return (
    <SettingRow label={label} htmlFor={id} help={help} error={update.error}>
      <form className="inline-form" onSubmit={onSubmit}>
        <input
          id={id}
          type={type}
          {...(type === 'number' && { min: 0, step: 1, inputMode: 'numeric' as const })}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
        />
        {dirty && (
          <>
            <button type="submit" className="button primary" disabled={update.isPending}>
              Update
            </button>
            <button type="button" className="button" onClick={() => setDraft(toDraft(stored))}>
              Cancel
            </button>
          </>
        )}
        {stored !== null && stored !== undefined && (
          <button
            type="button"
            className="button"
            title="Back to the default"
            disabled={update.isPending}
            onClick={() => save(null, afterSave)}
          >
            reset
          </button>
        )}
        <SavedMark shown={saved} />
      </form>
    </SettingRow>
  );
}

/** An on/off setting; saved as soon as it changes. */
export function ConfigToggleField<S extends Section>({ section, name, label, help }: FieldProps<S, boolean>) {
  const { stored, save, update, saved } = useConfigKey(section, name);
  // the switch answers at once; a failed save puts it back
  const pending = update.variables as Record<string, Record<string, unknown>> | undefined;
  const checked = update.isPending ? Boolean(pending?.[section]?.[name]) : Boolean(stored);
  return (
    <SettingRow label={label} help={help} error={update.error}>
      <ToggleSwitch label={label} checked={checked} disabled={update.isPending} onChange={(on) => save(on)} />
      <SavedMark shown={saved} />
    </SettingRow>
  );
}

/** A choice among fixed values; the empty choice (when allowed) stores null. */
export function ConfigSelectField<S extends Section>({
  section,
  name,
  label,
  help,
  options,
  emptyLabel,
}: FieldProps<S, string | null> & { options: { value: string; label: string }[]; emptyLabel?: string }) {
  const id = useId();
  const { stored, save, update, saved } = useConfigKey(section, name);
  return (
    <SettingRow label={label} htmlFor={id} help={help} error={update.error}>
      <select
        id={id}
        value={toDraft(stored)}
        disabled={update.isPending}
        onChange={(event) => save(event.target.value === '' ? null : event.target.value)}
      >
        {emptyLabel !== undefined && <option value="">{emptyLabel}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <SavedMark shown={saved} />
    </SettingRow>
  );
}
