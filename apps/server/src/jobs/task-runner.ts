import type { TaskOutcome, TaskRecordService, TaskReporter } from '../services/task-record.service.ts';
import { diagnose, withAdvice } from '../repositories/ytdlp-diagnosis.ts';
import { YtdlpError } from '../repositories/ytdlp-output.ts';
import type { JobContext, JobHandler } from './job-queue.ts';

/** How often a running task looks for a stop command in its record (the API may run in another process). */
export const COMMAND_POLL_MS = 250;
/** First and longest wait before writing a run's end again after the write failed. */
const RECORD_RETRY_FIRST_MS = 500;
const RECORD_RETRY_MAX_MS = 30_000;

export interface TaskLogger {
  error(object: unknown, message: string): void;
}

/**
 * Runs one task's handler with its record: running, progress, and the final state. A stop command in the
 * record (set by the API, in whichever process) aborts `controller`, which kills the handler's child
 * processes. Shared by the embedded queue and the BullMQ workers.
 */
export async function runTask(
  records: TaskRecordService,
  run: {
    id: string;
    handler: JobHandler;
    payload: Record<string, unknown>;
    controller: AbortController;
    extra?: Partial<JobContext>;
    /** whether the queue is closing: the end's write is then not retried any more */
    closed?: () => boolean;
  },
  log?: TaskLogger,
): Promise<void> {
  const { id, controller } = run;
  const stopWatch = watchStopCommand(records, id, controller);
  let reporter: TaskReporter | undefined;
  let outcome: TaskOutcome;
  try {
    await records.markRunning(id);
    reporter = records.reporter(id);
    const context = { ...run.extra, taskId: id, signal: controller.signal, reporter };
    const done = await run.handler(run.payload, context);
    const { result, level } = typeof done === 'string' ? { result: done, level: undefined } : done;
    outcome = stoppedOr(controller.signal, { status: 'success', result, level });
  } catch (error) {
    const message = failureText(error);
    // the full text (absolute paths and all) for the log; the record shows it relative to the folders
    if (!controller.signal.aborted) log?.error({ err: error }, `task ${id} failed`);
    outcome = stoppedOr(controller.signal, { status: 'failed', error: message });
  }
  clearInterval(stopWatch);
  await recordEnd(records, { id, reporter, outcome, closed: run.closed ?? (() => false) }, log);
}

/**
 * Writes how the run ended. A write that fails (the database's disk is full, the server unreachable) is
 * tried again, waiting 0.5 s doubling up to 30 s, until it lands or the queue closes: until then the
 * record says running and holds the lock, and a run that failed for an outside reason would otherwise
 * keep it, and lose its cause, until a restart.
 */
async function recordEnd(
  records: TaskRecordService,
  end: { id: string; reporter: TaskReporter | undefined; outcome: TaskOutcome; closed: () => boolean },
  log?: TaskLogger,
): Promise<void> {
  for (let wait = RECORD_RETRY_FIRST_MS; ; wait = Math.min(wait * 2, RECORD_RETRY_MAX_MS)) {
    try {
      await records.finish(end.id, end.reporter, end.outcome);
      return;
    } catch (error) {
      log?.error({ err: error }, `could not record the end of task ${end.id}; trying again`);
      if (end.closed()) return;
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}

/** Polls the task record for a stop or kill command and aborts the run when one comes. */
export function watchStopCommand(
  records: TaskRecordService,
  id: string,
  controller: AbortController,
): NodeJS.Timeout {
  return setInterval(() => {
    if (controller.signal.aborted) return;
    void records
      .command(id)
      .catch(() => null)
      .then((command) => {
        if (command) controller.abort(command);
      });
  }, COMMAND_POLL_MS);
}

/** A run that was told to stop ends as stopped, whatever the handler made of the abort. */
function stoppedOr(signal: AbortSignal, outcome: Exclude<TaskOutcome, { status: 'stopped' }>): TaskOutcome {
  if (!signal.aborted) return outcome;
  const detail = outcome.status === 'success' ? outcome.result : outcome.error;
  return { status: 'stopped' as const, result: `Task stopped: ${detail}` };
}

/**
 * A run's failure as its record shows it: a provider failure that ended the run (no network, a refusal,
 * yt-dlp missing) with its category and advice, as every other provider failure reads (issue 16).
 */
function failureText(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  if (!(error instanceof YtdlpError) || error.kind === 'aborted') return message;
  return withAdvice(message, diagnose(message, { now: Date.now() }));
}
