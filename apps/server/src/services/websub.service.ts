import { randomBytes } from 'node:crypto';
import { forbidden, notFound } from '../errors.ts';
import type { ArchiveRefreshRepository } from '../repositories/archive-refresh.repository.ts';
import { parseFeed, type FeedEntry } from '../repositories/feed.repository.ts';
import {
  validSignature,
  youtubeTopic,
  type HubMode,
  type WebsubHubRepository,
} from '../repositories/websub-hub.repository.ts';
import type {
  WebsubSubscriptionRepository,
  WebsubSubscriptionRow,
} from '../repositories/websub-subscription.repository.ts';
import type { AppConfigService } from './app-config.service.ts';
import { feedScanEntry } from './feed-watch.service.ts';
import type { HealthRecorder } from './subscription-health.service.ts';
import type { ScanQueue } from './subscription-scan.service.ts';
import { channelTypeLimits, leaveOutEarly } from './scan-type-limits.ts';

/** What we ask the hub for; YouTube's hub grants up to about this (5 days) and says what it granted. */
const LEASE_SECONDS = 432_000;
const DAY_MS = 86_400_000;
/** A request the hub has not verified within this long is sent again. */
const VERIFY_WAIT_MS = 60 * 60_000;
/** How often the serving process syncs on its own, whatever check_feeds' schedule. */
const LEASE_KEEPER_MS = 6 * 60 * 60_000;
/** hub requests at the same time during a sync */
const CONCURRENCY = 4;

export interface WebsubSyncResult {
  subscribed: number;
  renewed: number;
  unsubscribed: number;
  failed: { id: string; message: string }[];
}

export interface HubVerification {
  'hub.mode'?: string | undefined;
  'hub.topic'?: string | undefined;
  'hub.challenge'?: string | undefined;
  'hub.lease_seconds'?: string | undefined;
  'hub.reason'?: string | undefined;
}

interface Logger {
  warn(details: object, message: string): void;
  info(details: object, message: string): void;
}

export interface WebsubDeps {
  subscriptions: WebsubSubscriptionRepository;
  hub: Pick<WebsubHubRepository, 'request'>;
  rows: Pick<ArchiveRefreshRepository, 'subscribedChannels'>;
  queue: ScanQueue;
  appConfig: AppConfigService;
  /** download_pending for auto-start */
  startDownloads: () => Promise<unknown>;
  /** TK_PUBLIC_URL; unset turns push off */
  publicUrl: string | undefined;
  /** per channel: the last failure (a refusal or denial of the hub) */
  health: Pick<HealthRecorder, 'failed'>;
  log: Logger;
  now?: () => number;
}

/**
 * Push (WebSub, issue 16): every subscribed channel's feed is subscribed at the hub with a secret of its
 * own; the hub's verification is answered only for a request we made, in the mode we asked for; a push is
 * taken only with a valid HMAC signature, and its new videos go through the queue's scan path (ignored,
 * deleted, archived and queued ids left out; auto-start as a scan). Leases are renewed by `sync`, which
 * check_feeds runs and the serving process runs every 6 hours (`keepLeases`), and a change of
 * subscriptions starts one at once (`syncSoon`).
 */
export class WebsubService {
  private readonly now: () => number;
  private syncs: Promise<unknown> = Promise.resolve();
  private pushes: Promise<void> = Promise.resolve();
  private keeper: NodeJS.Timeout | undefined;

  constructor(private readonly deps: WebsubDeps) {
    this.now = deps.now ?? Date.now;
  }

  get enabled(): boolean {
    return this.deps.publicUrl !== undefined;
  }

  callbackUrl(channelId: string): string {
    return `${this.deps.publicUrl}/api/websub/${encodeURIComponent(channelId)}/`;
  }

  /**
   * Brings the hub in line with the subscriptions: subscribes new channels, renews leases that end within
   * a day (or half their length, if shorter), unsubscribes channels no longer subscribed. One sync at a time.
   */
  sync(signal?: AbortSignal): Promise<WebsubSyncResult | undefined> {
    const run = this.syncs.then(() => (this.enabled ? this.syncNow(signal) : undefined));
    this.syncs = run.catch(() => undefined);
    return run;
  }

  /** A sync in the background (after a subscription changed); failures are logged. */
  syncSoon(): void {
    if (!this.enabled) return;
    this.sync().catch((error: unknown) => this.deps.log.warn({ err: error }, 'websub sync failed'));
  }

  /**
   * Keeps the leases without check_feeds too (its schedule may be off): a sync now and then every
   * `everyMs` (default 6 hours; a lease is renewed within a day of its end). For the serving process.
   */
  keepLeases(onError: (error: unknown) => void, everyMs = LEASE_KEEPER_MS): void {
    if (!this.enabled || this.keeper) return;
    const run = () => void this.sync().catch(onError);
    this.keeper = setInterval(run, everyMs);
    this.keeper.unref();
    run();
  }

  stopKeepingLeases(): void {
    clearInterval(this.keeper);
    this.keeper = undefined;
  }

  /** Waits for the background syncs and pushes (tests, shutdown). */
  async idle(): Promise<void> {
    await Promise.all([this.syncs, this.pushes]);
  }

  /** The hub's GET: answers the challenge only for a subscription we asked for, in that mode. */
  async verify(channelId: string, query: HubVerification): Promise<string> {
    const row = await this.deps.subscriptions.get(channelId);
    if (!row || query['hub.topic'] !== row.topic) throw notFound('no subscription for this topic');
    const mode = query['hub.mode'];
    if (mode === 'denied') {
      const reason = query['hub.reason'] ? `: ${query['hub.reason']}` : '';
      const message = `the hub denied the subscription${reason}`;
      await this.deps.subscriptions.update(channelId, { last_error: message });
      await this.deps.health.failed(channelId, 'channel', 'push', message);
      return '';
    }
    const challenge = query['hub.challenge'];
    if (!challenge) throw notFound('no challenge');
    // only while a request of ours waits: the callback is public, and a replayed verification of an
    // active subscription would set the lease we renew by (a long one, and push lapses unnoticed)
    if (mode === 'subscribe' && row.state === 'subscribing') {
      const lease = Number(query['hub.lease_seconds']);
      const seconds = Number.isInteger(lease) && lease > 0 ? lease : LEASE_SECONDS;
      await this.deps.subscriptions.update(channelId, {
        state: 'active',
        lease_expires_at: this.now() + seconds * 1000,
        last_error: null,
      });
      return challenge;
    }
    if (mode === 'unsubscribe' && row.state === 'unsubscribing') {
      await this.deps.subscriptions.remove(channelId);
      return challenge;
    }
    throw notFound(`no ${mode ?? 'such'} request for this topic`);
  }

  /**
   * The hub's POST: refused (403) unless signed with the subscription's secret. Its entries are queued in
   * the background, one push after another, so the hub gets its answer at once.
   */
  async receive(channelId: string, body: Buffer, signature: string | undefined): Promise<void> {
    const row = await this.deps.subscriptions.get(channelId);
    if (!row) throw notFound('no subscription for this channel');
    if (!validSignature(row.secret, body, signature))
      throw forbidden('the push is not signed with this subscription’s secret');
    // a push after we asked the hub to stop changes nothing
    if (row.state === 'unsubscribing') return;
    await this.deps.subscriptions.update(channelId, { last_push_at: this.now() });
    const entries = parseFeed(body.toString('utf8')).filter(
      (e) => e.channelId === undefined || e.channelId === channelId,
    );
    if (!entries.length) return; // a deleted-entry notice, or nothing of this channel
    this.pushes = this.pushes
      .then(() => this.queuePushed(row, entries))
      .catch((error: unknown) => this.deps.log.warn({ err: error, channelId }, 'websub push not queued'));
  }

  private async queuePushed(row: WebsubSubscriptionRow, entries: FeedEntry[]): Promise<void> {
    const channel = (await this.deps.rows.subscribedChannels()).find((c) => c.channel_id === row.channel_id);
    if (!channel) return;
    const { subscriptions } = await this.deps.appConfig.get();
    // the channel's page sizes per type, as for its feed (a short where Shorts is 0 is not queued)
    const typeLimits = channelTypeLimits(subscriptions, channel.overwrites);
    // the hub also pushes edits of old uploads: only videos published since (a day before) we subscribed
    const recent = entries.filter(
      (e) =>
        (e.published === undefined || e.published >= row.created_at - DAY_MS) &&
        !leaveOutEarly(e, {}, typeLimits),
    );
    if (!recent.length) return;
    const source = { channelId: channel.channel_id, channelName: channel.channel_name };
    const report = await this.deps.queue.enqueueFromScan(
      recent.map((e) => feedScanEntry(e, source)),
      source,
      { autoStart: subscriptions.auto_start, typeLimits },
    );
    // a pushed video yt-dlp cannot read yet (a premiere announced) says nothing about the subscription:
    // it is logged, and the next feed check tries it again and reports it
    if (report.failures.length) {
      this.deps.log.warn({ channelId: row.channel_id, failures: report.failures }, 'websub push not queued');
    }
    this.deps.log.info({ channelId: row.channel_id, added: report.added }, 'websub push');
    if (report.added > 0 && subscriptions.auto_start) await this.deps.startDownloads();
  }

  private async syncNow(signal?: AbortSignal): Promise<WebsubSyncResult> {
    const now = this.now();
    const wanted = new Set((await this.deps.rows.subscribedChannels()).map((c) => c.channel_id));
    const rows = new Map((await this.deps.subscriptions.all()).map((r) => [r.channel_id, r]));
    const result: WebsubSyncResult = { subscribed: 0, renewed: 0, unsubscribed: 0, failed: [] };
    const work: { row: WebsubSubscriptionRow; mode: HubMode; count: keyof WebsubSyncResult }[] = [];
    const stale = (row: WebsubSubscriptionRow) =>
      row.last_error !== null || now - row.requested_at > VERIFY_WAIT_MS;
    for (const channelId of wanted) {
      const row = rows.get(channelId);
      if (!row || row.state === 'unsubscribing') {
        const fresh = row ?? this.newRow(channelId, now);
        work.push({ row: { ...fresh, state: 'subscribing' }, mode: 'subscribe', count: 'subscribed' });
      } else if (row.state === 'subscribing' && stale(row)) {
        // a renewal the hub has not verified keeps its lease and counts as a renewal still
        const count = row.lease_expires_at === null ? 'subscribed' : 'renewed';
        work.push({ row, mode: 'subscribe', count });
      } else if (row.state === 'active' && leaseEndsSoon(row, now)) {
        // subscribing again until the hub verifies; the old lease holds meanwhile, pushes count as before
        work.push({ row: { ...row, state: 'subscribing' }, mode: 'subscribe', count: 'renewed' });
      }
    }
    for (const row of rows.values()) {
      if (wanted.has(row.channel_id) || (row.state === 'unsubscribing' && !stale(row))) continue;
      // a lease that has run out, or an unsubscribe the hub never confirmed in a day: the hub has let go
      const leaseOver = row.lease_expires_at !== null && row.lease_expires_at < now;
      if (leaseOver || (row.state === 'unsubscribing' && now - row.requested_at > DAY_MS)) {
        await this.deps.subscriptions.remove(row.channel_id);
        continue;
      }
      work.push({ row: { ...row, state: 'unsubscribing' }, mode: 'unsubscribe', count: 'unsubscribed' });
    }
    let next = 0;
    const worker = async () => {
      while (next < work.length && !signal?.aborted) {
        const { row, mode, count } = work[next++]!;
        const error = await this.ask(row, mode, signal);
        if (error) result.failed.push({ id: row.channel_id, message: error });
        else (result[count] as number) += 1;
      }
    };
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, work.length) }, worker));
    return result;
  }

  /** Saves the row's intent first (the hub may verify before it answers), then asks the hub. */
  private async ask(row: WebsubSubscriptionRow, mode: HubMode, signal?: AbortSignal) {
    await this.deps.subscriptions.save({ ...row, requested_at: this.now(), last_error: null });
    const error = await this.deps.hub.request(
      {
        mode,
        topic: row.topic,
        callback: this.callbackUrl(row.channel_id),
        secret: row.secret,
        leaseSeconds: LEASE_SECONDS,
      },
      signal,
    );
    if (error) {
      await this.deps.subscriptions.update(row.channel_id, { last_error: error });
      await this.deps.health.failed(row.channel_id, 'channel', 'push', error);
    }
    return error;
  }

  private newRow(channelId: string, now: number): WebsubSubscriptionRow {
    return {
      channel_id: channelId,
      topic: youtubeTopic(channelId),
      secret: randomBytes(32).toString('hex'),
      state: 'subscribing',
      created_at: now,
      requested_at: now,
      lease_expires_at: null,
      last_push_at: null,
      last_error: null,
    };
  }
}

/** Within a day of its end, or within half its length when the hub granted a short lease. */
function leaseEndsSoon(row: WebsubSubscriptionRow, now: number): boolean {
  if (row.lease_expires_at === null) return true;
  const length = row.lease_expires_at - row.requested_at;
  return row.lease_expires_at - now < Math.min(DAY_MS, length / 2);
}
