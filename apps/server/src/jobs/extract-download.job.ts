import type { QueueAdditionsRepository } from '../repositories/queue-additions.repository.ts';
import type { DownloadQueueService, ExtractPayload } from '../services/download-queue.service.ts';
import {
  describeExtract,
  type ExtractReport,
  type QueueExtractor,
} from '../services/queue-extractor.service.ts';
import { toolFailureText } from '../services/tool-failure.ts';
import type { JobHandler } from './job-queue.ts';

/**
 * extract_download: resolves each pasted line on its own and queues what it finds (upstream §4.1). Bad
 * lines are named in the result (level error, so the notification stays longer); with auto_start the
 * new items are downloaded right away. The lines come from their persisted batch; each is removed once
 * resolved, the rest when the run ends or is stopped. yt-dlp missing or broken, the network down, or the
 * provider refusing (HTTP 429, the bot check) ends the run as failed with its unresolved lines held: the
 * next add, download run or start-up resumes them. A run that fails otherwise leaves them held too.
 */
export function extractDownloadJob(
  extractor: QueueExtractor,
  queue: DownloadQueueService,
  additions: QueueAdditionsRepository,
  now: () => number = Date.now,
): JobHandler {
  return async (payload, { signal, reporter }) => {
    const { batch, ...inline } = payload as ExtractPayload;
    const stored = batch ? await additions.lines(batch) : undefined;
    const {
      items = [],
      auto_start: autoStart = false,
      flat,
      force,
    } = stored ? { items: stored.lines, ...stored.options } : inline;
    let report: ExtractReport;
    try {
      report = await extractor.extract(items, {
        autoStart,
        ...(flat !== undefined && { flat }),
        ...(force !== undefined && { force }),
        signal,
        reporter,
        ...(batch && { onResolved: (lines: number[]) => additions.remove(batch, lines) }),
      });
    } catch (error) {
      if (batch && !signal.aborted) await additions.hold(batch, now());
      throw error;
    }
    if (report.halted) {
      const kept = batch ? await additions.hold(batch, now()) : 0;
      throw new Error(describeHalt(report, report.halted, kept));
    }
    if (batch) await additions.removeBatch(batch);
    if (autoStart && !signal.aborted && report.added + report.prioritized > 0) {
      await queue.startDownloads(true);
    }
    return { result: describeExtract(report), level: report.failures.length ? 'error' : 'info' };
  };
}

/**
 * "yt-dlp failed while adding <line> (…): check that yt-dlp runs (…). 3 lines kept: added again at the
 * next add to the queue or download run.", then what the run did before it stopped.
 */
function describeHalt(
  report: ExtractReport,
  halted: NonNullable<ExtractReport['halted']>,
  kept: number,
): string {
  const done = report.added + report.prioritized + report.skipped + report.failures.length;
  const lines = `${kept} ${kept === 1 ? 'line' : 'lines'}`;
  return [
    `${toolFailureText(halted.error, `while adding ${halted.input}`, halted.explained)}.`,
    kept
      ? `${lines} kept: added again at the next add to the queue or download run.`
      : 'Add the lines again once it works.',
    ...(done ? [describeExtract(report)] : []),
  ].join(' ');
}
