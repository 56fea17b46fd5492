import type {
  BiggestChannelsOrder,
  StatsBiggestChannels,
  StatsBucket,
  StatsDownload,
  StatsDownloadHistory,
  StatsSubscriptions,
  StatsVideo,
  StatsWatch,
} from '@tubekeeper/contract';
import type { FlagCountRow, StatsRepository, VideoTotalsRow } from '../repositories/stats.repository.ts';
import { KeptAnswers } from './kept-answers.ts';
import { recentLocalDays, type LocalDay } from './local-days.ts';
import { durationStr } from './wire/format.ts';

/** Upstream's download history covers `now-7d/d`: today and the seven days before it. */
const HISTORY_DAYS_BACK = 7;
const BIGGEST_CHANNELS = 10;

/** Sums of kept totals; durations are kept in ms and shown in whole seconds, as upstream's `int(sum)`. */
function bucket(rows: VideoTotalsRow[]): StatsBucket {
  const durationMs = rows.reduce((s, r) => s + r.duration_ms, 0);
  const duration = Math.floor(durationMs / 1000);
  return {
    doc_count: rows.reduce((s, r) => s + r.doc_count, 0),
    media_size: rows.reduce((s, r) => s + r.media_size, 0),
    duration,
    duration_str: durationStr(duration),
  };
}

/** A terms bucket: `null` when no row falls in it. */
const bucketOf = (rows: VideoTotalsRow[], keep: (r: VideoTotalsRow) => boolean) => {
  const kept = rows.filter(keep);
  return kept.length ? bucket(kept) : null;
};

const countOf = (rows: FlagCountRow[], keep: (r: FlagCountRow) => boolean) => {
  const kept = rows.filter(keep);
  return kept.length ? kept.reduce((s, r) => s + r.doc_count, 0) : null;
};

function subscriptionStats(rows: FlagCountRow[]): StatsSubscriptions {
  return {
    doc_count: rows.reduce((s, r) => s + r.doc_count, 0),
    active_true: countOf(rows, (r) => r.active === 1),
    active_false: countOf(rows, (r) => r.active !== 1),
    subscribed_true: countOf(rows, (r) => r.subscribed === 1),
    subscribed_false: countOf(rows, (r) => r.subscribed !== 1),
  };
}

/**
 * Python's `str.title()`, which upstream applies to the lowercased channel name: a letter after a letter is
 * lower case, any other letter upper case ("it's 3d" → "It'S 3D").
 */
export function pythonTitle(text: string): string {
  let previousCased = false;
  let out = '';
  for (const ch of text) {
    const cased = ch.toLowerCase() !== ch.toUpperCase();
    out += cased ? (previousCased ? ch.toLowerCase() : ch.toUpperCase()) : ch;
    previousCased = cased;
  }
  return out;
}

/** `/api/stats/*` (upstream §5): the archive's figures in upstream's shapes. */
export class StatsService {
  private keptDays: { days: LocalDay[]; until: number } | undefined;
  private readonly kept = new KeptAnswers();

  constructor(
    private readonly stats: StatsRepository,
    private readonly timeZone: string,
    /**
     * The archive's token (migration 0037), which every write to videos and channels replaces. The biggest
     * channels and the download history are kept under it: they join and group, where the other figures
     * read a row or two of kept totals, and at 32 clients on PostgreSQL they reached 20-27 ms p95 against
     * the 10 ms of a one-row read (issue 19). A kept answer costs one token read.
     */
    private readonly archiveToken: () => Promise<string>,
    private readonly now: () => number = Date.now,
  ) {}

  async video(): Promise<StatsVideo> {
    const rows = await this.stats.videoTotals();
    return {
      ...bucket(rows),
      type_videos: bucketOf(rows, (r) => r.vid_type === 'videos'),
      type_shorts: bucketOf(rows, (r) => r.vid_type === 'shorts'),
      type_streams: bucketOf(rows, (r) => r.vid_type === 'streams'),
      active_true: bucketOf(rows, (r) => r.active === 1),
      active_false: bucketOf(rows, (r) => r.active !== 1),
    };
  }

  async channel(): Promise<StatsSubscriptions> {
    return subscriptionStats(await this.stats.channelCounts());
  }

  async playlist(): Promise<StatsSubscriptions> {
    return subscriptionStats(await this.stats.playlistCounts());
  }

  async download(): Promise<StatsDownload> {
    const rows = await this.stats.queueTotals();
    const count = (keep: (r: (typeof rows)[number]) => boolean) => {
      const kept = rows.filter(keep);
      return kept.length ? kept.reduce((s, r) => s + r.doc_count, 0) : null;
    };
    return {
      pending: count((r) => r.status === 'pending'),
      ignore: count((r) => r.status === 'ignore'),
      pending_videos: count((r) => r.status === 'pending' && r.vid_type === 'videos'),
      pending_shorts: count((r) => r.status === 'pending' && r.vid_type === 'shorts'),
      pending_streams: count((r) => r.status === 'pending' && r.vid_type === 'streams'),
    };
  }

  /**
   * The caller's own watch figures (issue 13; watched is per user, migration 0030): every video of the
   * archive, those the caller marked watched, and the rest. A bucket with no video is null, as upstream's.
   */
  async watch(userId: number): Promise<StatsWatch> {
    const { total, watched } = await this.stats.watchTotals(userId);
    const seconds = (ms: number) => Math.floor(ms / 1000);
    const totalDuration = seconds(total.duration_ms);
    const part = (items: number, durationMs: number) => {
      if (items <= 0) return null;
      const duration = seconds(durationMs);
      return {
        duration,
        duration_str: durationStr(duration),
        progress: totalDuration ? duration / totalDuration : 0,
        items,
      };
    };
    return {
      total: { duration: totalDuration, duration_str: durationStr(totalDuration), items: total.doc_count },
      watched: part(watched.doc_count, watched.duration_ms),
      unwatched: part(total.doc_count - watched.doc_count, total.duration_ms - watched.duration_ms),
    };
  }

  async downloadHistory(): Promise<StatsDownloadHistory> {
    const days = this.historyDays();
    const state = `${await this.archiveToken()} ${days[0]!.start}`;
    return this.kept.answer('downloadhist', state, () => this.readDownloadHistory(days));
  }

  private async readDownloadHistory(days: LocalDay[]): Promise<StatsDownloadHistory> {
    const rows = await this.stats.downloadsPerDay(days.map((d) => d.start));
    return rows
      .filter((r) => r.count > 0)
      .sort((a, b) => a.day - b.day)
      .map((r) => ({ date: days[r.day]!.date, count: r.count, media_size: r.media_size }));
  }

  /** The history's days, kept until the next midnight (working them out in the zone is most of the request). */
  private historyDays(): LocalDay[] {
    const now = this.now();
    if (!this.keptDays || now >= this.keptDays.until || now < this.keptDays.days[0]!.start)
      this.keptDays = recentLocalDays(now, this.timeZone, HISTORY_DAYS_BACK);
    return this.keptDays.days;
  }

  async biggestChannels(order: BiggestChannelsOrder = 'doc_count'): Promise<StatsBiggestChannels> {
    const state = await this.archiveToken();
    return this.kept.answer(`biggest ${order}`, state, () => this.readBiggestChannels(order));
  }

  private async readBiggestChannels(order: BiggestChannelsOrder): Promise<StatsBiggestChannels> {
    const rows = await this.stats.biggestChannels(order, BIGGEST_CHANNELS);
    return rows.map((r) => {
      const duration = r.duration_ms / 1000;
      return {
        id: r.channel_id,
        name: pythonTitle(r.channel_name.toLowerCase()),
        doc_count: r.doc_count,
        duration,
        duration_str: durationStr(Math.floor(duration)),
        media_size: r.media_size,
      };
    });
  }
}
