import { describeThumbnailCheck, type ThumbnailCheckService } from '../services/thumbnail-check.service.ts';
import type { JobHandler } from './job-queue.ts';

/**
 * The thumbnail_check task: missing art made again, orphaned art deleted. A stop ends it between two
 * pictures; pictures still missing end it with level error.
 */
export function thumbnailCheckJob(check: ThumbnailCheckService): JobHandler {
  return async (_payload, { signal, reporter }) => {
    const result = await check.run(signal, reporter);
    return { result: describeThumbnailCheck(result), level: result.missing.length ? 'error' : 'info' };
  };
}
