import type { ChannelOverwrites } from '@tubekeeper/contract';
import type { ArchiveRefreshRepository } from '../repositories/archive-refresh.repository.ts';
import type { PresentText } from './user-facing-text.ts';
import type { ArchiveFilesRepository } from '../repositories/archive-files.repository.ts';
import { YtdlpError, type YtdlpRepository, type YtdlpSettings } from '../repositories/ytdlp.repository.ts';
import type { Diagnosis } from '../repositories/ytdlp-diagnosis.ts';
import type { AppConfigService } from './app-config.service.ts';
import { DownloadBackoff, type BackoffOptions } from './download-backoff.ts';
import { DiskFullError, isDiskFull } from './disk-full.ts';
import type { DiskSpaceService } from './disk-space.service.ts';
import type { DownloadIndexer, DownloadedItem } from './download-indexer.service.ts';
import { DownloadProgressBoard } from './download-progress.ts';
import { silentReporter, type ProgressReporter } from './progress.ts';
import type { YtdlpSettingsService } from './ytdlp-settings.service.ts';

/** A queued video as the downloader needs it. */
export interface PendingItem extends DownloadedItem {
  title: string;
  channel_id: string;
}

/** The queue operations a download run uses (download-queue and download-claim repositories). */
export interface DownloadRunQueue {
  /**
   * Claims the next item for `owner` until `until` (epoch ms): pending, without a message, not held by a
   * live claim, auto_start first then oldest; `exclude`: ids this run put aside.
   */
  claimNext(options: {
    autoOnly: boolean;
    exclude: string[];
    owner: string;
    now: number;
    until: number;
  }): Promise<PendingItem | undefined>;
  renew(owner: string, ids: string[], until: number): Promise<void>;
  release(owner: string, id: string): Promise<void>;
  /** pending items other runs (other worker processes) hold under a live claim */
  heldElsewhere(options: { autoOnly: boolean; owner: string; now: number }): Promise<number>;
  releaseAll(): Promise<void>;
  setMessage(youtubeId: string, message: string, diagnosis: Diagnosis): Promise<void>;
  resetAutoStart(): Promise<void>;
}

export interface DownloadRunOptions {
  autoOnly?: boolean;
  signal?: AbortSignal;
  reporter?: ProgressReporter;
  /** false for one part of a run spread over worker processes: the whole run resets auto_start at its end */
  resetAutoStart?: boolean;
}

export interface DownloadRunResult {
  downloaded: { youtube_id: string; channel_id: string }[];
  failed: { youtube_id: string; message: string; diagnosis: Diagnosis }[];
  /** left queued because the provider refused them this run, with its answer */
  deferred: { youtube_id: string; message: string; diagnosis: Diagnosis }[];
  stopped: boolean;
  /** why the run ended early (rate limit that did not stop) */
  notice?: string;
}

export interface DownloadPendingDeps {
  queue: DownloadRunQueue;
  ytdlp: Pick<YtdlpRepository, 'download' | 'pause'>;
  indexer: DownloadIndexer;
  settings: YtdlpSettingsService;
  appConfig: AppConfigService;
  rows: ArchiveRefreshRepository;
  files: ArchiveFilesRepository;
  downloadDir: string;
  /** finishes what a killed run left staged */
  recover: () => Promise<unknown>;
  /** free space on the volumes a download writes to, checked before each download */
  space?: Pick<DiskSpaceService, 'beforeDownload'>;
  /** what a failure means and what to do (failure-diagnosis.service.ts) */
  diagnose: (message: string) => Promise<Diagnosis>;
  /** item messages with paths relative to the media or cache folder (services/user-facing-text.ts) */
  present?: PresentText;
  log?: { warn(object: unknown, message: string): void };
  backoff?: BackoffOptions;
  /**
   * How long a claim lasts without a renewal: a worker killed mid-download frees its item after this
   * (TK_STALL_TIMEOUT_S). Renewed every third of it while the item downloads.
   */
  claimTimeoutMs?: number;
  now?: () => number;
}

/** Default claim lease; how often a run with nothing to take looks again while other workers hold items. */
const CLAIM_TIMEOUT_MS = 30_000;
const WAIT_FOR_OTHERS_MS = 1_000;

/** A failure that ends the whole run: the network is down or yt-dlp is missing. */
class FatalDownloadError extends Error {}

interface Run {
  options: DownloadRunOptions;
  result: DownloadRunResult;
  backoff: DownloadBackoff;
  board: DownloadProgressBoard;
  /** ids being downloaded now or put aside for this run */
  held: Set<string>;
  /** ids this run downloads now, under its claim */
  active: Set<string>;
  /** the name on this run's claims */
  owner: string;
  claim: Promise<unknown>;
  fatal?: Error;
}

/**
 * The queue loop of upstream §3.5: takes pending items (auto_start first, then oldest; items with a
 * message wait until it is cleared), downloads each into `<cache>/download/` and indexes it, which moves
 * it into the media tree and removes it from the queue. `downloads.concurrency` workers share the queue.
 * A failed item keeps its message and the run goes on; a refusal by the provider backs the run off; a
 * stop ends it with the current items still queued.
 */
export class DownloadPendingService {
  constructor(private readonly deps: DownloadPendingDeps) {}

  async run(options: DownloadRunOptions = {}): Promise<DownloadRunResult> {
    await this.deps.recover();
    const { downloads } = await this.deps.appConfig.get();
    const run: Run = {
      options,
      result: { downloaded: [], failed: [], deferred: [], stopped: false },
      backoff: new DownloadBackoff(this.deps.backoff ?? {}, downloads.sleep_interval),
      board: new DownloadProgressBoard(options.reporter ?? silentReporter),
      held: new Set(),
      active: new Set(),
      owner: `run-${crypto.randomUUID()}`,
      claim: Promise.resolve(),
    };
    const heartbeat = setInterval(() => void this.renew(run), this.claimTimeout() / 3);
    try {
      const workers = Array.from({ length: downloads.concurrency }, () => this.worker(run));
      await Promise.all(workers);
    } finally {
      clearInterval(heartbeat);
      for (const id of run.active) await this.deps.queue.release(run.owner, id).catch(() => undefined);
      if (options.resetAutoStart !== false) await this.deps.queue.resetAutoStart();
    }
    run.result.stopped = !!options.signal?.aborted;
    if (run.fatal) throw run.fatal;
    return run.result;
  }

  /** After a run spread over workers (each part leaves auto_start alone): no item keeps auto_start. */
  async resetAutoStart(): Promise<void> {
    await this.deps.queue.resetAutoStart();
  }

  /**
   * At start-up, before any task runs: videos whose rows were committed are put in place, then
   * everything else in `<cache>/download/` goes (partial downloads of a killed run; their items are still
   * queued and download again).
   */
  async clearAfterRestart(options: { releaseClaims: boolean } = { releaseClaims: true }): Promise<void> {
    await this.deps.recover();
    // only the embedded mode may free every claim: with workers, the others' claims are live
    if (options.releaseClaims) await this.deps.queue.releaseAll();
    const { files, downloadDir } = this.deps;
    for (const name of await files.listDirs(downloadDir)) await files.removeDir(`${downloadDir}/${name}`);
    for (const name of await files.listFiles(downloadDir)) await files.remove(`${downloadDir}/${name}`);
  }

  private async worker(run: Run): Promise<void> {
    let first = true;
    while (!run.options.signal?.aborted && !run.fatal && !run.result.notice) {
      if (!first) await this.pause(run);
      first = false;
      const item = await this.claim(run);
      if (!item) {
        // another worker holds items: wait, so an item its lapsed claim frees (a killed worker) is taken
        if (!(await this.othersHoldItems(run))) return;
        await DownloadBackoff.wait(WAIT_FOR_OTHERS_MS, run.options.signal);
        continue;
      }
      // shown as soon as it is claimed, so parallel downloads are listed in queue order
      run.board.show(item.youtube_id, 0, [processingLabel(item), 'Validate download format']);
      try {
        await this.attempt(run, item);
      } finally {
        run.board.remove(item.youtube_id);
        run.active.delete(item.youtube_id);
        // downloaded items left the queue; anything else goes back for the next run or worker
        await this.deps.queue.release(run.owner, item.youtube_id).catch(() => undefined);
      }
    }
  }

  /** One claim at a time, so two workers never take the same item. */
  private claim(run: Run): Promise<PendingItem | undefined> {
    const next = run.claim.then(async () => {
      if (run.options.signal?.aborted || run.fatal || run.result.notice) return undefined;
      const room = await this.deps.space?.beforeDownload().then(
        () => true,
        (error: unknown) => this.stopForDisk(run, error),
      );
      if (room === false) return undefined;
      const now = this.now();
      const item = await this.deps.queue.claimNext({
        autoOnly: !!run.options.autoOnly,
        exclude: [...run.held],
        owner: run.owner,
        now,
        until: now + this.claimTimeout(),
      });
      if (item) {
        run.held.add(item.youtube_id);
        run.active.add(item.youtube_id);
      }
      return item;
    });
    run.claim = next.catch(() => undefined);
    return next;
  }

  private async othersHoldItems(run: Run): Promise<boolean> {
    if (run.options.signal?.aborted || run.fatal || run.result.notice) return false;
    const autoOnly = !!run.options.autoOnly;
    return (await this.deps.queue.heldElsewhere({ autoOnly, owner: run.owner, now: this.now() })) > 0;
  }

  private async renew(run: Run): Promise<void> {
    const until = this.now() + this.claimTimeout();
    await this.deps.queue.renew(run.owner, [...run.active], until).catch(() => undefined);
  }

  private claimTimeout(): number {
    return this.deps.claimTimeoutMs ?? CLAIM_TIMEOUT_MS;
  }

  private now(): number {
    return (this.deps.now ?? Date.now)();
  }

  /** Tries an item until it is done, failed, put aside after refusals, or the run ends. */
  private async attempt(run: Run, item: PendingItem): Promise<void> {
    for (let tries = 1; ; tries += 1) {
      try {
        await this.downloadOne(run, item);
        run.backoff.succeeded();
        run.held.delete(item.youtube_id);
        return;
      } catch (error) {
        if (run.options.signal?.aborted) return;
        if (!(error instanceof YtdlpError) || error.kind !== 'rate-limit') {
          run.held.delete(item.youtube_id);
          return this.failed(run, item, error);
        }
        const wait = run.backoff.refused();
        if (run.backoff.exhausted) {
          run.result.notice = `the provider keeps refusing downloads (${error.message}); the queue is kept for a later run`;
          run.result.deferred.push(await this.refusal(item, error));
          return;
        }
        run.board.show(item.youtube_id, 0, [
          processingLabel(item),
          `Provider asks to slow down, waiting ${Math.round(wait / 1000)} s`,
        ]);
        await DownloadBackoff.wait(wait, run.options.signal);
        if (tries >= run.backoff.attemptsPerItem) {
          run.result.deferred.push(await this.refusal(item, error));
          return;
        }
      }
    }
  }

  /** An item left queued after the provider refused it: what it answered, for the run's result. */
  private async refusal(
    item: PendingItem,
    error: YtdlpError,
  ): Promise<DownloadRunResult['deferred'][number]> {
    return {
      youtube_id: item.youtube_id,
      message: error.message,
      diagnosis: await this.deps.diagnose(error.message),
    };
  }

  private async downloadOne(run: Run, item: PendingItem): Promise<void> {
    const { signal } = run.options;
    const overwrites: ChannelOverwrites = (await this.deps.rows.channelOverwrites(item.channel_id)) ?? {};
    const settings = await this.deps.settings.load(overwrites);
    const label = processingLabel(item);
    run.board.show(item.youtube_id, 0, [label, 'Validate download format']);
    const download = await this.deps.ytdlp.download({ id: item.youtube_id, title: label }, settings, {
      signal,
      onProgress: (p) => run.board.show(item.youtube_id, p.progress, [label, p.messages[1]]),
    });
    run.board.show(item.youtube_id, 1, [label, 'Add video metadata to index']);
    const { channelId } = await this.deps.indexer.index(item, download, settings, overwrites, signal);
    run.result.downloaded.push({ youtube_id: item.youtube_id, channel_id: channelId });
  }

  /** A full disk ends the run with one notice; the items stay queued without a message. */
  private stopForDisk(run: Run, error: unknown): false {
    if (!isDiskFull(error)) throw error;
    const message = error instanceof Error ? error.message : String(error);
    const notice = error instanceof DiskFullError ? message : `the disk is full (${message})`;
    run.fatal ??= new FatalDownloadError(
      `${notice}; the queue is kept, start the download again when there is room`,
    );
    return false;
  }

  /**
   * An item failure is stored on the item. A failure of yt-dlp, of the network or a full disk ends the run
   * instead, with the item queued as it was: the next items would fail the same way, and each would need
   * a retry by hand once yt-dlp works again or there is room.
   */
  private async failed(run: Run, item: PendingItem, error: unknown): Promise<void> {
    if (isDiskFull(error)) {
      this.stopForDisk(run, error);
      return this.removeLeftovers(item.youtube_id);
    }
    const message = error instanceof Error ? error.message : String(error);
    const fatal = error instanceof YtdlpError && runEndingMessage(error, item.youtube_id);
    if (fatal) {
      run.fatal ??= new FatalDownloadError(fatal);
      await this.removeLeftovers(item.youtube_id);
      return;
    }
    const diagnosis = await this.deps.diagnose(message);
    // the item shows paths relative to the media or cache folder; the log keeps the full text
    const shown = this.deps.present?.(message) ?? message;
    if (shown !== message) this.deps.log?.warn({ err: error }, `download of ${item.youtube_id} failed`);
    await this.deps.queue.setMessage(item.youtube_id, shown, diagnosis);
    run.result.failed.push({ youtube_id: item.youtube_id, message: shown, diagnosis });
    await this.removeLeftovers(item.youtube_id);
  }

  /** A failed item's partial files would only wait for the next start-up; they go now. */
  private async removeLeftovers(id: string): Promise<void> {
    const names = await this.deps.files.listFiles(this.deps.downloadDir);
    for (const name of names.filter((n) => n.startsWith(`${id}.`))) {
      await this.deps.files.remove(`${this.deps.downloadDir}/${name}`);
    }
  }

  /** Upstream's rand_sleep between videos, and the slower pace after the provider refused. */
  private async pause(run: Run): Promise<void> {
    const settings = await this.deps.settings.load();
    await this.deps.ytdlp.pause(settings, run.options.signal).catch(() => undefined);
    await DownloadBackoff.wait(run.backoff.paceDelayMs, run.options.signal);
  }
}

/** The task's message when a failure ends the whole run, or undefined when it is the item's own. */
function runEndingMessage(error: YtdlpError, id: string): string | undefined {
  if (error.kind === 'not-found') return error.message;
  if (error.kind === 'connection') {
    return `cannot reach the provider (${error.message}); the queue is kept, start the download again when the network is back`;
  }
  if (error.fromTool) {
    return `yt-dlp failed on ${id} (${error.message}); the queue is kept: check that yt-dlp runs (yt-dlp --version, update it), then start the download again`;
  }
  return undefined;
}

const TYPE_LABELS = { videos: 'Video', shorts: 'Short', streams: 'Stream' } as const;

/** The first line of an item in the notification: "Processing Video: <title>". */
function processingLabel(item: PendingItem): string {
  return `Processing ${TYPE_LABELS[item.vid_type] ?? 'Video'}: ${item.title}`;
}

export type { YtdlpSettings };
