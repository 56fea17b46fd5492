import type { AppConfigService } from '../services/app-config.service.ts';
import type { FeedWatchService } from '../services/feed-watch.service.ts';
import type { JobHandler } from './job-queue.ts';

/**
 * check_feeds (issue 16): reads every subscription's feed and queues what is new; with
 * `subscriptions.auto_start` on, download_pending starts for the new items (a running one picks them up).
 */
export function checkFeedsJob(
  feeds: FeedWatchService,
  appConfig: AppConfigService,
  startDownloads: () => Promise<unknown>,
): JobHandler {
  return async (_payload, { signal, reporter }) => {
    const result = await feeds.run({ signal, reporter });
    const { subscriptions } = await appConfig.get();
    if (!result.stopped && result.added > 0 && subscriptions.auto_start) await startDownloads();
    const parts = [
      `Checked ${result.checked} feeds (${result.unchanged} unchanged), ${result.added} new videos queued.`,
    ];
    if (result.notQueued.length) {
      const lines = result.notQueued.map((f) => `${f.input}: ${f.error}`);
      parts.push(`Could not queue ${result.notQueued.length}: ${lines.join('; ')}`);
    }
    if (result.failed.length) {
      const lines = result.failed.map((f) => `${f.name}: ${f.message}`);
      parts.push(`Failed ${result.failed.length}: ${lines.join('; ')}`);
    }
    return {
      result: parts.join(' '),
      level: result.failed.length || result.notQueued.length ? 'error' : 'info',
    };
  };
}
