import { withAdvice } from '../repositories/ytdlp-diagnosis.ts';
import type { DownloadPostProcess } from '../services/download-postprocess.service.ts';
import type { DownloadPendingService, DownloadRunResult } from '../services/download-pending.service.ts';
import type { JobContext, JobHandler, PartHandler } from './job-queue.ts';

/**
 * The download_pending task: payload `{auto_only}` (true when started by "Download now" or an auto-start
 * add, so only those items are taken). The queue loop, then post-processing unless the run was stopped.
 * A failed item does not fail the task: it keeps its message in the queue and the result counts it.
 * In a scale-out deployment the loop runs on every live worker at once (downloadPendingPart), the items
 * claimed in the database so no two take the same video; this handler merges their results. A run first
 * restarts the queue adds that yt-dlp or the network stopped, so their lines are not left behind.
 */
export function downloadPendingJob(
  downloads: DownloadPendingService,
  postProcess: DownloadPostProcess,
  /** adds that a broken yt-dlp or no network stopped get another run (download-queue.service.ts) */
  resumeHeldAdditions: () => Promise<unknown> = async () => 0,
): JobHandler {
  return async (payload, context) => {
    const { signal, reporter } = context;
    // the run does not depend on it: a held add that does not start stays held for the next run
    await resumeHeldAdditions().catch(() => undefined);
    const run = context.spread
      ? await spreadRun(downloads, payload, context)
      : await downloads.run({ autoOnly: payload.auto_only === true, signal, reporter });
    if (run.stopped) return describe(run);
    const post = await postProcess.run(run.downloaded, { signal, reporter });
    const extra = [
      post.deleted.length ? `auto-deleted ${post.deleted.length} watched video(s)` : '',
      post.failed.length ? `${post.failed.length} playlist refresh(es) failed` : '',
    ].filter(Boolean);
    const text = [describe(run), ...extra].join('; ');
    return { result: text, level: run.failed.length || run.notice ? 'error' : 'info' };
  };
}

/** One worker's share of a spread download run: the same loop, auto_start reset by the whole run. */
export function downloadPendingPart(downloads: DownloadPendingService): PartHandler {
  return (payload, { signal, reporter }) =>
    downloads.run({ autoOnly: payload.auto_only === true, signal, reporter, resetAutoStart: false });
}

async function spreadRun(
  downloads: DownloadPendingService,
  payload: Record<string, unknown>,
  context: JobContext,
): Promise<DownloadRunResult> {
  try {
    const parts = (await context.spread!(payload)) as DownloadRunResult[];
    return {
      downloaded: parts.flatMap((p) => p.downloaded),
      failed: parts.flatMap((p) => p.failed),
      deferred: parts.flatMap((p) => p.deferred),
      stopped: context.signal.aborted || parts.some((p) => p.stopped),
      ...(parts.find((p) => p.notice) && { notice: parts.find((p) => p.notice)!.notice }),
    };
  } finally {
    await downloads.resetAutoStart();
  }
}

function describe(run: DownloadRunResult): string {
  const parts = [`downloaded ${run.downloaded.length} video(s).`];
  if (run.failed.length)
    parts.push(
      `${run.failed.length} failed: ${run.failed.map((f) => `${f.youtube_id}: ${withAdvice(f.message, f.diagnosis)}`).join('; ')}`,
    );
  // the provider's answer says what to do: import a cookie for a bot check, wait for a 429
  if (run.deferred.length)
    parts.push(
      `${run.deferred.length} left queued after the provider refused: ${run.deferred.map((d) => `${d.youtube_id}: ${withAdvice(d.message, d.diagnosis)}`).join('; ')}`,
    );
  if (run.notice) parts.push(run.notice);
  return parts.join(' ');
}
