import type { QueueAdditionsRepository } from '../repositories/queue-additions.repository.ts';
import type { DownloadQueueService, ExtractPayload } from '../services/download-queue.service.ts';
import { describeExtract, type QueueExtractor } from '../services/queue-extractor.service.ts';
import type { JobHandler } from './job-queue.ts';

/**
 * extract_download: resolves each pasted line on its own and queues what it finds (upstream §4.1). Bad
 * lines are named in the result (level error, so the notification stays longer); with auto_start the
 * new items are downloaded right away. The lines come from their persisted batch; each is removed once
 * resolved, the rest when the run ends or is stopped. A run that fails leaves its unresolved lines for the
 * next start.
 */
export function extractDownloadJob(
  extractor: QueueExtractor,
  queue: DownloadQueueService,
  additions: QueueAdditionsRepository,
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
    const report = await extractor.extract(items, {
      autoStart,
      ...(flat !== undefined && { flat }),
      ...(force !== undefined && { force }),
      signal,
      reporter,
      ...(batch && { onResolved: (lines: number[]) => additions.remove(batch, lines) }),
    });
    if (batch) await additions.removeBatch(batch);
    if (autoStart && !signal.aborted && report.added + report.prioritized > 0) {
      await queue.startDownloads(true);
    }
    return { result: describeExtract(report), level: report.failures.length ? 'error' : 'info' };
  };
}
