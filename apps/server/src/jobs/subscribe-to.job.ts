import { describeSubscribe, type SubscriberService } from '../services/subscriber.service.ts';
import type { ChangeSignal } from '../services/change-signal.ts';
import type { SubscribePayload } from '../services/subscription.service.ts';
import type { JobHandler } from './job-queue.ts';

/** subscribe_to: indexes and subscribes every line; the result names each line that failed. */
export function subscribeToJob(
  subscriber: SubscriberService,
  subscriptionsChanged?: ChangeSignal,
): JobHandler {
  return async (payload, { signal, reporter }) => {
    const {
      expected_type: expected = 'channel',
      subscribe = [],
      unsubscribe = [],
    } = payload as Partial<SubscribePayload>;
    const report = await subscriber.run(
      { expected_type: expected, subscribe, unsubscribe },
      signal,
      reporter,
    );
    if (expected === 'channel' && report.subscribed.length + report.unsubscribed.length > 0)
      subscriptionsChanged?.notify();
    return { result: describeSubscribe(report), level: report.failures.length ? 'error' : 'info' };
  };
}
