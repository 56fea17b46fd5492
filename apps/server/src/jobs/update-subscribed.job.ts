import type { AppConfigService } from '../services/app-config.service.ts';
import type { SubscriptionScanService } from '../services/subscription-scan.service.ts';
import type { JobHandler } from './job-queue.ts';

/**
 * update_subscribed: the subscription scan (upstream §4.1). When it queued anything and
 * `subscriptions.auto_start` is on, download_pending starts for the new items; a download run that is
 * already going picks them up instead. Failed channels are named in the result (level error).
 */
export function updateSubscribedJob(
  scan: SubscriptionScanService,
  appConfig: AppConfigService,
  startDownloads: () => Promise<unknown>,
): JobHandler {
  return async (_payload, { signal, reporter }) => {
    const result = await scan.run({ signal, reporter });
    const { subscriptions } = await appConfig.get();
    if (!result.stopped && result.added > 0 && subscriptions.auto_start) await startDownloads();
    const parts = [`Found ${result.added} videos to add to the queue.`];
    if (result.notQueued.length) {
      const lines = result.notQueued.map((f) => `${f.input}: ${f.error}`);
      parts.push(`Could not queue ${result.notQueued.length}: ${lines.join('; ')}`);
    }
    if (result.failed.length) {
      parts.push(
        `Failed ${result.failed.length}: ${result.failed.map((f) => `${f.name}: ${f.message}`).join('; ')}`,
      );
    }
    return {
      result: parts.join(' '),
      level: result.failed.length || result.notQueued.length ? 'error' : 'info',
    };
  };
}
