import type { DownloadQueueService, ExtractPayload } from '../services/download-queue.service.ts';
import { describeExtract, type QueueExtractor } from '../services/queue-extractor.service.ts';
import type { JobHandler } from './job-queue.ts';

/**
 * extract_download: resolves each pasted line on its own and queues what it finds (upstream §4.1). Bad
 * lines are named in the result (level error, so the notification stays longer); with auto_start the
 * new items are downloaded right away.
 */
export function extractDownloadJob(extractor: QueueExtractor, queue: DownloadQueueService): JobHandler {
  return async (payload, { signal, reporter }) => {
    const { items = [], auto_start: autoStart = false, flat, force } = payload as Partial<ExtractPayload>;
    const report = await extractor.extract(items, {
      autoStart,
      ...(flat !== undefined && { flat }),
      ...(force !== undefined && { force }),
      signal,
      reporter,
    });
    if (autoStart && !signal.aborted && report.added + report.prioritized > 0) {
      await queue.startDownloads(true);
    }
    return { result: describeExtract(report), level: report.failures.length ? 'error' : 'info' };
  };
}
