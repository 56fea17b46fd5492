import type { ScheduledTask } from '@tubekeeper/contract';
import { useId, useState, type FormEvent } from 'react';
import { SavedMark, useSavedMark } from '../../settings/components/saved-mark.tsx';
import { useScheduleUpdate, type ScheduleChange } from '../api/schedules.ts';
import { ScheduleError } from './schedule-error.tsx';

export interface ScheduleTaskProps {
  name: string;
  title: string;
  description: string;
  /** the stored schedule, or undefined when the task is not scheduled */
  current: ScheduledTask | undefined;
  /** a config key the task takes (check_reindex: days), with its label */
  configKey?: { key: string; label: string; fallback: number };
}

/** A moment from the API in the viewer's clock. */
const when = (iso: string | null | undefined) => (iso ? new Date(iso).toLocaleString() : '');

/** One task on Settings: Scheduling: its schedule with Save and Disable, and its config when it takes one. */
export function ScheduleTask({ name, title, description, current, configKey }: ScheduleTaskProps) {
  const inputId = useId();
  const configId = useId();
  const update = useScheduleUpdate(name);
  const [draft, setDraft] = useState('');
  const [configDraft, setConfigDraft] = useState('');
  const [saved, flash] = useSavedMark();
  const send = (change: ScheduleChange, after?: () => void) =>
    update.mutate(change, {
      onSuccess: () => {
        after?.();
        flash();
      },
    });
  const onSave = (event: FormEvent) => {
    event.preventDefault();
    send({ schedule: draft.trim() }, () => setDraft(''));
  };
  const onConfig = (event: FormEvent) => {
    event.preventDefault();
    if (!configKey) return;
    send({ config: { [configKey.key]: Number(configDraft) } }, () => setConfigDraft(''));
  };
  const outcome = current?.last_outcome;
  return (
    <div className="settings-group schedule-task" data-task={name}>
      <h2>{title}</h2>
      <p className="help-text">{description}</p>
      {current ? (
        <dl className="schedule-facts">
          <dt>Current schedule</dt>
          <dd>
            <code>{current.schedule}</code> <span className="schedule-human">{current.schedule_human}</span>
          </dd>
          <dt>Next run</dt>
          <dd>{when(current.next_run_at)}</dd>
          <dt>Last run</dt>
          <dd>
            {current.last_run_at ? when(current.last_run_at) : 'never'}
            {outcome && (
              <span className={`schedule-outcome ${outcome.status === 'FAILURE' ? 'danger' : ''}`}>
                {' '}
                ({outcome.status}
                {outcome.result ? `: ${outcome.result}` : ''})
              </span>
            )}
          </dd>
        </dl>
      ) : (
        <p className="schedule-facts">Not scheduled.</p>
      )}
      <form className="inline-form" onSubmit={onSave}>
        <label htmlFor={inputId}>Schedule</label>
        <input
          id={inputId}
          type="text"
          placeholder="minute hour day_of_week, e.g. 0 8 * or auto"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
        />
        <button type="submit" className="button primary" disabled={update.isPending || !draft.trim()}>
          Save
        </button>
        {current && (
          <button
            type="button"
            className="button danger"
            disabled={update.isPending}
            onClick={() => send(null)}
          >
            Disable
          </button>
        )}
        <SavedMark shown={saved} />
      </form>
      {configKey && (
        <form className="inline-form" onSubmit={onConfig}>
          <label htmlFor={configId}>{configKey.label}</label>
          <input
            id={configId}
            type="number"
            min={1}
            placeholder={String(current?.config[configKey.key] ?? configKey.fallback)}
            value={configDraft}
            onChange={(event) => setConfigDraft(event.target.value)}
          />
          <button type="submit" className="button primary" disabled={update.isPending || !configDraft}>
            Save
          </button>
          <span className="help-text">Now: {current?.config[configKey.key] ?? configKey.fallback}</span>
        </form>
      )}
      <ScheduleError error={update.error} />
    </div>
  );
}
