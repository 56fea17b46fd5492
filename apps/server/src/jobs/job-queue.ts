import type { TaskName } from '@tubekeeper/contract';
import type { ProgressReporter } from '../services/progress.ts';
import type { WorkerStatus } from './worker-registry.ts';

/** What a handler gets besides its payload. */
export interface JobContext {
  taskId: string;
  /** Aborted when the task is stopped or killed; handlers check it between items and pass it to child processes. */
  signal: AbortSignal;
  reporter: ProgressReporter;
  /**
   * Scale-out only (BullMQ): runs the task's part handler (`registerPart`) on every live worker process at
   * once and returns the parts' results. Undefined in the embedded queue, where the handler does the work.
   */
  spread?: (payload: Record<string, unknown>) => Promise<unknown[]>;
}

/** One worker's share of a spread task; its result must be plain JSON (it travels through Redis). */
export type PartHandler = (payload: Record<string, unknown>, context: JobContext) => Promise<unknown>;

/** A handler's result: the text, and level error when it finished with failures worth a longer look. */
export interface JobResult {
  result: string;
  level?: 'info' | 'error';
}

/** A task handler (`<task-name>.job.ts`); its return value is the task's result. */
export type JobHandler = (
  payload: Record<string, unknown>,
  context: JobContext,
) => Promise<string | JobResult>;

/**
 * Runs tasks. The embedded implementation runs them in this process; a BullMQ implementation (scale-out)
 * hands them to worker processes. Both keep the task record through TaskRecordService.
 */
export interface JobQueue {
  /** Records a pending task and schedules it; throws TaskAlreadyRunningError for a locked task that runs. */
  enqueue(name: TaskName, payload: Record<string, unknown>): Promise<string>;
  /** Whether a handler for this task exists. */
  has(name: TaskName): boolean;
  register(name: TaskName, handler: JobHandler): void;
  /** The per-worker share of a task that a scale-out deployment spreads over its workers (download_pending). */
  registerPart(name: TaskName, handler: PartHandler): void;
  /** The processes that run tasks and what each runs now (GET /api/health/?details=true). */
  workers(): Promise<WorkerStatus[]>;
  /** Resolves when no task is queued or running (tests and shutdown wait on it). */
  idle(): Promise<void>;
  /** Stops accepting work; the embedded queue also aborts running handlers and waits for them to end. */
  close(): Promise<void>;
}
