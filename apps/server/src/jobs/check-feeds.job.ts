import type { AppConfigService } from '../services/app-config.service.ts';
import type { FeedWatchService } from '../services/feed-watch.service.ts';
import type { WebsubService } from '../services/websub.service.ts';
import type { JobHandler } from './job-queue.ts';

/**
 * check_feeds (issue 16): reads every subscription's feed and queues what is new; with
 * `subscriptions.auto_start` on, download_pending starts for the new items (a running one picks them up).
 * With TK_PUBLIC_URL set it also keeps the push subscriptions at the hub (new channels, leases ending,
 * channels no longer subscribed).
 */
export function checkFeedsJob(
  feeds: FeedWatchService,
  websub: Pick<WebsubService, 'sync'>,
  appConfig: AppConfigService,
  startDownloads: () => Promise<unknown>,
): JobHandler {
  return async (_payload, { signal, reporter }) => {
    const result = await feeds.run({ signal, reporter });
    const { subscriptions } = await appConfig.get();
    if (!result.stopped && result.added > 0 && subscriptions.auto_start) await startDownloads();
    const push = result.stopped ? undefined : await websub.sync(signal);
    const parts = [
      `Checked ${result.checked} feeds (${result.unchanged} unchanged), ${result.added} new videos queued.`,
    ];
    if (push) {
      parts.push(
        `Push: ${push.subscribed} subscribed, ${push.renewed} renewed, ${push.unsubscribed} unsubscribed at the hub.`,
      );
    }
    if (result.notQueued.length) {
      const lines = result.notQueued.map((f) => `${f.input}: ${f.error}`);
      parts.push(`Could not queue ${result.notQueued.length}: ${lines.join('; ')}`);
    }
    const failed = [
      ...result.failed.map((f) => `${f.name}: ${f.message}`),
      ...(push?.failed ?? []).map((f) => `push ${f.id}: ${f.message}`),
    ];
    if (failed.length) parts.push(`Failed ${failed.length}: ${failed.join('; ')}`);
    return {
      result: parts.join(' '),
      level: failed.length || result.notQueued.length ? 'error' : 'info',
    };
  };
}
