import type { QueryKey } from '@tanstack/react-query';
import { isFinished, useTaskOutcome } from '../api/get-task.ts';

interface TaskOutcomeProps {
  taskId: string;
  /** what the start call said, e.g. that the task was already running */
  notice?: string;
  /** queries to refresh while the task runs and when it ends */
  refresh?: readonly QueryKey[];
}

/** The state of a task the page started; once it ends, its result (with every failed line). */
export function TaskOutcome({ taskId, notice, refresh }: TaskOutcomeProps) {
  const task = useTaskOutcome(taskId, refresh).data;
  if (!isFinished(task)) {
    return (
      <p className="task-outcome" role="status">
        {notice ?? 'Working on it…'}
      </p>
    );
  }
  const failed = task!.status === 'FAILURE' || /\bFailed \d+:/.test(task!.result ?? '');
  const text = task!.status === 'FAILURE' ? `Failed: ${task!.traceback ?? 'unknown error'}` : task!.result;
  return (
    <p className={failed ? 'task-outcome danger-text' : 'task-outcome'} role="status">
      {text}
    </p>
  );
}
