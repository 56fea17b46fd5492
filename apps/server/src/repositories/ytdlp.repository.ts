import fs from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  baseArgs,
  downloadArgs,
  extractorArgs,
  metadataArgs,
  randomSleepSeconds,
  subtitleOnlyArgs,
  tabItems,
  youtubeUrl,
  type CallKind,
  type YtdlpSettings,
} from './ytdlp-args.ts';
import {
  failureFromStderr,
  ProgressTracker,
  subtitleFiles,
  resultsPerUrl,
  takeInfoJson,
  unwrap,
  YtdlpError,
  type DownloadProgress,
  type DownloadRequest,
  type DownloadResult,
  type ItemResult,
  type YtdlpJson,
} from './ytdlp-output.ts';
import { withCookieFile } from './ytdlp-cookie.ts';
import { runYtdlp, type RunOptions } from './ytdlp-process.ts';

export type { YtdlpSettings } from './ytdlp-args.ts';
export {
  YtdlpError,
  type DownloadProgress,
  type DownloadRequest,
  type DownloadResult,
  type ItemResult,
  type YtdlpErrorKind,
  type YtdlpJson,
} from './ytdlp-output.ts';

export type ChannelTab = 'videos' | 'streams' | 'shorts';
export const CHANNEL_TABS: readonly ChannelTab[] = ['videos', 'streams', 'shorts'];

export interface ChannelPlaylist {
  id: string;
  title: string | null;
}

export interface YtdlpRepositoryOptions {
  executable: string;
  cacheDir: string;
  /** Where downloads stage (default `<cacheDir>/download`; each worker process has its own). */
  downloadDir?: string;
  /** Extra environment for the child (the tests' fake provider reads its settings from it). */
  env?: Record<string, string>;
  /** URLs per invocation when no sleep interval is configured. */
  maxBatch?: number;
  /** Metadata calls running longer are stopped (downloads report progress and have no limit). */
  metadataTimeoutMs?: number;
}

/** Upstream caches @handle lookups for 7 days. */
const RESOLVE_TTL_MS = 7 * 24 * 3600 * 1000;
/** `yt-dlp --version` longer than this (or than the metadata limit) counts as no answer. */
const VERSION_TIMEOUT_MS = 30_000;
const CHANNEL_ID = /^UC[\w-]{22}$/;

/**
 * The only way to the provider: yt-dlp as a child process. Metadata calls accept many ids and run as few
 * invocations as the pacing allows (each start costs ~0.3 s). Pacing is ours, not yt-dlp's: its
 * `--sleep-requests` sleeps before every HTTP request and `--sleep-interval` only before downloads, neither
 * matching upstream's one rand_sleep between items. So with `sleep_interval` set, batch methods run one
 * item per invocation with `pause()` between them, and callers looping over downloads call `pause()`.
 */
export class YtdlpRepository {
  private readonly resolved = new Map<string, { channelId: string; expires: number }>();

  constructor(private readonly options: YtdlpRepositoryOptions) {}

  /** Video metadata by id (`-J --skip-download --no-playlist`), batched; comments: `fetchComments`. */
  async fetchVideoInfos(
    ids: string[],
    settings: YtdlpSettings,
    signal?: AbortSignal,
  ): Promise<Map<string, ItemResult<YtdlpJson>>> {
    const results = await this.fetchPaced(ids.map(youtubeUrl.video), 'video', settings, { signal });
    return new Map(ids.map((id, i) => [id, results[i]!]));
  }

  async fetchVideoInfo(id: string, settings: YtdlpSettings, signal?: AbortSignal): Promise<YtdlpJson> {
    return unwrap((await this.fetchVideoInfos([id], settings, signal)).get(id)!);
  }

  /** The video's info JSON with `comments` (comment_max and comment_sort from the config). */
  async fetchComments(id: string, settings: YtdlpSettings, signal?: AbortSignal): Promise<YtdlpJson> {
    const [result] = await this.runJson([youtubeUrl.video(id)], 'comments', settings, { signal });
    return unwrap(result!);
  }

  /** Channel metadata without its videos (`--flat-playlist --playlist-items 0`). */
  async fetchChannelInfos(
    ids: string[],
    settings: YtdlpSettings,
    signal?: AbortSignal,
  ): Promise<Map<string, ItemResult<YtdlpJson>>> {
    const urls = ids.map(youtubeUrl.channel);
    const results = await this.fetchPaced(urls, 'channel', settings, { items: '0', signal });
    return new Map(ids.map((id, i) => [id, results[i]!]));
  }

  async fetchChannelInfo(id: string, settings: YtdlpSettings, signal?: AbortSignal): Promise<YtdlpJson> {
    return unwrap((await this.fetchChannelInfos([id], settings, signal)).get(id)!);
  }

  /** The tabs that have anything in them (upstream `channel_tabs`): one invocation for all three. */
  async fetchChannelTabs(
    channelId: string,
    settings: YtdlpSettings,
    signal?: AbortSignal,
  ): Promise<ChannelTab[]> {
    const scans = await this.scanChannel(
      channelId,
      CHANNEL_TABS.map((tab) => ({ tab, limit: 1 })),
      settings,
      signal,
    );
    return CHANNEL_TABS.filter((tab) => (scans.get(tab)?.length ?? 0) > 0);
  }

  /**
   * Flat listings of channel tabs, newest first, `limit` entries each (null: the whole tab; 0: skipped).
   * A tab the channel does not have is empty; other failures throw (rate limit, connection, unknown channel).
   */
  async scanChannel(
    channelId: string,
    tabs: { tab: ChannelTab; limit: number | null }[],
    settings: YtdlpSettings,
    signal?: AbortSignal,
  ): Promise<Map<ChannelTab, YtdlpJson[]>> {
    const scans = new Map<ChannelTab, YtdlpJson[]>();
    const byLimit = new Map<number | null, typeof tabs>();
    for (const t of tabs.filter((t) => t.limit !== 0))
      byLimit.set(t.limit, [...(byLimit.get(t.limit) ?? []), t]);
    for (const [limit, group] of byLimit) {
      const urls = group.map((t) => youtubeUrl.channelTab(channelId, t.tab));
      const results = await this.runJson(urls, 'tab', settings, { items: tabItems(limit), signal });
      group.forEach(({ tab }, i) => {
        const result = results[i]!;
        if (result.ok) scans.set(tab, result.value.entries ?? []);
        else if (result.error.kind === 'empty-tab') scans.set(tab, []);
        else throw result.error;
      });
    }
    return scans;
  }

  /** A playlist with flat entries; `bottom` lists them reversed (upstream `::-1`). */
  async fetchPlaylist(
    id: string,
    sortOrder: 'top' | 'bottom',
    settings: YtdlpSettings,
    signal?: AbortSignal,
  ): Promise<YtdlpJson> {
    const items = sortOrder === 'bottom' ? '::-1' : '::1';
    const [result] = await this.runJson([youtubeUrl.playlist(id)], 'playlist', settings, { items, signal });
    return unwrap(result!);
  }

  /** The channel's playlists, newest first (flat); a channel without any has none. */
  async fetchChannelPlaylists(
    channelId: string,
    settings: YtdlpSettings,
    signal?: AbortSignal,
  ): Promise<ChannelPlaylist[]> {
    const url = youtubeUrl.channelPlaylists(channelId);
    const [result] = await this.runJson([url], 'tab', settings, { signal });
    if (!result!.ok && result!.error.kind === 'empty-tab') return [];
    return (unwrap(result!).entries ?? [])
      .filter((entry) => typeof entry?.id === 'string')
      .map((entry) => ({
        id: entry.id as string,
        title: typeof entry.title === 'string' ? entry.title : null,
      }));
  }

  /** Channel ids behind `@handle`, `/c/` and `/user/` URLs (see url-parser `needsResolve`), cached 7 days. */
  async resolveChannels(
    urls: string[],
    settings: YtdlpSettings,
    signal?: AbortSignal,
  ): Promise<Map<string, ItemResult<string>>> {
    const answers = new Map<string, ItemResult<string>>();
    const now = Date.now();
    for (const url of urls) {
      const cached = this.resolved.get(url.toLowerCase());
      if (cached && cached.expires > now) answers.set(url, { ok: true, value: cached.channelId });
    }
    const missing = urls.filter((url) => !answers.has(url));
    const results = await this.fetchPaced(missing, 'channel', settings, { items: '0', signal });
    missing.forEach((url, i) => answers.set(url, this.rememberChannel(url, results[i]!)));
    return answers;
  }

  async resolveChannel(url: string, settings: YtdlpSettings, signal?: AbortSignal): Promise<string> {
    return unwrap((await this.resolveChannels([url], settings, signal)).get(url)!);
  }

  /**
   * Downloads one video into `<cache>/download/<id>.mp4` (plus subtitles when configured), reporting
   * progress as notification messages. Throws a YtdlpError whose `kind` says whether to record the
   * message on the item, back off, or abort the task.
   */
  async download(
    request: DownloadRequest,
    settings: YtdlpSettings,
    options: { onProgress?: (progress: DownloadProgress) => void; signal?: AbortSignal } = {},
  ): Promise<DownloadResult> {
    const outputDir = this.options.downloadDir ?? path.join(this.options.cacheDir, 'download');
    await fs.mkdir(outputDir, { recursive: true });
    const target = request.infoJsonPath
      ? ['--load-info-json', request.infoJsonPath]
      : [youtubeUrl.video(request.id)];
    const tracker = new ProgressTracker();
    const title = request.title ?? request.id;
    const result = await this.run([...downloadArgs(settings, outputDir), ...target], 'download', settings, {
      signal: options.signal,
      what: `downloading ${request.id}`,
      onStdoutLine: (line) => {
        const event = tracker.read(line);
        if (event) options.onProgress?.({ progress: event.progress, messages: [title, event.text] });
      },
    });
    if (result.code !== 0) throw failureFromStderr(result.stderr, result.code, result.signal);
    const mediaPath = path.join(outputDir, `${request.id}.mp4`);
    const exists = await fs.stat(mediaPath).then(
      (stat) => stat.isFile(),
      () => false,
    );
    if (!exists) throw new YtdlpError('item', `yt-dlp finished without writing ${request.id}.mp4`);
    const info = await takeInfoJson(path.join(outputDir, `${request.id}.info.json`));
    return { mediaPath, subtitles: await subtitleFiles(outputDir, request.id), info };
  }

  /**
   * The video's subtitle tracks the config asks for (`downloads.subtitle`, json3 or vtt files), written into
   * `outputDir`; none without a download when it asks for none.
   */
  async fetchSubtitles(
    id: string,
    settings: YtdlpSettings,
    outputDir: string,
    signal?: AbortSignal,
  ): Promise<DownloadResult['subtitles']> {
    if (!settings.downloads.subtitle) return [];
    await fs.mkdir(outputDir, { recursive: true });
    const args = [...subtitleOnlyArgs(settings, outputDir), youtubeUrl.video(id)];
    const result = await this.run(args, 'download', settings, {
      signal,
      what: `fetching subtitles of ${id}`,
    });
    if (result.code !== 0) throw failureFromStderr(result.stderr, result.code, result.signal);
    return subtitleFiles(outputDir, id);
  }

  /** Upstream's rand_sleep between items: [0.5, 1.5) × sleep_interval seconds; a stop ends it early. */
  async pause(settings: YtdlpSettings, signal?: AbortSignal): Promise<number> {
    const seconds = randomSleepSeconds(settings.downloads.sleep_interval);
    if (seconds > 0) {
      await sleep(seconds * 1000, undefined, { signal }).catch(() => {
        throw new YtdlpError('aborted', 'stopped');
      });
    }
    return seconds;
  }

  /** The version yt-dlp reports (also proves the executable runs). */
  async version(): Promise<string> {
    const { metadataTimeoutMs } = this.options;
    // it answers at once when it works; a hung one must not hold up a diagnosis or the health page
    const result = await runYtdlp(this.options.executable, ['--version'], {
      env: this.options.env,
      timeoutMs: Math.min(metadataTimeoutMs ?? VERSION_TIMEOUT_MS, VERSION_TIMEOUT_MS),
    });
    if (result.code !== 0) throw failureFromStderr(result.stderr, result.code, result.signal);
    return result.stdout.trim();
  }

  /** One `-J` invocation for several URLs (any URL yt-dlp knows): one result per URL, in order. */
  async runJson(
    urls: string[],
    kind: Exclude<CallKind, 'download'>,
    settings: YtdlpSettings,
    options: { items?: string; signal?: AbortSignal } = {},
  ): Promise<ItemResult<YtdlpJson>[]> {
    if (urls.length === 0) return [];
    const args = [...metadataArgs(kind, options.items), ...urls];
    return resultsPerUrl(urls, await this.run(args, kind, settings, { signal: options.signal }));
  }

  private async fetchPaced(
    urls: string[],
    kind: Exclude<CallKind, 'download'>,
    settings: YtdlpSettings,
    options: { items?: string; signal?: AbortSignal },
  ): Promise<ItemResult<YtdlpJson>[]> {
    const size = settings.downloads.sleep_interval ? 1 : (this.options.maxBatch ?? 50);
    const results: ItemResult<YtdlpJson>[] = [];
    for (let start = 0; start < urls.length; start += size) {
      if (start > 0) await this.pause(settings, options.signal);
      results.push(...(await this.runJson(urls.slice(start, start + size), kind, settings, options)));
    }
    return results;
  }

  /** Runs yt-dlp with the base options, extractor args and (while the call lasts) the cookie file. */
  private async run(args: string[], kind: CallKind, settings: YtdlpSettings, options: RunOptions) {
    const { executable, cacheDir, env, metadataTimeoutMs } = this.options;
    return withCookieFile(settings, (cookieArgs) =>
      runYtdlp(
        executable,
        [...baseArgs(cacheDir), ...cookieArgs, ...extractorArgs(settings, kind), ...args],
        {
          ...options,
          env,
          // a metadata call has a limit; a download none, but one that prints nothing that long is hung
          ...(metadataTimeoutMs !== undefined &&
            (kind === 'download' ? { idleTimeoutMs: metadataTimeoutMs } : { timeoutMs: metadataTimeoutMs })),
        },
      ),
    );
  }

  private rememberChannel(url: string, result: ItemResult<YtdlpJson>): ItemResult<string> {
    if (!result.ok) return result;
    const channelId = result.value.channel_id ?? result.value.id;
    if (typeof channelId !== 'string' || !CHANNEL_ID.test(channelId)) {
      return { ok: false, error: new YtdlpError('item', `no channel found at ${url}`) };
    }
    this.resolved.set(url.toLowerCase(), { channelId, expires: Date.now() + RESOLVE_TTL_MS });
    return { ok: true, value: channelId };
  }
}
