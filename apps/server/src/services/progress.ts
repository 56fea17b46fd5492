/**
 * Where a long-running step reports how far it got. The job runner backs it with the task record
 * (a notification); callers outside a task (the demo command, tests) may pass nothing or a logger.
 */
export interface ProgressReporter {
  /** `progress` is 0..1; `messages` replace the previous ones. */
  update(progress: number, messages: string[], level?: 'info' | 'error'): void;
}

export const silentReporter: ProgressReporter = { update: () => undefined };
