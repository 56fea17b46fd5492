import { z } from 'zod';
import { taskState } from './task.ts';

/** How the last run a schedule started ended (beyond upstream). */
export const scheduleOutcome = z.object({
  task_id: z.string(),
  status: taskState,
  /** the task's result text, or its error when it failed */
  result: z.string().nullable(),
  date_done: z.string().nullable(),
});

/** One schedule (upstream §7.4), with `next_run_at` and `last_outcome` added. */
export const scheduledTask = z.object({
  name: z.string(),
  /** "minute hour day_of_week" in the server's TZ */
  schedule: z.string(),
  schedule_human: z.string(),
  /** when the scheduler last started it (ISO), null before its first run */
  last_run_at: z.string().nullable(),
  config: z.record(z.string(), z.number()),
  /** when it runs next (ISO) */
  next_run_at: z.string(),
  last_outcome: scheduleOutcome.nullable(),
});
export type ScheduledTask = z.infer<typeof scheduledTask>;
export const scheduleList = z.array(scheduledTask);

/**
 * POST /api/task/schedule/{name}/: `schedule` ("m h dow" or "auto") and/or `config`. Both are checked by
 * the server so the answers carry upstream's messages (an unknown key is ignored, as upstream's serializer).
 */
export const scheduleRequest = z.object({
  schedule: z.unknown().optional(),
  config: z.unknown().optional(),
});
export type ScheduleRequest = z.infer<typeof scheduleRequest>;

/** The POST answer: the schedule as it is now, or only the config when the task has no schedule. */
export const scheduleUpdateResponse = z.union([
  scheduledTask,
  z.object({ name: z.string(), config: z.record(z.string(), z.number()) }),
]);
