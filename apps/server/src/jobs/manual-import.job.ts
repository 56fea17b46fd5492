import { describeImportResult, type ManualImportService } from '../services/manual-import.service.ts';
import type { JobHandler } from './job-queue.ts';

/**
 * The manual_import task: payload `{ignore_error, prefer_local}` as the API takes it. With ignore_error,
 * failed groups end the task with their names in the result (level error, so the notification stays
 * longer); without it, the first failure fails the task with that message.
 */
export function manualImportJob(imports: ManualImportService): JobHandler {
  return async (payload, { signal, reporter }) => {
    const result = await imports.run(
      { ignoreError: payload.ignore_error === true, preferLocal: payload.prefer_local === true, signal },
      reporter,
    );
    return { result: describeImportResult(result), level: result.failed.length ? 'error' : 'info' };
  };
}
