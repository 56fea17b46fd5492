import { describeReindex, type ReindexService } from '../services/reindex.service.ts';
import type { JobHandler } from './job-queue.ts';

/**
 * check_reindex: payload `{manual: true}` when POST /api/refresh/ queued the ids; otherwise (the
 * scheduler) the run first adds what is due by the schedule's `days`. Either way it drains the queue.
 */
export function checkReindexJob(reindex: ReindexService): JobHandler {
  return async (payload, { signal, reporter }) => {
    if (payload.manual !== true) await reindex.planScheduled();
    const result = await reindex.run({ signal, reporter });
    return {
      result: describeReindex(result),
      level: result.failed.length || result.subtitlesKept.length ? 'error' : 'info',
    };
  };
}
