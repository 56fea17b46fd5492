import { describeSubscribe, type SubscriberService } from '../services/subscriber.service.ts';
import type { SubscribePayload } from '../services/subscription.service.ts';
import type { JobHandler } from './job-queue.ts';

/** subscribe_to: indexes and subscribes every line; the result names each line that failed. */
export function subscribeToJob(subscriber: SubscriberService): JobHandler {
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
    return { result: describeSubscribe(report), level: report.failures.length ? 'error' : 'info' };
  };
}
