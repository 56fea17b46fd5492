import os from 'node:os';
import type { TaskName } from '@tubekeeper/contract';
import { TASK_DEFINITIONS } from '../services/task-definitions.ts';
import type { TaskRecordService } from '../services/task-record.service.ts';
import type { JobHandler, JobQueue } from './job-queue.ts';
import { runTask, type TaskLogger } from './task-runner.ts';
import type { WorkerStatus } from './worker-registry.ts';

/**
 * The default queue: handlers run in this process, one at a time per locked task name, unlocked ones at
 * once. The task record is the only state, so a restart loses nothing that matters: the runs it interrupted
 * are marked failed at start-up and their items are still in their queues.
 */
export class EmbeddedJobQueue implements JobQueue {
  private readonly handlers = new Map<TaskName, JobHandler>();
  private readonly chains = new Map<string, Promise<void>>();
  private readonly running = new Map<string, { name: TaskName; controller: AbortController }>();
  private readonly startedAt = Date.now();
  private closed = false;

  constructor(
    private readonly records: TaskRecordService,
    private readonly log?: TaskLogger,
  ) {}

  register(name: TaskName, handler: JobHandler): void {
    this.handlers.set(name, handler);
  }

  /** One process does the whole task here; parts are for worker processes. */
  registerPart(): void {}

  has(name: TaskName): boolean {
    return this.handlers.has(name);
  }

  async enqueue(name: TaskName, payload: Record<string, unknown>): Promise<string> {
    const handler = this.handlers.get(name);
    if (!handler || this.closed) throw new Error(`no handler for task ${name}`);
    const task = await this.records.create(name, payload);
    const key = TASK_DEFINITIONS[name].locked ? name : task.id;
    const run = (this.chains.get(key) ?? Promise.resolve()).then(() =>
      this.run({ id: task.id, name, handler, payload }),
    );
    this.chains.set(key, run);
    void run.finally(() => {
      if (this.chains.get(key) === run) this.chains.delete(key);
    });
    return task.id;
  }

  /** This process is the only task runner: itself, with the runs it has going now. */
  async workers(): Promise<WorkerStatus[]> {
    const now = Date.now();
    const running = [...this.running].map(([id, r]) => ({ task_id: id, name: r.name, part: false }));
    return [
      {
        id: 'embedded',
        host: os.hostname(),
        pid: process.pid,
        started_at: this.startedAt,
        seen_at: now,
        running,
      },
    ];
  }

  /** Resolves when nothing is queued or running (tests and shutdown wait on it). */
  async idle(): Promise<void> {
    while (this.chains.size > 0) await Promise.allSettled([...this.chains.values()]);
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const { controller } of this.running.values()) controller.abort('kill');
    await this.idle();
  }

  private async run(task: {
    id: string;
    name: TaskName;
    handler: JobHandler;
    payload: Record<string, unknown>;
  }): Promise<void> {
    const { id, handler, payload } = task;
    const controller = new AbortController();
    this.running.set(id, { name: task.name, controller });
    try {
      const closed = () => this.closed;
      await runTask(this.records, { id, handler, payload, controller, closed }, this.log);
    } finally {
      this.running.delete(id);
    }
  }
}
