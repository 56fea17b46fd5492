import type {
  DownloadQueueRepository,
  NewQueueItem,
  QueueStatus,
} from '../repositories/download-queue.repository.ts';
import type {
  YtdlpError,
  YtdlpJson,
  YtdlpRepository,
  YtdlpSettings,
} from '../repositories/ytdlp.repository.ts';
import { CHANNEL_TABS, type ChannelTab } from '../repositories/ytdlp.repository.ts';
import type { AppConfigService } from './app-config.service.ts';
import { mapPlaylist, videoType, type VidType } from './metadata-mapper.ts';
import type { ProgressReporter } from './progress.ts';
import type { QueueThumbnails } from './queue-thumbnails.service.ts';
import { queueRowFromFlat, queueRowFromInfo } from './queue-rows.ts';
import { keepWithinTypeLimits, type TypeLimits } from './scan-type-limits.ts';
import { isToolFailure } from './tool-failure.ts';
import { parseUrlList, type ParsedTarget } from './url-parser.ts';
import type { YtdlpSettingsService } from './ytdlp-settings.service.ts';

export interface ExtractRequest {
  /** one or more ids or URLs (whitespace-separated), each resolved and reported on its own */
  input: string;
  status: QueueStatus;
  /** the request's line in its persisted batch (queue-additions), reported through `onResolved` */
  line?: number;
}

export interface ExtractOptions {
  autoStart?: boolean;
  /** build channel and playlist items from the flat listing (default: subscriptions.extract_flat) */
  flat?: boolean;
  /** queue archived videos too (download again) */
  force?: boolean;
  signal?: AbortSignal;
  reporter?: ProgressReporter;
  /** called with the `line`s whose every id is queued, skipped or reported as failed */
  onResolved?: (lines: number[]) => Promise<void>;
  /** a feed or push: page sizes per video type; new videos past theirs are left out (`leftOut`) */
  typeLimits?: TypeLimits;
}

/** One entry of a channel tab or playlist listing, with the tab it came from. */
export interface ScanEntry {
  entry: YtdlpJson;
  vidType?: VidType;
}

/** The channel the entries belong to, for entries that do not name it themselves. */
export interface ScanSource {
  channelId?: string;
  channelName?: string;
}

export type ScanOptions = Omit<ExtractOptions, 'force' | 'reporter'>;

export interface ExtractReport {
  /** items newly queued */
  added: number;
  /** items already queued that were moved to the front (added again with autostart) */
  prioritized: number;
  /** already queued, ignored, blocked or archived */
  skipped: number;
  failures: { input: string; error: string }[];
  /**
   * The failure that stopped the add where it met it (`input`): yt-dlp missing or broken, or no network
   * (tool-failure.ts). That line and the ones after it are not resolved: they stay for a later run.
   */
  halted?: { input: string; error: YtdlpError };
  /** with `typeLimits`: new videos left out for their type (page size 0, or past it) */
  leftOut?: { id: string; vidType: VidType; overLimit: boolean }[];
}

/** What the extractor needs to write a playlist it was asked to queue (upstream indexes it, §4.1). */
export interface PlaylistWriter {
  writePlaylist(info: YtdlpJson): Promise<void>;
}

interface Candidate {
  id: string;
  /** the line the user gave, for the failure report */
  input: string;
  /** named directly (not found inside a channel or playlist): lifts a block */
  explicit: boolean;
  status: QueueStatus;
  vidType?: VidType;
  flat?: YtdlpJson;
  source?: ScanSource;
}

/** Videos named directly per metadata call: a line is resolved (and persisted) chunk by chunk. */
const VIDEO_CHUNK = 100;

interface Target {
  input: string;
  status: QueueStatus;
  line?: number | undefined;
  target: ParsedTarget;
}

/** Counts the targets of each persisted line and reports the lines whose targets are all done. */
class LineTracker {
  private readonly remaining = new Map<number, number>();
  private ready: number[] = [];

  constructor(private readonly onResolved?: (lines: number[]) => Promise<void>) {}

  expect(line: number | undefined, targets: number): void {
    if (line === undefined) return;
    if (targets === 0) this.ready.push(line);
    else this.remaining.set(line, targets);
  }

  async resolved(targets: { line?: number | undefined }[]): Promise<void> {
    for (const { line } of targets) {
      if (line === undefined) continue;
      const left = (this.remaining.get(line) ?? 1) - 1;
      this.remaining.set(line, left);
      if (left === 0) this.ready.push(line);
    }
    await this.flush();
  }

  async flush(): Promise<void> {
    if (!this.ready.length || !this.onResolved) return;
    const lines = this.ready;
    this.ready = [];
    await this.onResolved(lines);
  }
}

type Ytdlp = Pick<YtdlpRepository, 'fetchVideoInfos' | 'resolveChannel' | 'scanChannel' | 'fetchPlaylist'>;

/**
 * Turns what the user pasted, or what a subscription scan found, into queue items (upstream §4.1
 * "Adding"): parse every word, expand channels and playlists into their videos, leave out what is queued,
 * ignored, blocked or archived, fetch metadata and insert. A bad line is reported and the rest go on;
 * yt-dlp missing or broken, or no network, stops the add where it is (`halted`) and a scan throws.
 */
export class QueueExtractor {
  constructor(
    private readonly queue: DownloadQueueRepository,
    private readonly ytdlp: Ytdlp,
    private readonly settings: YtdlpSettingsService,
    private readonly appConfig: AppConfigService,
    private readonly playlists: PlaylistWriter,
    /** caches the thumbnails of new items (not in flat mode, as upstream) */
    private readonly thumbnails?: Pick<QueueThumbnails, 'cache'>,
    /** a provider failure as the user reads it: yt-dlp's text with its category and advice */
    private readonly explain: (error: unknown) => Promise<string> = async (e) => errorText(e),
    private readonly now: () => number = Date.now,
  ) {}

  async extract(requests: ExtractRequest[], options: ExtractOptions): Promise<ExtractReport> {
    const report: ExtractReport = { added: 0, prioritized: 0, skipped: 0, failures: [] };
    const targets: Target[] = [];
    const lines = new LineTracker(options.onResolved);
    for (const request of requests) {
      const before = targets.length;
      for (const parsed of parseUrlList(request.input)) {
        if ('error' in parsed) report.failures.push({ input: parsed.input, error: parsed.error });
        else targets.push({ ...request, input: parsed.input, target: parsed.target });
      }
      lines.expect(request.line, targets.length - before);
    }
    await lines.flush();
    const settings = await this.settings.load();
    const flat = options.flat ?? (await this.appConfig.get()).subscriptions.extract_flat;
    // videos named directly share a metadata call per chunk; channels and playlists are queued one by one
    const videos = targets.filter((t) => t.target.type === 'video');
    const lists = targets.filter((t) => t.target.type !== 'video');
    const videoChunks = Array.from({ length: Math.ceil(videos.length / VIDEO_CHUNK) }, (_, i) =>
      videos.slice(i * VIDEO_CHUNK, (i + 1) * VIDEO_CHUNK),
    );
    const total = lists.length + videoChunks.length;
    let step = 0;
    const progress = (input: string) => {
      options.reporter?.update(step / Math.max(1, total), [
        `Adding to the queue (${step + 1}/${total}): ${input}`,
        ...report.failures.map((f) => `${f.input}: ${f.error}`),
      ]);
      step += 1;
    };
    for (const chunk of videoChunks) {
      if (options.signal?.aborted) break;
      progress(videos.length === 1 ? chunk[0]!.input : `${videos.length} videos`);
      const candidates = chunk.map(({ input, status, target }) => ({
        id: target.url,
        input,
        explicit: true,
        status,
        ...(target.vid_type !== 'unknown' && { vidType: target.vid_type }),
      }));
      try {
        await this.queueCandidates(candidates, settings, { ...options, flat: false }, report);
      } catch (error) {
        if (!isToolFailure(error)) throw error;
        // yt-dlp or the network failed, not these videos: their lines stay for a later run
        report.halted = { input: chunk.length === 1 ? chunk[0]!.input : `${chunk.length} videos`, error };
        break;
      }
      // an aborted metadata call resolved nothing: those lines stay for a later run
      if (!options.signal?.aborted) await lines.resolved(chunk);
    }
    for (const target of lists) {
      if (options.signal?.aborted || report.halted) break;
      const { input, status } = target;
      progress(input);
      try {
        const candidates = await this.expand(target.target, input, status, settings, options.signal);
        await this.queueCandidates(candidates, settings, { ...options, flat }, report);
      } catch (error) {
        if (options.signal?.aborted) break;
        // yt-dlp or the network failed, not this line: it stays for a later run, as do the ones after it
        if (isToolFailure(error)) {
          report.halted = { input, error };
          break;
        }
        report.failures.push({ input, error: await this.explain(error) });
      }
      await lines.resolved([target]);
    }
    return report;
  }

  async enqueueScan(
    entries: ScanEntry[],
    source: ScanSource,
    options: ScanOptions = {},
  ): Promise<ExtractReport> {
    const report: ExtractReport = { added: 0, prioritized: 0, skipped: 0, failures: [] };
    const candidates = entries
      .filter((e) => typeof e.entry.id === 'string' && e.entry.id)
      .map((e): Candidate => ({
        id: e.entry.id!,
        input: e.entry.id!,
        explicit: false,
        status: 'pending',
        flat: e.entry,
        source,
        ...(e.vidType && { vidType: e.vidType }),
      }));
    const settings = await this.settings.load();
    const flat = options.flat ?? (await this.appConfig.get()).subscriptions.extract_flat;
    await this.queueCandidates(candidates, settings, { ...options, flat }, report);
    return report;
  }

  /** A channel or playlist as its videos; the tab of a channel URL narrows the listing to that tab. */
  private async expand(
    target: ParsedTarget,
    input: string,
    status: QueueStatus,
    settings: YtdlpSettings,
    signal?: AbortSignal,
  ): Promise<Candidate[]> {
    const candidate = (entry: YtdlpJson, vidType?: VidType, source?: ScanSource): Candidate => ({
      id: entry.id!,
      input,
      explicit: false,
      status,
      flat: entry,
      ...(vidType && { vidType }),
      ...(source && { source }),
    });
    if (target.type === 'playlist') {
      const info = await this.ytdlp.fetchPlaylist(target.url, 'top', settings, signal);
      await this.playlists.writePlaylist(info);
      return (info.entries ?? []).filter((e) => e?.id).map((e) => candidate(e));
    }
    const channelId = target.needsResolve
      ? await this.ytdlp.resolveChannel(target.url, settings, signal)
      : target.url;
    const tabs: ChannelTab[] = target.vid_type === 'unknown' ? [...CHANNEL_TABS] : [target.vid_type];
    const scans = await this.ytdlp.scanChannel(
      channelId,
      tabs.map((tab) => ({ tab, limit: null })),
      settings,
      signal,
    );
    const source = { channelId };
    return [...scans].flatMap(([tab, entries]) =>
      entries.filter((e) => e?.id).map((e) => candidate(e, tab, source)),
    );
  }

  /** Leaves out what must not be queued, builds rows (from the listing or a metadata call) and inserts. */
  private async queueCandidates(
    all: Candidate[],
    settings: YtdlpSettings,
    options: ExtractOptions,
    report: ExtractReport,
  ): Promise<void> {
    const candidates = [...new Map(all.map((c) => [c.id, c])).values()];
    const ids = candidates.map((c) => c.id);
    const [queued, archived, blocked] = await Promise.all([
      this.queue.statuses(ids),
      options.force ? new Set<string>() : this.queue.archived(ids),
      this.queue.blocked(ids),
    ]);
    const toPromote: string[] = [];
    const toIgnore: string[] = [];
    const fresh: Candidate[] = [];
    for (const c of candidates) {
      const inQueue = queued.get(c.id);
      if (inQueue) {
        if (c.status === 'ignore' && c.explicit && inQueue.status === 'pending') toIgnore.push(c.id);
        else if (options.autoStart && c.status === 'pending' && inQueue.status === 'pending')
          toPromote.push(c.id);
        else report.skipped += 1;
      } else if ((archived.has(c.id) && c.status === 'pending') || (blocked.has(c.id) && !c.explicit)) {
        // an ignored video may be archived: "Delete and Ignore" ignores a video it is deleting
        report.skipped += 1;
      } else fresh.push(c);
    }
    if (toPromote.length) await this.queue.updateIds(toPromote, { auto_start: 1, message: null });
    if (toIgnore.length) await this.queue.updateIds(toIgnore, { status: 'ignore', auto_start: 0 });
    report.prioritized += toPromote.length;
    report.skipped += toIgnore.length;
    const built = await this.buildRows(fresh, settings, options, report);
    const order = new Map(fresh.map((c, i) => [c.id, i]));
    built.sort((a, b) => order.get(a.youtube_id)! - order.get(b.youtube_id)!);
    const leftOut: NonNullable<ExtractReport['leftOut']> = [];
    const rows = keepWithinTypeLimits(built, options.typeLimits, leftOut);
    if (leftOut.length) (report.leftOut ??= []).push(...leftOut);
    report.added += await this.queue.insertMany(rows);
    if (!options.flat) await this.thumbnails?.cache(rows, options.signal);
    const unblock = fresh.filter((c) => c.explicit && blocked.has(c.id)).map((c) => c.id);
    if (unblock.length) await this.queue.unblock(unblock);
  }

  private async buildRows(
    candidates: Candidate[],
    settings: YtdlpSettings,
    options: ExtractOptions,
    report: ExtractReport,
  ): Promise<NewQueueItem[]> {
    const now = this.now();
    const autoStart = options.autoStart ?? false;
    const label = (c: Candidate) => (c.input === c.id ? c.id : `${c.input} (${c.id})`);
    const rows: NewQueueItem[] = [];
    const fetch: Candidate[] = [];
    for (const c of candidates) {
      if (options.flat && c.flat) {
        const vidType = c.vidType ?? videoType(c.flat);
        const row = queueRowFromFlat(c.flat, { ...c, vidType, autoStart, now });
        if (typeof row === 'string') report.failures.push({ input: label(c), error: row });
        else rows.push(row);
      } else fetch.push(c);
    }
    if (!fetch.length || options.signal?.aborted) return rows;
    const infos = await this.ytdlp.fetchVideoInfos(
      fetch.map((c) => c.id),
      settings,
      options.signal,
    );
    // a broken yt-dlp may answer some ids with no JSON: that says nothing about them, so none is failed
    const broken = [...infos.values()].find((r) => !r.ok && isToolFailure(r.error));
    if (broken && !broken.ok) throw broken.error;
    for (const c of fetch) {
      const result = infos.get(c.id);
      if (!result?.ok) {
        report.failures.push({
          input: label(c),
          error: result ? await this.explain(result.error) : 'no answer',
        });
        continue;
      }
      const vidType = c.vidType ?? videoType(result.value);
      const row = queueRowFromInfo(result.value, { ...c, vidType, autoStart, now });
      if (typeof row === 'string') report.failures.push({ input: label(c), error: row });
      else rows.push(row);
    }
    return rows;
  }
}

/** "Added 2 videos to the queue." plus what was skipped and every failure by line. */
export function describeExtract(report: ExtractReport): string {
  const plural = (n: number) => `${n} ${n === 1 ? 'video' : 'videos'}`;
  const parts = [`Added ${plural(report.added)} to the queue.`];
  if (report.prioritized) parts.push(`Moved ${plural(report.prioritized)} to the front.`);
  if (report.skipped) parts.push(`Skipped ${plural(report.skipped)} already queued, ignored or archived.`);
  if (report.failures.length) {
    const lines = report.failures.map((f) => `${f.input}: ${f.error}`);
    parts.push(`Failed ${report.failures.length}: ${lines.join('; ')}`);
  }
  return parts.join(' ');
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** A playlist writer that stores the playlist and its entries (art is made when videos are archived). */
export function playlistWriter(write: (p: ReturnType<typeof mapPlaylist>) => Promise<void>): PlaylistWriter {
  return { writePlaylist: (info) => write(mapPlaylist(info, Date.now())) };
}
