import type { TaskName } from '@tubekeeper/contract';
import { TASK_DEFINITIONS } from '../services/task-definitions.ts';
import type { TaskOutcome, TaskRecordService, TaskReporter } from '../services/task-record.service.ts';
import type { JobHandler, JobQueue } from './job-queue.ts';

/** How often a running task looks for a stop command in its record. */
const COMMAND_POLL_MS = 250;
/** First and longest wait before writing a run's end again after the write failed. */
const RECORD_RETRY_FIRST_MS = 500;
const RECORD_RETRY_MAX_MS = 30_000;

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
    let outcome: TaskOutcome;
    try {
      await this.records.markRunning(id);
      reporter = this.records.reporter(id);
      const done = await handler(payload, { taskId: id, signal: controller.signal, reporter });
      const { result, level } = typeof done === 'string' ? { result: done, level: undefined } : done;
      outcome = stoppedOr(controller.signal, { status: 'success', result, level });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      // the full text (absolute paths and all) for the log; the record shows it relative to the folders
      if (!controller.signal.aborted) this.log?.error({ err: error }, `task ${id} failed`);
      outcome = stoppedOr(controller.signal, { status: 'failed', error: message });
    }
    clearInterval(poll);
    try {
      await this.recordEnd(id, reporter, outcome);
    } finally {
      this.running.delete(id);
    }
  }

  /**
   * Writes how the run ended. A write that fails (the database's disk is full, the server unreachable) is
   * tried again, waiting 0.5 s doubling up to 30 s, until it lands or the queue closes: until then the
   * record says running and holds the lock, and a run that failed for an outside reason would otherwise
   * keep it, and lose its cause, until a restart.
   */
  private async recordEnd(id: string, reporter: TaskReporter | undefined, outcome: TaskOutcome) {
    for (let wait = RECORD_RETRY_FIRST_MS; ; wait = Math.min(wait * 2, RECORD_RETRY_MAX_MS)) {
      try {
        await this.records.finish(id, reporter, outcome);
        return;
      } catch (error) {
        this.log?.error({ err: error }, `could not record the end of task ${id}; trying again`);
        if (this.closed) return;
        await new Promise((resolve) => setTimeout(resolve, wait));
      }
    }
  }

  private async pollCommand(id: string, controller: AbortController): Promise<void> {
    if (controller.signal.aborted) return;
    const command = await this.records.command(id).catch(() => null);
    if (command) controller.abort(command);
  }
}

/** A run that was told to stop ends as stopped, whatever the handler made of the abort. */
function stoppedOr(signal: AbortSignal, outcome: Exclude<TaskOutcome, { status: 'stopped' }>): TaskOutcome {
  if (!signal.aborted) return outcome;
  const detail = outcome.status === 'success' ? outcome.result : outcome.error;
  return { status: 'stopped' as const, result: `Task stopped: ${detail}` };
}
