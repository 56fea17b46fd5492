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
import type { ExtractReport } from './queue-extract-report.ts';
import { LineTracker } from './queue-line-tracker.ts';
import { keepWithinTypeLimits, type TypeLimits } from './scan-type-limits.ts';
import { isProviderRefusal, isToolFailure } from './tool-failure.ts';
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

export { describeExtract, type ExtractReport } from './queue-extract-report.ts';

export type ScanOptions = Omit<ExtractOptions, 'force' | 'reporter'>;

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

/** A video the provider refused to answer for, and its answer. */
interface Refused {
  candidate: Candidate;
  error: YtdlpError;
}

/** The videos of one call the provider refused (ids), and the first refusal (its line and text). */
interface Refusal {
  ids: string[];
  input: string;
  error: YtdlpError;
}

/** Videos named directly per metadata call: a line is resolved (and persisted) chunk by chunk. */
const VIDEO_CHUNK = 100;

interface Target {
  input: string;
  status: QueueStatus;
  line?: number | undefined;
  target: ParsedTarget;
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
      let refused: Refusal | undefined;
      try {
        refused = await this.queueCandidates(candidates, settings, { ...options, flat: false }, report, true);
      } catch (error) {
        if (!isToolFailure(error)) throw error;
        // yt-dlp or the network failed, not these videos: their lines stay for a later run
        report.halted = { input: chunk.length === 1 ? chunk[0]!.input : `${chunk.length} videos`, error };
        break;
      }
      // an aborted metadata call resolved nothing: those lines stay for a later run; so do refused ones
      const held = new Set(refused?.ids);
      if (!options.signal?.aborted) await lines.resolved(chunk.filter((t) => !held.has(t.target.url)));
      if (refused) {
        report.halted = await this.refusal(refused.input, refused.error);
        break;
      }
    }
    for (const target of lists) {
      if (options.signal?.aborted || report.halted) break;
      const { input, status } = target;
      progress(input);
      try {
        const candidates = await this.expand(target.target, input, status, settings, options.signal);
        const refused = await this.queueCandidates(candidates, settings, { ...options, flat }, report, true);
        // what the provider answered is queued; the line stays for a later run to ask for the rest
        if (refused) {
          report.halted = await this.refusal(input, refused.error);
          break;
        }
      } catch (error) {
        if (options.signal?.aborted) break;
        // yt-dlp or the network failed, or the provider refused, not this line: it stays for a later
        // run, as do the ones after it
        if (isToolFailure(error)) {
          report.halted = { input, error };
          break;
        }
        if (isProviderRefusal(error)) {
          report.halted = await this.refusal(input, error);
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

  /** A refusal that stops an add, with the text the user reads (category and advice). */
  private async refusal(input: string, error: YtdlpError): Promise<ExtractReport['halted']> {
    return { input, error, explained: await this.explain(error) };
  }

  /**
   * Leaves out what must not be queued, builds rows (from the listing or a metadata call) and inserts.
   * With `holdRefused`, videos the provider refused to answer for are neither queued nor failed: they
   * come back as a Refusal for the caller to keep (a scan finds them again next time by itself).
   */
  private async queueCandidates(
    all: Candidate[],
    settings: YtdlpSettings,
    options: ExtractOptions,
    report: ExtractReport,
    holdRefused = false,
  ): Promise<Refusal | undefined> {
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
    const refused: Refused[] = [];
    const built = await this.buildRows(fresh, settings, options, report, holdRefused ? refused : undefined);
    const order = new Map(fresh.map((c, i) => [c.id, i]));
    built.sort((a, b) => order.get(a.youtube_id)! - order.get(b.youtube_id)!);
    const leftOut: NonNullable<ExtractReport['leftOut']> = [];
    const rows = keepWithinTypeLimits(built, options.typeLimits, leftOut);
    if (leftOut.length) (report.leftOut ??= []).push(...leftOut);
    report.added += await this.queue.insertMany(rows);
    if (!options.flat) await this.thumbnails?.cache(rows, options.signal);
    const held = new Set(refused.map((r) => r.candidate.id));
    const unblock = fresh.filter((c) => c.explicit && blocked.has(c.id) && !held.has(c.id)).map((c) => c.id);
    if (unblock.length) await this.queue.unblock(unblock);
    const [first] = refused;
    return first && { ids: [...held], input: first.candidate.input, error: first.error };
  }

  private async buildRows(
    candidates: Candidate[],
    settings: YtdlpSettings,
    options: ExtractOptions,
    report: ExtractReport,
    /** when given, the provider's refusals go here instead of into the report's failures */
    refused?: Refused[],
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
      if (result && !result.ok && refused && isProviderRefusal(result.error)) {
        refused.push({ candidate: c, error: result.error });
        continue;
      }
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

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** A playlist writer that stores the playlist and its entries (art is made when videos are archived). */
export function playlistWriter(write: (p: ReturnType<typeof mapPlaylist>) => Promise<void>): PlaylistWriter {
  return { writePlaylist: (info) => write(mapPlaylist(info, Date.now())) };
}
