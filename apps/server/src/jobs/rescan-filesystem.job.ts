import { describeRescanResult, type FilesystemRescanService } from '../services/filesystem-rescan.service.ts';
import type { JobHandler } from './job-queue.ts';

/**
 * The rescan_filesystem task (upstream §4.4), payload `{prefer_local}` as the appsettings route takes it
 * (upstream's `ignore_error` is implied: a file that cannot be read is reported, never the end of the run).
 * Skipped files end it with level error, so the notification stays longer.
 */
export function rescanFilesystemJob(rescan: FilesystemRescanService): JobHandler {
  return async (payload, { signal, reporter }) => {
    const result = await rescan.run({ preferLocal: payload.prefer_local === true, signal }, reporter);
    return { result: describeRescanResult(result), level: result.failed.length ? 'error' : 'info' };
  };
}
