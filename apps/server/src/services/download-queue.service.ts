import type {
  DownloadAddQuery,
  DownloadAddRequest,
  DownloadAggs,
  DownloadBulkQuery,
  DownloadDeleteQuery,
  DownloadItem,
  DownloadItemUpdate,
  DownloadList,
  DownloadListQuery,
  DownloadTaskStarted,
  TaskName,
  TaskStartResponse,
} from '@tubekeeper/contract';
import type { DownloadQueueRow } from '../db/tables.ts';
import type { Diagnosis } from '../repositories/ytdlp-diagnosis.ts';
import { notFound } from '../errors.ts';
import type {
  DownloadQueueRepository,
  NewQueueItem,
  QueueFilter,
  QueueStatus,
} from '../repositories/download-queue.repository.ts';
import type {
  AdditionLine,
  AdditionOptions,
  QueueAdditionsRepository,
} from '../repositories/queue-additions.repository.ts';
import { pageFrom, paginate, paramsWithoutPage } from './pagination.ts';
import type {
  ExtractReport,
  ExtractRequest,
  QueueExtractor,
  ScanEntry,
  ScanOptions,
  ScanSource,
} from './queue-extractor.service.ts';
import type { UserConfigService } from './user-config.service.ts';
import { toDownloadItem } from './wire/download.mapper.ts';

/** What the service needs to start tasks: the task API and whether a handler is registered. */
export interface TaskStarter {
  start(name: TaskName, payload: Record<string, unknown>): Promise<TaskStartResponse>;
  has(name: TaskName): boolean;
}

/**
 * The payload of extract_download (jobs/extract-download.job.ts reads it back): the batch of persisted
 * lines (queue-additions.repository.ts), or, from runs queued before migration 0017, the lines themselves.
 */
export interface ExtractPayload {
  batch?: string;
  items?: ExtractRequest[];
  auto_start?: boolean;
  flat?: boolean;
  force?: boolean;
}

const ITEM_NOT_FOUND = 'Download item not found';

/**
 * The download queue (spec §7, upstream §1.7, §4.1): the API's rules, and what the download and scan jobs
 * ask of the queue. Stored statuses are `pending` and `ignore`; `priority` is pending with auto_start and
 * starts a download run, `ignore-force` puts a video on the ignore list whether it is queued or not.
 * Deleting one item on purpose (Forget, Delete) blocks it from rescans; adding it by hand lifts that.
 */
export class DownloadQueueService {
  constructor(
    private readonly queue: DownloadQueueRepository,
    private readonly extractor: QueueExtractor,
    private readonly userConfig: UserConfigService,
    private readonly tasks: TaskStarter,
    private readonly additions: QueueAdditionsRepository,
    private readonly now: () => number = Date.now,
  ) {}

  // --- the API -------------------------------------------------------------------------------------

  async list(userId: number, query: DownloadListQuery, url: string): Promise<DownloadList> {
    const { page_size: pageSize } = await this.userConfig.get(userId);
    const page = query.page ?? 0;
    const filter = listFilter(query);
    const [total, rows] = await Promise.all([
      this.queue.count(filter),
      this.queue.list(filter, pageSize, pageFrom(page, pageSize)),
    ]);
    return {
      data: rows.map(toDownloadItem),
      paginate: paginate(page, pageSize, paramsWithoutPage(url), total),
    };
  }

  /** Channels of the queue with their counts, most items first (upstream's multi_terms shape). */
  async aggs(status?: QueueStatus): Promise<DownloadAggs> {
    const counts = await this.queue.channelCounts(status ? { status } : {});
    return {
      doc_count_error_upper_bound: 0,
      sum_other_doc_count: 0,
      buckets: counts.map((c) => ({
        key: [c.channel_name, c.channel_id],
        key_as_string: `${c.channel_name}|${c.channel_id}`,
        doc_count: c.count,
      })),
    };
  }

  async get(id: string): Promise<DownloadItem> {
    const row = await this.queue.get(id);
    if (!row) throw notFound(ITEM_NOT_FOUND);
    return toDownloadItem(row);
  }

  /**
   * Writes the lines to the database, then starts extract_download for them; each line is resolved and
   * reported on its own there. Only written lines are answered with "started": a crash after the answer
   * leaves them for `resumeAdditions` at the next start.
   */
  async add(body: DownloadAddRequest, query: DownloadAddQuery): Promise<DownloadTaskStarted> {
    const lines = body.data.map((item, line) => ({
      line,
      input: item.youtube_id,
      status:
        item.status === 'pending' || item.status === undefined ? ('pending' as const) : ('ignore' as const),
    }));
    const started = await this.startAddition(lines, {
      auto_start: query.autostart ?? false,
      ...(query.flat !== undefined && { flat: query.flat }),
      ...(query.force !== undefined && { force: query.force }),
    });
    // this add is accepted whatever happens here: a held batch that does not start stays held for later
    await this.resumeHeldAdditions().catch(() => 0);
    return { message: 'add to queue task started', task_id: started.task_id };
  }

  /**
   * At start-up (embedded mode, after the runs a dead process left were failed): every batch with lines
   * left gets a new extract_download. Returns how many lines were resumed.
   */
  async resumeAdditions(): Promise<number> {
    let resumed = 0;
    for (const batch of await this.additions.batches()) {
      await this.additions.claimHeld(batch);
      resumed += await this.resumeBatch(batch);
    }
    return resumed;
  }

  /**
   * The adds that yt-dlp missing or broken, or the network down, stopped (their lines held): each gets a
   * new extract_download. Called by the next add and the next download run; returns how many lines.
   */
  async resumeHeldAdditions(): Promise<number> {
    let resumed = 0;
    for (const batch of await this.additions.heldBatches())
      if (await this.additions.claimHeld(batch)) resumed += await this.resumeBatch(batch);
    return resumed;
  }

  private async resumeBatch(batch: string): Promise<number> {
    const { lines } = await this.additions.lines(batch);
    try {
      await this.tasks.start('extract_download', { batch });
    } catch (error) {
      await this.additions.hold(batch, this.now());
      throw error;
    }
    return lines.length;
  }

  private async startAddition(lines: AdditionLine[], options: AdditionOptions): Promise<TaskStartResponse> {
    const batch = crypto.randomUUID();
    await this.additions.add(batch, lines, options, this.now());
    try {
      return await this.tasks.start('extract_download', { batch });
    } catch (error) {
      // the request fails, so nothing was accepted; a batch left behind would be resumed at the next start
      await this.additions.removeBatch(batch).catch(() => undefined);
      throw error;
    }
  }

  /** `POST /api/download/{id}/`: a missing item is a 404 (upstream answered 500), except for ignore-force. */
  async setStatus(id: string, status: DownloadItemUpdate['status']): Promise<DownloadItemUpdate> {
    const row = await this.queue.get(id);
    if (status === 'ignore-force') {
      if (row) await this.queue.update(id, { status: 'ignore', auto_start: 0 });
      // not queued: fetch its metadata and put it straight on the ignore list
      else await this.startAddition([{ line: 0, input: id, status: 'ignore' }], { auto_start: false });
      return { status };
    }
    if (!row) throw notFound(ITEM_NOT_FOUND);
    if (status === 'priority') {
      await this.queue.update(id, { status: 'pending', auto_start: 1, message: null });
      await this.startDownloads(true);
    } else {
      await this.queue.update(id, { status, ...(status === 'ignore' && { auto_start: 0 }) });
    }
    return { status };
  }

  /** `PATCH /api/download/?filter=…`: one change over every matching item. */
  async bulkUpdate(query: DownloadBulkQuery, status: 'pending' | 'ignore' | 'priority' | 'clear_error') {
    const filter: QueueFilter = {
      ...listFilter({ ...query, filter: query.filter === 'priority' ? 'pending' : query.filter }),
      ...(query.filter === 'priority' && { autoStart: true }),
    };
    if (status === 'clear_error') await this.queue.updateMatching(filter, { message: null });
    else if (status === 'ignore') await this.queue.updateMatching(filter, { status, auto_start: 0 });
    else if (status === 'pending') await this.queue.updateMatching(filter, { status });
    else {
      const changed = await this.queue.updateMatching(filter, {
        status: 'pending',
        auto_start: 1,
        message: null,
      });
      if (changed > 0) await this.startDownloads(true);
    }
  }

  /** One item deleted on purpose (Forget, Delete): gone from the queue, and rescans leave it out. */
  async deleteItem(id: string): Promise<void> {
    await this.queue.block(id, this.now());
    await this.queue.delete(id);
  }

  /** Empties the queue by status (Settings: Actions). Not a block: a rescan may queue these again. */
  clear(query: DownloadDeleteQuery): Promise<number> {
    return this.queue.deleteMatching(listFilter(query));
  }

  // --- for the jobs (download_pending, update_subscribed, extract_download, auto-delete) ------------

  /**
   * The next item to download: pending, no failed attempt, auto-start first, then oldest; `exclude`
   * names the ids a run already holds (parallel downloads) or has put aside.
   */
  nextPending(
    options: { autoOnly?: boolean; exclude?: string[] } = {},
  ): Promise<DownloadQueueRow | undefined> {
    return this.queue.nextPending(options.autoOnly ?? false, options.exclude ?? []);
  }

  /** How many items a run has left (for "i/total" progress). */
  pendingCount(options: { autoOnly?: boolean } = {}): Promise<number> {
    return this.queue.count({
      status: 'pending',
      error: false,
      ...(options.autoOnly && { autoStart: true }),
    });
  }

  /**
   * Records why a download failed and what that means (the item is skipped until the error is cleared,
   * or, for a premiere, until its start time); null clears it.
   */
  async setMessage(id: string, message: string | null, diagnosis?: Diagnosis): Promise<void> {
    await this.queue.update(id, {
      message,
      error_category: message === null ? null : (diagnosis?.category ?? null),
      error_advice: message === null ? null : (diagnosis?.advice ?? null),
      retry_at: message === null ? null : (diagnosis?.retryAt ?? null),
    });
  }

  /** Removes an item that was downloaded and archived (no block: it is archived now). */
  async remove(id: string): Promise<void> {
    await this.queue.delete(id);
  }

  /** After a download run, whether finished or stopped: no item keeps auto_start (upstream §10). */
  async resetAutoStart(): Promise<void> {
    await this.queue.updateMatching({ autoStart: true }, { auto_start: 0 });
  }

  /** Whether a rescan must leave this video out: ignored, or deleted from the queue on purpose. */
  async isBlocked(id: string): Promise<boolean> {
    const [queued, blocked] = await Promise.all([this.queue.statuses([id]), this.queue.blocked([id])]);
    return queued.get(id)?.status === 'ignore' || blocked.has(id);
  }

  /**
   * Queues what a subscription scan found: entries of channel tabs or playlists (flat yt-dlp listings).
   * Queued, ignored, blocked and archived videos are left out; the rest get their metadata (unless the
   * config says flat) and are queued, with auto_start when asked. Failures come back per video (the next
   * scan tries them again); yt-dlp missing or broken, or no network, throws (tool-failure.ts).
   */
  enqueueFromScan(
    entries: ScanEntry[],
    source: ScanSource,
    options: ScanOptions = {},
  ): Promise<ExtractReport> {
    return this.extractor.enqueueScan(entries, source, options);
  }

  /**
   * Puts archived videos that were just deleted (auto-delete of watched videos) on the ignore list, from
   * the rows the caller still has, so a rescan does not download them again.
   */
  async ignore(items: Omit<NewQueueItem, 'status' | 'timestamp' | 'auto_start'>[]): Promise<void> {
    const now = this.now();
    const rows = items.map((item) => ({ ...item, status: 'ignore' as const, auto_start: 0, timestamp: now }));
    await this.queue.updateIds(
      rows.map((r) => r.youtube_id),
      { status: 'ignore', auto_start: 0 },
    );
    await this.queue.insertMany(rows);
  }

  /** Starts download_pending (auto-start items only when asked); a running one picks new items up. */
  async startDownloads(autoOnly: boolean): Promise<TaskStartResponse | undefined> {
    if (!this.tasks.has('download_pending')) return undefined;
    return this.tasks.start('download_pending', autoOnly ? { auto_only: true } : {});
  }
}

function listFilter(query: {
  filter?: QueueStatus;
  channel?: string;
  vid_type?: QueueFilter['vidType'];
  q?: string;
  error?: boolean;
}): QueueFilter {
  return {
    ...(query.filter && { status: query.filter }),
    ...(query.channel && { channelId: query.channel }),
    ...(query.vid_type && { vidType: query.vid_type }),
    ...(query.q && { titlePhrase: query.q }),
    ...(query.error !== undefined && { error: query.error }),
  };
}
