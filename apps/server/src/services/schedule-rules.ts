import type { TaskName } from '@tubekeeper/contract';
import { Cron } from 'croner';
import cronstrue from 'cronstrue';
import { badRequest } from '../errors.ts';

/** One config key a scheduled task takes, with its default and its check. */
interface ConfigKey {
  default: number;
  /** the smallest value allowed (integers only) */
  min: number;
}

/** What the scheduler knows of one schedulable task. */
export interface SchedulableTask {
  /** the schedule `auto` stands for (upstream §7.4) */
  auto: string;
  /** created on first install (upstream: check_reindex and thumbnail_check) */
  installDefault: boolean;
  /** config keys the schedule takes; none means "doesn't take config" */
  config: Record<string, ConfigKey>;
  /**
   * The shortest time between two runs. 60 keeps upstream's rule: the minute must be one integer, so a
   * task runs at most once an hour. A task allowed to run more often (a feed check every 15 minutes) sets
   * a smaller value; its minute field may then be a list or step, checked against this gap.
   */
  minIntervalMinutes: number;
}

/**
 * The schedulable tasks. A task becomes schedulable by a line here (and a handler in the job queue: a
 * task whose handler is not built is refused, so no schedule fires into nothing).
 */
export const SCHEDULABLE_TASKS: Partial<Record<TaskName, SchedulableTask>> = {
  update_subscribed: task('0 8 *'),
  download_pending: task('0 16 *'),
  check_reindex: task('0 12 *', { installDefault: true, config: { days: { default: 90, min: 1 } } }),
  thumbnail_check: task('0 17 *', { installDefault: true }),
  run_backup: task('0 18 0', { config: { rotate: { default: 5, min: 1 } } }),
  // one small HTTP request per subscription, so allowed more often than the hourly deep scan (issue 16)
  check_feeds: task('*/15 * *', { installDefault: true, minIntervalMinutes: 15 }),
};

function task(auto: string, extra: Partial<SchedulableTask> = {}): SchedulableTask {
  return { auto, installDefault: false, config: {}, minIntervalMinutes: 60, ...extra };
}

export function schedulableTask(name: string): SchedulableTask | undefined {
  return Object.hasOwn(SCHEDULABLE_TASKS, name) ? SCHEDULABLE_TASKS[name as TaskName] : undefined;
}

/**
 * Checks a schedule as upstream §7.4 does, with its messages, and returns it normalised to single spaces.
 * `auto` becomes the task's default.
 */
export function validateSchedule(name: string, spec: SchedulableTask, input: unknown): string {
  if (typeof input !== 'string') throw badRequest('expected three cron schedule fields');
  const text = input.trim() === 'auto' ? spec.auto : input;
  const fields = text.trim().split(/\s+/);
  if (fields.length !== 3 || fields[0] === '') throw badRequest('expected three cron schedule fields');
  const [minute, hour, dow] = fields as [string, string, string];
  if (spec.minIntervalMinutes >= 60) {
    if (!/^\d+$/.test(minute)) throw badRequest('Invalid value for minutes. Must be an integer.');
    if (Number(minute) > 59) throw badRequest('Invalid minutes. Must be between 0 and 59.');
  }
  for (const [field, label, max] of [
    [minute, 'minute', 59],
    [hour, 'hour', 23],
    [dow, 'day_of_week', 6],
  ] as const) {
    const error = crontabFieldError(field, max);
    if (error) throw badRequest(`invalid crontab: ${label} '${field}': ${error}`);
  }
  const schedule = fields.join(' ');
  if (spec.minIntervalMinutes < 60 && shortestGapMinutes(schedule) < spec.minIntervalMinutes) {
    throw badRequest(`task '${name}' runs at most every ${spec.minIntervalMinutes} minutes`);
  }
  return schedule;
}

const DAY_NAMES = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];

/**
 * Celery's crontab grammar for one field: `*`, `*\/n`, `a`, `a-b`, `a-b/n`, comma lists of those, day names
 * in the day-of-week field. Celery refuses `0/1` (a step needs `*` or a range), and so do we.
 */
function crontabFieldError(field: string, max: number): string | undefined {
  const value = (part: string) => {
    const index = max === 6 ? DAY_NAMES.indexOf(part.toLowerCase()) : -1;
    if (index >= 0) return index;
    return /^\d+$/.test(part) ? Number(part) : Number.NaN;
  };
  for (const part of field.split(',')) {
    const match = /^(\*|([^-/]+)(?:-([^-/]+))?)(?:\/(\d+))?$/.exec(part);
    if (!match) return `invalid part '${part}'`;
    const [, whole, from, to, step] = match;
    if (step !== undefined && (Number(step) < 1 || (whole !== '*' && to === undefined))) {
      return `invalid step in '${part}'`;
    }
    if (whole === '*') continue;
    const start = value(from!);
    const end = to === undefined ? start : value(to);
    if (Number.isNaN(start) || Number.isNaN(end)) return `invalid value in '${part}'`;
    if (start > max || end > max) return `'${part}' is out of range 0-${max}`;
    if (end < start) return `'${part}' is a backwards range`;
  }
  return undefined;
}

/** The croner job for a stored schedule, in the server's time zone (paused: it only computes times). */
function cron(schedule: string, timeZone: string): Cron {
  const [minute, hour, dow] = schedule.split(' ');
  return new Cron(`${minute} ${hour} * * ${dow}`, { timezone: timeZone, paused: true });
}

/** The first run time strictly after `after` (epoch ms). */
export function nextRunAfter(schedule: string, timeZone: string, after: number): number {
  const next = cron(schedule, timeZone).nextRun(new Date(after));
  if (!next) throw new Error(`schedule "${schedule}" never runs`);
  return next.getTime();
}

function shortestGapMinutes(schedule: string): number {
  const runs = cron(schedule, 'UTC').nextRuns(200, new Date(Date.UTC(2024, 0, 1)));
  let gap = Number.POSITIVE_INFINITY;
  for (let i = 1; i < runs.length; i++) {
    gap = Math.min(gap, (runs[i]!.getTime() - runs[i - 1]!.getTime()) / 60_000);
  }
  return gap;
}

/** The schedule as a sentence, like upstream's cron-descriptor text ("At 08:00 AM, only on Sunday"). */
export function describeSchedule(schedule: string): string {
  const [minute, hour, dow] = schedule.split(' ');
  return cronstrue.toString(`${minute} ${hour} * * ${dow}`);
}

/**
 * Checks a config object against the task's keys (upstream's messages) and returns it merged with what is
 * stored.
 */
export function validateConfig(
  name: string,
  spec: SchedulableTask,
  input: unknown,
  stored: Record<string, unknown>,
): Record<string, number> {
  const keys = Object.keys(spec.config);
  if (keys.length === 0) throw badRequest(`task '${name}' doesn't take config`);
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw badRequest(`invalid config key for task '${name}'`);
  }
  const merged = withConfigDefaults(spec, stored);
  for (const [key, value] of Object.entries(input)) {
    const rule = spec.config[key];
    if (!rule) throw badRequest(`invalid config key for task '${name}'`);
    if (typeof value !== 'number' || !Number.isInteger(value) || value < rule.min) {
      throw badRequest(`invalid value for '${key}': must be an integer of at least ${rule.min}`);
    }
    merged[key] = value;
  }
  return merged;
}

/** The stored config with defaults for keys it lacks (only the task's own keys). */
export function withConfigDefaults(
  spec: SchedulableTask,
  stored: Record<string, unknown>,
): Record<string, number> {
  const config: Record<string, number> = {};
  for (const [key, rule] of Object.entries(spec.config)) {
    const value = stored[key];
    config[key] = typeof value === 'number' && value >= rule.min ? value : rule.default;
  }
  return config;
}
