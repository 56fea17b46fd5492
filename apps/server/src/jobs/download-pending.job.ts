import type { DownloadPostProcess } from '../services/download-postprocess.service.ts';
import type { DownloadPendingService, DownloadRunResult } from '../services/download-pending.service.ts';
import type { JobHandler } from './job-queue.ts';

/**
 * The download_pending task: payload `{auto_only}` (true when started by "Download now" or an auto-start
 * add, so only those items are taken). The queue loop, then post-processing unless the run was stopped.
 * A failed item does not fail the task: it keeps its message in the queue and the result counts it.
 */
export function downloadPendingJob(
  downloads: DownloadPendingService,
  postProcess: DownloadPostProcess,
): JobHandler {
  return async (payload, { signal, reporter }) => {
    const run = await downloads.run({ autoOnly: payload.auto_only === true, signal, reporter });
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

function describe(run: DownloadRunResult): string {
  const parts = [`downloaded ${run.downloaded.length} video(s).`];
  if (run.failed.length)
    parts.push(
      `${run.failed.length} failed: ${run.failed.map((f) => `${f.youtube_id}: ${f.message} [${f.diagnosis.label}: ${f.diagnosis.advice}]`).join('; ')}`,
    );
  if (run.deferred.length) parts.push(`${run.deferred.length} left queued after the provider refused`);
  if (run.notice) parts.push(run.notice);
  return parts.join(' ');
}
