import type { TaskName } from '@tubekeeper/contract';
import type { Queue } from 'bullmq';
import type { TaskRecordService } from '../services/task-record.service.ts';
import type { JobHandler, JobQueue, PartHandler } from './job-queue.ts';
import { bullConnection, type RedisTarget } from './redis-connection.ts';
import { bullmq } from './scale-out-packages.ts';
import type { WorkerRegistry, WorkerStatus } from './worker-registry.ts';

/** BullMQ queue names (under the deployment's key prefix). */
export const TASK_QUEUE = 'tasks';
export const PART_QUEUE = 'task-parts';

/** What a BullMQ job carries: the task record it runs, and the payload. */
export interface TaskJobData {
  taskId: string;
  payload: Record<string, unknown>;
}

/** Finished jobs stay a while (a re-run coordinator finds its parts' results), then Redis forgets them. */
const RETENTION = { removeOnComplete: { age: 3600 }, removeOnFail: { age: 24 * 3600 } };
const PART_POLL_MS = 500;

/**
 * The scale-out queue (REDIS_URL): every task is a BullMQ job that `tubekeeper worker` processes take.
 * The `tasks` rows stay the source of truth for the API's answers: the record is written here, before the
 * job, and its lock refuses a second run of a locked task whichever process asks. Handlers are registered in
 * every process (the API needs to know which tasks exist); workers run them (BullTaskWorker).
 */
export class BullJobQueue implements JobQueue {
  readonly handlers = new Map<TaskName, JobHandler>();
  readonly parts = new Map<TaskName, PartHandler>();
  readonly tasks: Queue<TaskJobData>;
  private readonly partQueue: Queue<TaskJobData>;

  constructor(
    readonly records: TaskRecordService,
    readonly target: RedisTarget,
    readonly registry: WorkerRegistry,
  ) {
    const { Queue } = bullmq();
    const options = { connection: bullConnection(target), prefix: target.prefix };
    this.tasks = new Queue<TaskJobData>(TASK_QUEUE, options);
    this.partQueue = new Queue<TaskJobData>(PART_QUEUE, options);
  }

  register(name: TaskName, handler: JobHandler): void {
    this.handlers.set(name, handler);
  }

  registerPart(name: TaskName, handler: PartHandler): void {
    this.parts.set(name, handler);
  }

  has(name: TaskName): boolean {
    return this.handlers.has(name);
  }

  async enqueue(name: TaskName, payload: Record<string, unknown>): Promise<string> {
    if (!this.handlers.has(name)) throw new Error(`no handler for task ${name}`);
    const task = await this.records.create(name, payload);
    try {
      await this.tasks.add(name, { taskId: task.id, payload }, { jobId: task.id, ...RETENTION });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await this.records.finish(task.id, undefined, {
        status: 'failed',
        error: `could not queue the task in Redis (${message}); check REDIS_URL`,
      });
      throw error;
    }
    return task.id;
  }

  /**
   * Runs `name`'s part on every live worker (at least one part) and waits for all of them. Part job ids
   * are derived from the task, so a coordinator that runs again after its worker died finds the same parts.
   */
  async spread(taskId: string, name: TaskName, payload: Record<string, unknown>): Promise<unknown[]> {
    const count = Math.max(1, (await this.registry.list()).length);
    const ids = Array.from({ length: count }, (_, i) => `${taskId}-part-${i}`);
    for (const jobId of ids) await this.partQueue.add(name, { taskId, payload }, { jobId, ...RETENTION });
    return Promise.all(ids.map((id) => this.partResult(id)));
  }

  /** Every live worker of the deployment, whichever process asks (the registry is in Redis). */
  workers(): Promise<WorkerStatus[]> {
    return this.registry.list();
  }

  async idle(): Promise<void> {
    for (;;) {
      const counts = await this.tasks.getJobCounts('active', 'waiting', 'delayed', 'prioritized');
      if (Object.values(counts).every((n) => n === 0)) return;
      await new Promise((resolve) => setTimeout(resolve, PART_POLL_MS));
    }
  }

  async close(): Promise<void> {
    await Promise.all([this.tasks.close(), this.partQueue.close(), this.registry.close()]);
  }

  /** A part's result once it completed; a failed part fails the task with its reason. */
  private async partResult(id: string): Promise<unknown> {
    for (;;) {
      const job = await bullmq().Job.fromId<TaskJobData>(this.partQueue, id);
      if (!job) throw new Error(`part ${id} of the task vanished from Redis`);
      const state = await job.getState();
      if (state === 'completed') return job.returnvalue;
      if (state === 'failed') throw new Error(job.failedReason || `part ${id} failed`);
      await new Promise((resolve) => setTimeout(resolve, PART_POLL_MS));
    }
  }
}
