import path from 'node:path';
import type { Updateable } from 'kysely';
import type { VideosTable } from '../db/tables.ts';
import type { ArchiveFilesRepository } from '../repositories/archive-files.repository.ts';
import type { ArchiveRefreshRepository, ReindexVideo } from '../repositories/archive-refresh.repository.ts';
import type { FfmpegRepository, MediaFacts } from '../repositories/ffmpeg.repository.ts';
import type { RemoteFileRepository } from '../repositories/remote-file.repository.ts';
import type { RydRepository } from '../repositories/ryd.repository.ts';
import type { SponsorBlockRepository } from '../repositories/sponsorblock.repository.ts';
import type { YtdlpRepository } from '../repositories/ytdlp.repository.ts';
import type { YtdlpError } from '../repositories/ytdlp-output.ts';
import type { ArchivePaths } from './archive-paths.ts';
import type { ArtworkService } from './artwork.service.ts';
import { mapComments, mapVideo } from './metadata-mapper.ts';
import type { ReindexSubtitles } from './reindex-subtitles.service.ts';
import type { YtdlpInfo } from './ytdlp-info.ts';
import type { YtdlpSettingsService } from './ytdlp-settings.service.ts';

/** The columns a reindex replaces with the provider's values (upstream §4.2 "Video reindex" step 4). */
const PROVIDER_FIELDS = [
  'title',
  'description',
  'category',
  'tags',
  'published',
  'view_count',
  'like_count',
  'dislike_count',
  'average_rating',
  'thumb_url',
] as const;

const NO_FACTS: MediaFacts = {
  duration: 0,
  size: 0,
  width: 0,
  height: 0,
  streams: [],
  container: '',
  tags: {},
  coverStream: undefined,
  subtitleStreams: [],
};

export interface ReindexVideoDeps {
  ytdlp: Pick<YtdlpRepository, 'fetchVideoInfo' | 'fetchComments'>;
  rows: ArchiveRefreshRepository;
  settings: YtdlpSettingsService;
  ffmpeg: Pick<FfmpegRepository, 'probe'>;
  remote: RemoteFileRepository;
  artwork: ArtworkService;
  files: ArchiveFilesRepository;
  paths: ArchivePaths;
  sponsorblock: Pick<SponsorBlockRepository, 'getSegments'>;
  ryd: Pick<RydRepository, 'getVotes'>;
  subtitles: ReindexSubtitles;
  scratchDir: string;
  now?: () => number;
}

/**
 * Re-fetches one archived video (upstream §4.2): the provider's metadata replaces title, description,
 * tags, stats, date and integrations, the file's facts are read again, the thumbnail is re-downloaded, and
 * the comments and subtitles (with their search fragments) replaced when new ones came. Watched state,
 * progress, playlist membership, download date, type and the file stay. Throws the YtdlpError of a video the
 * provider no longer has.
 */
export class ReindexVideoService {
  constructor(private readonly deps: ReindexVideoDeps) {}

  /** Returns the provider's failure for the subtitles alone (the archived ones kept), if there was one. */
  async reindex(video: ReindexVideo, signal?: AbortSignal): Promise<{ subtitleFailure?: YtdlpError }> {
    const { deps } = this;
    const now = (deps.now ?? Date.now)();
    const overwrites = (await deps.rows.channelOverwrites(video.channel_id)) ?? {};
    const settings = await deps.settings.load(overwrites);
    const id = video.youtube_id;
    const info = (await (settings.downloads.comment_max
      ? deps.ytdlp.fetchComments(id, settings, signal)
      : deps.ytdlp.fetchVideoInfo(id, settings, signal))) as YtdlpInfo;
    const mapped = mapVideo({ ...info, id, channel_id: video.channel_id }, NO_FACTS, now);
    const update: Updateable<VideosTable> = { active: 1, vid_last_refresh: now };
    for (const key of PROVIDER_FIELDS) Object.assign(update, { [key]: mapped[key] });
    Object.assign(update, await this.fileFacts(video, signal));
    if (overwrites.integrate_sponsorblock ?? settings.downloads.integrate_sponsorblock) {
      const segments = await deps.sponsorblock.getSegments(id, signal);
      if (segments) update.sponsorblock = JSON.stringify(segments);
    }
    if (settings.downloads.integrate_ryd) Object.assign(update, await deps.ryd.getVotes(id, signal));
    const comments =
      Array.isArray(info.comments) && info.comments.length ? mapComments(id, info.comments) : null;
    if (comments) update.comment_count = comments.length;
    let subtitleFailure: YtdlpError | undefined;
    const subtitles = await deps.subtitles.refetch(video, info, settings, signal, (error) => {
      subtitleFailure = error;
    });
    // read before the update replaces the rows: which archived files the new ones leave behind
    const archivedSubtitles = subtitles ? await deps.rows.subtitleUrls(id) : [];
    await deps.rows.updateVideo(id, update, comments, subtitles);
    if (subtitles) {
      // languages the provider no longer gave: their files go once the rows no longer point at them
      const kept = new Set(subtitles.rows.map((row) => row.media_url));
      for (const url of archivedSubtitles.filter((u) => !kept.has(u))) {
        await deps.files.remove(deps.paths.media(url));
      }
    }
    await this.thumbnail(id, mapped.thumb_url ?? null, signal);
    return subtitleFailure ? { subtitleFailure } : {};
  }

  /** Size, duration and streams of the archived file; nothing when the file cannot be read. */
  private async fileFacts(video: ReindexVideo, signal?: AbortSignal): Promise<Updateable<VideosTable>> {
    const facts = await this.deps.ffmpeg
      .probe(this.deps.paths.media(video.media_url), signal)
      .catch(() => undefined);
    if (!facts) return {};
    return {
      media_size: facts.size,
      duration: facts.duration,
      width: facts.width,
      height: facts.height,
      streams: JSON.stringify(facts.streams),
    };
  }

  /** A new thumbnail replaces the cached one only when it could be downloaded. */
  private async thumbnail(id: string, url: string | null, signal?: AbortSignal): Promise<void> {
    if (!url) return;
    const base = path.join(this.deps.scratchDir, `${id}.reindex`);
    const image = await this.deps.remote.fetchImage(url, base, signal);
    if (!image) return;
    try {
      const target = this.deps.paths.videoThumb(id);
      await this.deps.files.ensureDir(path.dirname(target));
      await this.deps.artwork.videoThumb(`${target}.part.jpg`, { image }, signal);
      await this.deps.files.move(`${target}.part.jpg`, target);
    } finally {
      await this.deps.files.remove(image);
    }
  }
}
