import { describeEmbedResult, type MetadataEmbedService } from '../services/metadata-embed.service.ts';
import type { JobHandler } from './job-queue.ts';

/**
 * The resync_metadata task (upstream §3.7): tags and cover written into every media file. A stop ends it
 * between files (a file being rewritten keeps its old version); files that failed end it with level error.
 */
export function resyncMetadataJob(embedder: MetadataEmbedService): JobHandler {
  return async (_payload, { signal, reporter }) => {
    const result = await embedder.run(signal, reporter);
    return { result: describeEmbedResult(result), level: result.failed.length ? 'error' : 'info' };
  };
}
