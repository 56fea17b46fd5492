import type { TaskName } from '@tubekeeper/contract';
import { TASK_DEFINITIONS } from '../services/task-definitions.ts';
import type { TaskRecordService, TaskReporter } from '../services/task-record.service.ts';
import type { JobHandler, JobQueue } from './job-queue.ts';

/** How often a running task looks for a stop command in its record. */
const COMMAND_POLL_MS = 250;

interface Logger {
  error(object: unknown, message: string): void;
}

/**
 * The default queue: handlers run in this process, one at a time per locked task name, unlocked ones at
 * once. The task record is the only state, so a restart loses nothing that matters: the runs it interrupted
 * are marked failed at start-up and their items are still in their queues.
 */
export class EmbeddedJobQueue implements JobQueue {
  private readonly handlers = new Map<TaskName, JobHandler>();
  private readonly chains = new Map<string, Promise<void>>();
  private readonly running = new Map<string, AbortController>();
  private closed = false;

  constructor(
    private readonly records: TaskRecordService,
    private readonly log?: Logger,
  ) {}

  register(name: TaskName, handler: JobHandler): void {
    this.handlers.set(name, handler);
  }

  has(name: TaskName): boolean {
    return this.handlers.has(name);
  }

  async enqueue(name: TaskName, payload: Record<string, unknown>): Promise<string> {
    const handler = this.handlers.get(name);
    if (!handler || this.closed) throw new Error(`no handler for task ${name}`);
    const task = await this.records.create(name, payload);
    const key = TASK_DEFINITIONS[name].locked ? name : task.id;
    const run = (this.chains.get(key) ?? Promise.resolve()).then(() => this.run(task.id, handler, payload));
    this.chains.set(key, run);
    void run.finally(() => {
      if (this.chains.get(key) === run) this.chains.delete(key);
    });
    return task.id;
  }

  /** Resolves when nothing is queued or running (tests and shutdown wait on it). */
  async idle(): Promise<void> {
    while (this.chains.size > 0) await Promise.allSettled([...this.chains.values()]);
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const controller of this.running.values()) controller.abort('kill');
    await this.idle();
  }

  private async run(id: string, handler: JobHandler, payload: Record<string, unknown>): Promise<void> {
    const controller = new AbortController();
    this.running.set(id, controller);
    const poll = setInterval(() => void this.pollCommand(id, controller), COMMAND_POLL_MS);
    let reporter: TaskReporter | undefined;
    try {
      await this.records.markRunning(id);
      reporter = this.records.reporter(id);
      const done = await handler(payload, { taskId: id, signal: controller.signal, reporter });
      const { result, level } = typeof done === 'string' ? { result: done, level: undefined } : done;
      await this.records.finish(
        id,
        reporter,
        stoppedOr(controller.signal, { status: 'success', result, level }),
      );
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await this.records
        .finish(id, reporter, stoppedOr(controller.signal, { status: 'failed', error: message }))
        .catch((e: unknown) => this.log?.error({ err: e }, `could not record the end of task ${id}`));
    } finally {
      clearInterval(poll);
      this.running.delete(id);
    }
  }

  private async pollCommand(id: string, controller: AbortController): Promise<void> {
    if (controller.signal.aborted) return;
    const command = await this.records.command(id).catch(() => null);
    if (command) controller.abort(command);
  }
}

type Outcome =
  { status: 'success'; result: string; level?: 'info' | 'error' } | { status: 'failed'; error: string };

/** A run that was told to stop ends as stopped, whatever the handler made of the abort. */
function stoppedOr(signal: AbortSignal, outcome: Outcome) {
  if (!signal.aborted) return outcome;
  const detail = outcome.status === 'success' ? outcome.result : outcome.error;
  return { status: 'stopped' as const, result: `Task stopped: ${detail}` };
}
