import type { ChannelHealth, FailingChannels } from '@tubekeeper/contract';
import type { HealthSource } from '../db/tables.ts';
import { notFound } from '../errors.ts';
import type { SubscriptionHealthRepository } from '../repositories/subscription-health.repository.ts';
import { isoUtc } from './wire/format.ts';
import type { FailureDiagnosisService } from './failure-diagnosis.service.ts';

type Kind = 'channel' | 'playlist';
type HealthRow = NonNullable<Awaited<ReturnType<SubscriptionHealthRepository['channel']>>>;

/** The Downloads page lists this many failing channels at most. */
const FAILING_LIMIT = 50;

/** What the deep scan, the feed check and the push write down about a subscription. */
export interface HealthRecorder {
  scanned(id: string, kind: Kind): Promise<void>;
  /** `message` is the raw text (yt-dlp's, the feed's or the hub's); it is diagnosed when read */
  failed(id: string, kind: Kind, source: HealthSource, message: string): Promise<void>;
}

/**
 * Per-channel health (issue 16): the last feed check, the last deep scan, the push subscription and the
 * last failure of any of them with its diagnosis (made with the yt-dlp installed when it is read), for
 * the channel's About tab and the Downloads page.
 */
export class SubscriptionHealthService implements HealthRecorder {
  constructor(
    private readonly rows: SubscriptionHealthRepository,
    private readonly diagnosis: Pick<FailureDiagnosisService, 'diagnose'>,
    private readonly now: () => number = Date.now,
  ) {}

  scanned(id: string, kind: Kind): Promise<void> {
    return this.rows.scanned(id, kind, this.now());
  }

  failed(id: string, kind: Kind, source: HealthSource, message: string): Promise<void> {
    return this.rows.failed(id, kind, source, message, this.now());
  }

  async channel(channelId: string): Promise<ChannelHealth> {
    const row = await this.rows.channel(channelId);
    if (!row) throw notFound('channel not found');
    return this.toHealth(row);
  }

  /** The subscribed channels whose last failure is kept, newest first: where to look on the Downloads page. */
  async failingChannels(): Promise<FailingChannels> {
    const rows = await this.rows.failingChannels(FAILING_LIMIT);
    return { data: await Promise.all(rows.map((row) => this.toHealth(row))) };
  }

  private async toHealth(row: HealthRow): Promise<ChannelHealth> {
    const time = (ms: number | string | null) => (ms === null ? null : isoUtc(Number(ms)));
    let lastFailure: ChannelHealth['last_failure'] = null;
    if (row.last_failure !== null && row.last_failure_at !== null && row.last_failure_source !== null) {
      const diagnosis = await this.diagnosis.diagnose(row.last_failure);
      lastFailure = {
        at: isoUtc(Number(row.last_failure_at)),
        source: row.last_failure_source,
        message: row.last_failure,
        diagnosis: {
          category: diagnosis.category,
          label: diagnosis.label,
          advice: diagnosis.advice,
          retry_at: diagnosis.retryAt === null ? null : isoUtc(diagnosis.retryAt),
        },
      };
    }
    return {
      channel_id: row.channel_id,
      channel_name: row.channel_name,
      subscribed: row.channel_subscribed === 1,
      last_feed_check: time(row.checked_at),
      feed_error: row.feed_error,
      last_new_upload: time(row.last_new_at),
      last_deep_scan: time(row.last_scan_at),
      push: row.push_state
        ? {
            state: row.push_state,
            lease_expires_at: time(row.lease_expires_at),
            last_push_at: time(row.last_push_at),
          }
        : null,
      last_failure: lastFailure,
    };
  }
}
