import os from 'node:os';
import type { Job, Worker } from 'bullmq';
import type { TaskName } from '@tubekeeper/contract';
import { PART_QUEUE, TASK_QUEUE, type BullJobQueue, type TaskJobData } from './bullmq-job-queue.ts';
import { bullConnection } from './redis-connection.ts';
import { bullmq } from './scale-out-packages.ts';
import { runTask, watchStopCommand, type TaskLogger } from './task-runner.ts';
import type { WorkerStatus } from './worker-registry.ts';

export interface TaskWorkerOptions {
  /** the name this worker shows in the health answer (and its staging folder) */
  id: string;
  /** tasks this process runs at once; a spread part (a download share) takes one more slot of its own */
  concurrency: number;
  /** after this long without a lock renewal, another worker takes a killed worker's job over */
  stallTimeoutMs: number;
  log?: TaskLogger & { info(message: string): void };
}

interface Running {
  taskId: string;
  name: string;
  part: boolean;
  controller: AbortController;
}

/**
 * A BullMQ consumer of Tubekeeper's tasks: the body of `tubekeeper worker` (and of `serve` with TK_WORKERS).
 * Task jobs run their handler with the task record (runTask); part jobs run one worker's share of a spread
 * task. A heartbeat keeps this worker in the registry with what it runs.
 */
export class BullTaskWorker {
  private readonly running = new Map<string, Running>();
  private workers: Worker<TaskJobData>[] = [];
  private heartbeat: NodeJS.Timeout | undefined;
  private readonly startedAt = Date.now();
  private stopping = false;

  constructor(
    private readonly queue: BullJobQueue,
    private readonly options: TaskWorkerOptions,
  ) {}

  async start(): Promise<void> {
    const { prefix } = this.queue.target;
    const common = {
      connection: bullConnection(this.queue.target),
      prefix,
      name: this.options.id,
      lockDuration: this.options.stallTimeoutMs,
      stalledInterval: this.options.stallTimeoutMs,
      maxStalledCount: 3,
    };
    const { Worker } = bullmq();
    this.workers = [
      new Worker<TaskJobData>(TASK_QUEUE, (job) => this.runTaskJob(job), {
        ...common,
        concurrency: this.options.concurrency,
      }),
      // one share per worker at a time, so a spread task's parts land on different workers
      new Worker<TaskJobData>(PART_QUEUE, (job) => this.runPartJob(job), { ...common, concurrency: 1 }),
    ];
    for (const worker of this.workers) {
      worker.on('error', (error) => this.options.log?.error({ err: error }, 'queue worker error'));
    }
    await this.announce();
    this.heartbeat = setInterval(() => void this.announce(), Math.max(500, this.options.stallTimeoutMs / 3));
  }

  /**
   * Graceful stop (SIGTERM): no new jobs; download shares stop at once (their items go back to the queue
   * for other workers, nothing half-downloaded reaches the media tree); other tasks finish.
   */
  async stop(): Promise<void> {
    this.stopping = true;
    for (const run of this.running.values()) if (run.part) run.controller.abort('shutdown');
    await Promise.all(this.workers.map((w) => w.close()));
    clearInterval(this.heartbeat);
    await this.queue.registry.leave(this.options.id).catch(() => undefined);
  }

  private async runTaskJob(job: Job<TaskJobData>): Promise<void> {
    const name = job.name as TaskName;
    const handler = this.queue.handlers.get(name);
    if (!handler) throw new (bullmq().UnrecoverableError)(`this worker has no handler for task ${name}`);
    const { taskId, payload } = job.data;
    const controller = new AbortController();
    this.track(job, { taskId, name, part: false, controller });
    try {
      const spread = (p: Record<string, unknown>) => this.queue.spread(taskId, name, p);
      await runTask(
        this.queue.records,
        { id: taskId, handler, payload, controller, extra: { spread }, closed: () => this.stopping },
        this.options.log,
      );
    } finally {
      this.untrack(job);
    }
  }

  private async runPartJob(job: Job<TaskJobData>): Promise<unknown> {
    const name = job.name as TaskName;
    const handler = this.queue.parts.get(name);
    if (!handler) throw new (bullmq().UnrecoverableError)(`this worker has no part handler for task ${name}`);
    const { taskId, payload } = job.data;
    const controller = new AbortController();
    this.track(job, { taskId, name, part: true, controller });
    const stopWatch = watchStopCommand(this.queue.records, taskId, controller);
    // the part writes its progress into the task's own record, which the API answers from
    const reporter = this.queue.records.reporter(taskId);
    try {
      return await handler(payload, { taskId, signal: controller.signal, reporter });
    } finally {
      clearInterval(stopWatch);
      await reporter.close();
      this.untrack(job);
    }
  }

  private track(job: Job<TaskJobData>, run: Running): void {
    this.running.set(`${job.queueName}/${job.id}`, run);
    void this.announce();
  }

  private untrack(job: Job<TaskJobData>): void {
    this.running.delete(`${job.queueName}/${job.id}`);
    void this.announce();
  }

  private async announce(): Promise<void> {
    const status: WorkerStatus = {
      id: this.options.id,
      host: os.hostname(),
      pid: process.pid,
      started_at: this.startedAt,
      seen_at: Date.now(),
      running: [...this.running.values()].map((r) => ({ task_id: r.taskId, name: r.name, part: r.part })),
    };
    await this.queue.registry
      .announce(status)
      .catch((error: unknown) => this.options.log?.error({ err: error }, 'worker heartbeat failed'));
  }
}
