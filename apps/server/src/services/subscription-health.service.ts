import type {
  ChannelHealth,
  FailingChannels,
  FailingPlaylists,
  HealthReport,
  PlaylistHealth,
} from '@tubekeeper/contract';
import type { HealthSource } from '../db/tables.ts';
import { notFound } from '../errors.ts';
import type { SubscriptionHealthRepository } from '../repositories/subscription-health.repository.ts';
import { isoUtc } from './wire/format.ts';
import type { FailureDiagnosisService } from './failure-diagnosis.service.ts';

type Kind = 'channel' | 'playlist';
type PlaylistRow = NonNullable<Awaited<ReturnType<SubscriptionHealthRepository['playlist']>>>;
type ChannelRow = NonNullable<Awaited<ReturnType<SubscriptionHealthRepository['channel']>>>;
type Row = PlaylistRow & Partial<ChannelRow>;
type FailingSubscription = HealthReport['failing_subscriptions'][number];

/** The Downloads page lists this many failing channels (and playlists) at most. */
const FAILING_LIMIT = 50;

/** What the deep scan, the feed check and the push write down about a subscription. */
export interface HealthRecorder {
  /** the deep scan went over it; `error` is its raw text when that failed */
  scanned(id: string, kind: Kind, error?: string): Promise<void>;
  /** `message` is the raw text (yt-dlp's, the feed's or the hub's); it is diagnosed when read */
  failed(id: string, kind: Kind, source: HealthSource, message: string): Promise<void>;
}

const time = (ms: number | string | null | undefined) =>
  ms === null || ms === undefined ? null : isoUtc(Number(ms));

/**
 * Per-subscription health (issue 16): the last feed check, the last deep scan, the push subscription, the
 * errors each has now and the last failure of any of them with its diagnosis (made with the yt-dlp
 * installed when it is read), for a channel's About tab, a playlist's page, the Downloads page and
 * `GET /api/health/?details=true`.
 */
export class SubscriptionHealthService implements HealthRecorder {
  constructor(
    private readonly rows: SubscriptionHealthRepository,
    private readonly diagnosis: Pick<FailureDiagnosisService, 'diagnose'>,
    private readonly now: () => number = Date.now,
  ) {}

  scanned(id: string, kind: Kind, error?: string): Promise<void> {
    return this.rows.scanned(id, kind, this.now(), error ?? null);
  }

  failed(id: string, kind: Kind, source: HealthSource, message: string): Promise<void> {
    return this.rows.failed(id, kind, source, message, this.now());
  }

  async channel(channelId: string): Promise<ChannelHealth> {
    const row = await this.rows.channel(channelId);
    if (!row) throw notFound('channel not found');
    return this.channelHealth(row);
  }

  async playlist(playlistId: string): Promise<PlaylistHealth> {
    const row = await this.rows.playlist(playlistId);
    if (!row) throw notFound('playlist not found');
    return this.playlistHealth(row);
  }

  /** The subscribed channels failing now, newest failure first: where to look on the Downloads page. */
  async failingChannels(): Promise<FailingChannels> {
    const rows = await this.rows.failingChannels(FAILING_LIMIT);
    return { data: await Promise.all(rows.map((row) => this.channelHealth(row))) };
  }

  async failingPlaylists(): Promise<FailingPlaylists> {
    const rows = await this.rows.failingPlaylists(FAILING_LIMIT);
    return { data: await Promise.all(rows.map((row) => this.playlistHealth(row))) };
  }

  /** For monitoring: every subscribed channel and playlist failing now, with its newest error. */
  async failingSubscriptions(): Promise<FailingSubscription[]> {
    const channels = await this.rows.failingChannels(FAILING_LIMIT);
    const playlists = await this.rows.failingPlaylists(FAILING_LIMIT);
    const rows: [Kind, Row][] = [
      ...channels.map((row): [Kind, Row] => ['channel', row]),
      ...playlists.map((row): [Kind, Row] => ['playlist', row]),
    ];
    return Promise.all(
      rows.map(async ([kind, row]) => {
        const [error] = currentErrors(row).sort((a, b) => b.at - a.at);
        return {
          id: row.id,
          kind,
          name: row.name,
          source: error!.source,
          last_error: error!.message,
          category: (await this.diagnosis.diagnose(error!.message)).category,
          checked_at: isoUtc(error!.at),
        };
      }),
    );
  }

  private async channelHealth(row: ChannelRow): Promise<ChannelHealth> {
    return {
      channel_id: row.id,
      channel_name: row.name,
      ...(await this.common(row)),
      push: row.push_state
        ? {
            state: row.push_state,
            lease_expires_at: time(row.lease_expires_at),
            last_push_at: time(row.last_push_at),
            error: row.push_error,
          }
        : null,
    };
  }

  private async playlistHealth(row: PlaylistRow): Promise<PlaylistHealth> {
    return { playlist_id: row.id, playlist_name: row.name, ...(await this.common(row)) };
  }

  private async common(row: Row): Promise<Omit<PlaylistHealth, 'playlist_id' | 'playlist_name'>> {
    let lastFailure: PlaylistHealth['last_failure'] = null;
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
      subscribed: row.subscribed === 1,
      failing: currentErrors(row).length > 0,
      last_feed_check: time(row.checked_at),
      feed_error: row.feed_error,
      last_new_upload: time(row.last_new_at),
      last_deep_scan: time(row.last_scan_at),
      scan_error: row.scan_error,
      last_failure: lastFailure,
    };
  }
}

/** The errors a subscription has now: its last deep scan's, its last feed check's, its push's. */
function currentErrors(row: Row): { source: HealthSource; message: string; at: number }[] {
  const errors: { source: HealthSource; message: string; at: number }[] = [];
  if (row.scan_error) errors.push({ source: 'scan', message: row.scan_error, at: Number(row.last_scan_at) });
  if (row.feed_error) errors.push({ source: 'feed', message: row.feed_error, at: Number(row.checked_at) });
  if (row.push_error) {
    errors.push({ source: 'push', message: row.push_error, at: Number(row.push_requested_at) });
  }
  return errors;
}
