import path from 'node:path';
import type { ChannelOverwrites } from '@tubekeeper/contract';
import type { ArchiveFilesRepository } from '../repositories/archive-files.repository.ts';
import type { ArchiveRefreshRepository } from '../repositories/archive-refresh.repository.ts';
import type { RemoteFileRepository } from '../repositories/remote-file.repository.ts';
import type { RydRepository } from '../repositories/ryd.repository.ts';
import type { SponsorBlockRepository } from '../repositories/sponsorblock.repository.ts';
import type { VideoBundle } from '../repositories/video-index.repository.ts';
import {
  YtdlpError,
  type DownloadResult,
  type YtdlpRepository,
  type YtdlpSettings,
} from '../repositories/ytdlp.repository.ts';
import type { ImportFile } from './import-scanner.ts';
import type { DownloadVerifier } from './download-verifier.ts';
import type { ImportVideoStager } from './import-video.service.ts';
import { json3Cues, toVtt } from './json3-subtitles.ts';
import { isAutoCaption, subtitleTracks, type VidType } from './metadata-mapper.ts';
import type { ProviderIndexService } from './provider-index.service.ts';
import type { VideoArchiver } from './video-archiver.service.ts';
import type { YtdlpInfo } from './ytdlp-info.ts';

export interface DownloadedItem {
  youtube_id: string;
  vid_type: VidType;
}

export interface DownloadIndexerDeps {
  ytdlp: Pick<YtdlpRepository, 'fetchVideoInfo' | 'fetchComments'>;
  /** the import stager, reading from the download folder */
  stager: ImportVideoStager;
  archiver: VideoArchiver;
  /** a broken file (cut short, wrong length) never reaches the stager */
  verifier: Pick<DownloadVerifier, 'verify'>;
  providerIndex: ProviderIndexService;
  rows: ArchiveRefreshRepository;
  remote: RemoteFileRepository;
  files: ArchiveFilesRepository;
  sponsorblock: Pick<SponsorBlockRepository, 'getSegments'>;
  ryd: Pick<RydRepository, 'getVotes'>;
  /** `<cache>/download` */
  downloadDir: string;
  log?: { warn(details: object, message: string): void };
}

/**
 * Indexes a downloaded video through the same path as the manual import (upstream §3.5 step 4): the
 * metadata the download extracted (fetched again with comments when comment_max is set, and when yt-dlp
 * wrote none), the file checked against it (length, a decodable end), the channel when it is not known
 * yet, the thumbnail, subtitles as WebVTT with their fragments, SponsorBlock and Return YouTube Dislike
 * when enabled; then the stager builds the rows and the archiver commits them with the queue removal and
 * moves the files into the media tree, crash-safe.
 */
export class DownloadIndexer {
  /** channels being indexed now: parallel downloads of one new channel index it once */
  private readonly channels = new Map<string, Promise<void>>();

  constructor(private readonly deps: DownloadIndexerDeps) {}

  async index(
    item: DownloadedItem,
    download: DownloadResult,
    settings: YtdlpSettings,
    overwrites: ChannelOverwrites,
    signal?: AbortSignal,
  ): Promise<{ channelId: string }> {
    const { deps } = this;
    const id = item.youtube_id;
    const info = (await (settings.downloads.comment_max
      ? deps.ytdlp.fetchComments(id, settings, signal)
      : (download.info ?? deps.ytdlp.fetchVideoInfo(id, settings, signal)))) as YtdlpInfo;
    if (info.id && info.id !== id) {
      throw new YtdlpError('item', `the provider answered with ${info.id} for ${id}: probably blocked`);
    }
    const facts = await deps.verifier.verify(download.mediaPath, info.duration, signal);
    if (info.channel_id) await this.ensureChannel(info.channel_id, settings, signal);
    const subtitles = await this.subtitleFiles(download, info);
    const thumb = await this.thumbnail(id, info, signal);
    const media: ImportFile = { name: path.basename(download.mediaPath), role: 'media', ext: 'mp4' };
    const staged = await deps.stager.stage(
      {
        base: id,
        id,
        media,
        json: info,
        thumb,
        subtitles,
        files: [media, ...subtitles, ...(thumb ? [thumb] : [])],
        facts,
      },
      false,
      signal,
    );
    await this.enrich(staged.bundle, item, info, settings, overwrites, signal);
    await deps.archiver.archive(staged);
    return { channelId: staged.bundle.video.channel_id };
  }

  private async ensureChannel(channelId: string, settings: YtdlpSettings, signal?: AbortSignal) {
    const running = this.channels.get(channelId);
    if (running) return running;
    if (await this.deps.rows.channelExists(channelId)) return;
    const indexing = this.indexChannel(channelId, settings, signal).finally(() =>
      this.channels.delete(channelId),
    );
    this.channels.set(channelId, indexing);
    return indexing;
  }

  /** An unknown channel is indexed from the provider; if that fails the video's own fields make one. */
  private async indexChannel(channelId: string, settings: YtdlpSettings, signal?: AbortSignal) {
    try {
      await this.deps.providerIndex.indexChannel(channelId, settings, signal);
    } catch (error) {
      if (signal?.aborted || (error instanceof YtdlpError && error.kind !== 'item')) throw error;
      this.deps.log?.warn({ channelId, err: error }, 'channel metadata unavailable, using the video');
    }
  }

  /** yt-dlp's json3 tracks become `<id>.<lang>.vtt` next to them; vtt tracks are taken as they are. */
  private async subtitleFiles(download: DownloadResult, info: YtdlpInfo): Promise<ImportFile[]> {
    const result: ImportFile[] = [];
    for (const sub of download.subtitles) {
      if (result.some((r) => r.lang === sub.lang)) continue;
      const name = `${info.id ?? path.basename(download.mediaPath, '.mp4')}.${sub.lang}.vtt`;
      if (sub.ext === 'json3') {
        const cues = json3Cues(await this.deps.files.readText(sub.path), isAutoCaption(info, sub.lang));
        await this.deps.files.writeText(path.join(this.deps.downloadDir, name), toVtt(cues, sub.lang));
        await this.deps.files.remove(sub.path);
      }
      result.push({ name, role: 'subtitle', ext: 'vtt', lang: sub.lang });
    }
    return result;
  }

  /** The provider's thumbnail; without it the stager takes a frame of the video (or the default). */
  private async thumbnail(id: string, info: YtdlpInfo, signal?: AbortSignal) {
    const url = info.thumbnail ?? info.thumbnails?.filter((t) => t.url).at(-1)?.url;
    if (!url) return undefined;
    const file = await this.deps.remote.fetchImage(
      url,
      path.join(this.deps.downloadDir, `${id}.thumb`),
      signal,
    );
    if (!file) return undefined;
    const name = path.basename(file);
    return { name, role: 'thumb', ext: name.split('.').at(-1)! } satisfies ImportFile;
  }

  /** What the stager cannot know: the queue's video type, subtitle sources, integrations. */
  private async enrich(
    bundle: VideoBundle,
    item: DownloadedItem,
    info: YtdlpInfo,
    settings: YtdlpSettings,
    overwrites: ChannelOverwrites,
    signal?: AbortSignal,
  ) {
    const { downloads } = settings;
    bundle.video.vid_type = item.vid_type;
    bundle.channel.channel_tabs = JSON.stringify([item.vid_type]);
    const tracks = subtitleTracks(info, true);
    bundle.subtitles = bundle.subtitles.map((row) => {
      const track = tracks.find((t) => t.lang === row.lang);
      return track ? { ...row, source: track.source, name: track.name, url: track.url } : row;
    });
    const sourceOf = (lang: string) => bundle.subtitles.find((s) => s.lang === lang)?.source ?? 'user';
    bundle.fragments = downloads.subtitle_index
      ? bundle.fragments.map((f) => ({ ...f, source: sourceOf(f.lang) }))
      : [];
    const sponsorblock = overwrites.integrate_sponsorblock ?? downloads.integrate_sponsorblock;
    if (sponsorblock) {
      const data = await this.deps.sponsorblock.getSegments(item.youtube_id, signal);
      if (data) bundle.video.sponsorblock = JSON.stringify(data);
    }
    if (downloads.integrate_ryd) {
      const votes = await this.deps.ryd.getVotes(item.youtube_id, signal);
      if (votes) Object.assign(bundle.video, votes);
    }
  }
}
