import {
  taskName,
  type Notification,
  type TaskName,
  type TaskResult,
  type TaskStartResponse,
  type TaskState,
} from '@tubekeeper/contract';
import type { TaskRow } from '../db/tables.ts';
import { badRequest, notFound } from '../errors.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import type { TaskRepository } from '../repositories/task.repository.ts';
import { TASK_DEFINITIONS, taskDefinition } from './task-definitions.ts';
import { TaskAlreadyRunningError } from './task-record.service.ts';

/** How many runs the result lists return, newest first. */
const RESULT_LIST_LIMIT = 100;

const STATES: Record<TaskRow['status'], TaskState> = {
  pending: 'PENDING',
  running: 'STARTED',
  success: 'SUCCESS',
  failed: 'FAILURE',
  stopped: 'REVOKED',
};

/** The Celery state name a client sees for a run's status. */
export const taskState = (status: TaskRow['status']): TaskState => STATES[status];

/** The task API: starting by name, results, stop commands and the notification list. */
export class TaskService {
  constructor(
    private readonly tasks: TaskRepository,
    private readonly queue: JobQueue,
    private readonly now: () => number = Date.now,
  ) {}

  /** POST /api/task/by-name/{name}/: only startable tasks that have a handler. */
  async startByName(name: string): Promise<TaskStartResponse> {
    const parsed = taskName.safeParse(name);
    if (!parsed.success || !TASK_DEFINITIONS[parsed.data].apiStart || !this.queue.has(parsed.data)) {
      throw notFound('can not start task through this endpoint');
    }
    return this.start(parsed.data, {});
  }

  /** Starts a task; a locked task that already runs is not started twice, and the answer says so. */
  async start(name: TaskName, payload: Record<string, unknown>): Promise<TaskStartResponse> {
    try {
      const id = await this.queue.enqueue(name, payload);
      return { task_id: id, status: 'PENDING' };
    } catch (error) {
      if (!(error instanceof TaskAlreadyRunningError)) throw error;
      return { task_id: error.running.id, status: STATES[error.running.status], message: error.message };
    }
  }

  async results(name?: string): Promise<TaskResult[]> {
    if (name !== undefined && !taskDefinition(name)) throw notFound('task name not found');
    return (await this.tasks.list(name, RESULT_LIST_LIMIT)).map(toResult);
  }

  async result(id: string): Promise<TaskResult> {
    const row = await this.tasks.get(id);
    if (!row) throw notFound('task ID not found');
    return toResult(row);
  }

  /**
   * Only tasks with api_stop take commands. Both abort the handler's signal: it stops between items, and
   * its child processes are killed at once, which every handler survives because each item is idempotent.
   */
  async command(id: string, command: 'stop' | 'kill'): Promise<void> {
    const row = await this.tasks.get(id);
    if (!row) throw notFound('task ID not found');
    if (!taskDefinition(row.name)?.apiStop) {
      throw badRequest(command === 'stop' ? 'task can not be stopped' : 'task can not be killed');
    }
    await this.tasks.setCommand(id, command);
  }

  /** Live tasks and recently finished ones; `filter` matches the group's first part (download, setting…). */
  async notifications(filter?: string): Promise<Notification[]> {
    const rows = await this.tasks.listVisible(this.now());
    return rows.filter((row) => matchesFilter(row.group_name, filter)).map(toNotification);
  }
}

/** Upstream's filter=settings never matched its setting:* groups; here it does. */
function matchesFilter(group: string, filter: string | undefined): boolean {
  if (!filter) return true;
  const prefix = group.split(':')[0];
  return prefix === filter || (filter === 'settings' && prefix === 'setting');
}

function toResult(row: TaskRow): TaskResult {
  return {
    task_id: row.id,
    name: row.name,
    status: STATES[row.status],
    result: row.status === 'failed' ? null : row.result,
    traceback: row.status === 'failed' ? row.result : null,
    date_done: row.finished_at === null ? null : new Date(row.finished_at).toISOString(),
    kwargs: JSON.parse(row.payload) as Record<string, unknown>,
  };
}

function toNotification(row: TaskRow): Notification {
  const def = taskDefinition(row.name);
  return {
    id: row.id,
    title: row.title,
    group: row.group_name,
    level: row.level,
    messages: JSON.parse(row.messages) as string[],
    progress: row.progress,
    api_start: def?.apiStart ?? false,
    // a finished run has nothing left to stop, so clients hide the button
    api_stop: (def?.apiStop ?? false) && (row.status === 'pending' || row.status === 'running'),
    command: row.command === 'stop' ? 'STOP' : row.command === 'kill' ? 'KILL' : null,
  };
}
