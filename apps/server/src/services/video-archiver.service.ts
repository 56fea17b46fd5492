import path from 'node:path';
import type { ArchiveFilesRepository } from '../repositories/archive-files.repository.ts';
import type { VideoBundle, VideoIndexRepository } from '../repositories/video-index.repository.ts';
import { ArchivePaths } from './archive-paths.ts';
import { DiskFullError, isDiskFull } from './disk-full.ts';
import type { DiskSpaceService } from './disk-space.service.ts';

/** A video whose files are complete in a staging folder of their own, with the rows to store. */
export interface StagedVideo {
  /** holds only this video's staged files; removed once the video is in place */
  stagingDir: string;
  bundle: VideoBundle;
  /** the finished mp4 */
  media: string;
  subtitles: { lang: string; file: string }[];
  /** the 16:9 JPEG for the cache */
  thumb?: string;
  /** files to delete once the video is in place (the import folder's originals) */
  sources: string[];
}

/**
 * Written before the rows commit: what to do once they have. `stamp` is the vid_last_refresh the
 * transaction writes; finding it on the stored row later proves the transaction committed.
 */
interface CommitPlan {
  videoId: string;
  stamp: number;
  /**
   * Files whose target is on another file system: copied next to the target (`<target>.part`) before the
   * commit, so the rename after it is a rename there. Removed again when the commit does not happen.
   */
  copies?: [from: string, part: string][];
  moves: [from: string, to: string][];
  deletes: string[];
}

const PLAN_FILE = 'plan.json';

/**
 * Puts a staged video into the archive so that files and rows never disagree for longer than a crash
 * lasts, and the next run repairs any crash. The order, per video:
 *
 *   1. Everything is prepared in the video's own staging folder (conversion, subtitles, thumbnail); the
 *      sources stay untouched. A crash here leaves only the staging folder, which the next run throws
 *      away and rebuilds from the untouched sources.
 *   2. The plan is written atomically into the staging folder: the renames into the media tree and cache,
 *      then the deletions (files of the stored version this one replaces, then the sources). The replaced
 *      files are read from the rows now, before they change. A target on another file system (media on
 *      its own volume) is copied beside it as `<target>.part` and flushed to disk now, after a check of
 *      the free space: a full volume stops here, before the commit, and the copies go again.
 *   3. The rows (video, channel, subtitles, fragments, comments, queue removal) are written in ONE
 *      transaction. The video row carries the plan's stamp, so whether the commit happened can be read back.
 *   4. The plan runs: renames (atomic on one file system, replacing an older file of the same name), then
 *      deletions. Each step is idempotent: a rename whose source is gone has happened, deleting a missing
 *      file does nothing.
 *   5. The staging folder goes.
 *
 * Recovery (`recover`, run before every import and at start-up) looks at each staging folder: with a plan
 * whose stamp is on the stored row, the commit happened, so the plan is replayed (finishing an interrupted
 * step 4 or 5); otherwise the commit did not happen, the old rows still match the old files, and the folder
 * is discarded while the sources wait in the import folder for the next run. A re-run imports such a video
 * again; that is safe because the row write is an upsert that keeps user data.
 *
 * So no mp4 appears in the media tree before its row is committed, nothing is written there except by
 * rename (never a half file), and after recovery every row has its files and every file its row.
 */
export class VideoArchiver {
  constructor(
    private readonly index: VideoIndexRepository,
    private readonly files: ArchiveFilesRepository,
    private readonly paths: ArchivePaths,
    private readonly space?: Pick<DiskSpaceService, 'ensure' | 'nameOf'>,
  ) {}

  async archive(staged: StagedVideo): Promise<void> {
    const plan = await this.plan(staged);
    await this.files.writeJsonAtomic(path.join(staged.stagingDir, PLAN_FILE), plan);
    try {
      // the target folders are made before the commit: a folder that cannot be made (a file with its
      // name, no permission) failed after it, and the video was listed while its file stayed in staging
      for (const [, to] of plan.moves) await this.files.ensureDir(path.dirname(to));
      await this.copyAcross(plan);
      await this.index.writeVideo(staged.bundle);
    } catch (error) {
      // settled now rather than at the next start-up: a failed commit leaves no copy in the media tree
      // (and an error that came after the commit, say a lost connection, still puts the video in place)
      if (await this.settle(plan, staged.stagingDir).catch(() => false)) return;
      throw error;
    }
    await this.apply(plan);
    await this.files.removeDir(staged.stagingDir);
  }

  /**
   * Finishes what a killed run left in `stagingRoot`: committed videos are put in place, uncommitted
   * staging folders are discarded (their sources are still where they came from).
   */
  async recover(stagingRoot: string): Promise<{ finished: string[]; discarded: string[] }> {
    const finished: string[] = [];
    const discarded: string[] = [];
    for (const name of await this.files.listDirs(stagingRoot)) {
      const dir = path.join(stagingRoot, name);
      const plan = (await this.files.readJson(path.join(dir, PLAN_FILE)).catch(() => undefined)) as
        CommitPlan | undefined;
      if (plan && (await this.settle(plan, dir))) finished.push(plan.videoId);
      else {
        discarded.push(name);
        await this.files.removeDir(dir);
      }
    }
    return { finished, discarded };
  }

  /** A committed plan is carried out; an uncommitted one is undone (its copies removed). True: committed. */
  private async settle(plan: CommitPlan, dir: string): Promise<boolean> {
    const stored = await this.index.storedFiles(plan.videoId);
    const committed = stored?.vid_last_refresh === plan.stamp;
    if (committed) await this.apply(plan);
    else for (const [, part] of plan.copies ?? []) await this.files.remove(part);
    await this.files.removeDir(dir);
    return committed;
  }

  /** The copies onto other file systems, each volume's free space checked for all its bytes first. */
  private async copyAcross(plan: CommitPlan): Promise<void> {
    const copies = plan.copies ?? [];
    const bytesPerVolume = new Map<string, { dir: string; bytes: number }>();
    for (const [from, part] of copies) {
      const name = this.space?.nameOf(part) ?? 'disk';
      const entry = bytesPerVolume.get(name) ?? { dir: path.dirname(part), bytes: 0 };
      entry.bytes += await this.files.size(from);
      bytesPerVolume.set(name, entry);
    }
    for (const [name, { dir, bytes }] of bytesPerVolume) await this.space?.ensure(dir, name, bytes);
    for (const [from, part] of copies) {
      try {
        await this.files.copyDurable(from, part);
      } catch (error) {
        if (!isDiskFull(error) || error instanceof DiskFullError) throw error;
        const name = this.space?.nameOf(part) ?? 'disk';
        const { bytes } = bytesPerVolume.get(name)!;
        throw new DiskFullError(name, await this.files.freeBytes(path.dirname(part)), bytes);
      }
    }
  }

  private async plan(staged: StagedVideo): Promise<CommitPlan> {
    const { video } = staged.bundle;
    const channelId = video.channel_id;
    const id = video.youtube_id;
    const mediaUrl = ArchivePaths.mediaUrl(channelId, id);
    const targets: [string, string][] = [[staged.media, this.paths.media(mediaUrl)]];
    const newUrls = new Set([mediaUrl]);
    for (const sub of staged.subtitles) {
      const url = ArchivePaths.subtitleUrl(channelId, id, sub.lang);
      targets.push([sub.file, this.paths.media(url)]);
      newUrls.add(url);
    }
    if (staged.thumb) targets.push([staged.thumb, this.paths.videoThumb(id)]);
    const copies: [string, string][] = [];
    const moves: [string, string][] = [];
    for (const [from, to] of targets) {
      if (await this.files.sameFileSystem(from, to)) moves.push([from, to]);
      else {
        copies.push([from, `${to}.part`]);
        moves.push([`${to}.part`, to]);
      }
    }
    const stored = await this.index.storedFiles(id);
    const replaced = stored ? [stored.media_url, ...stored.subtitle_urls].filter((u) => !newUrls.has(u)) : [];
    // the stamp must differ from the stored one, or recovery could mistake the old row for this commit
    if (stored && stored.vid_last_refresh >= video.vid_last_refresh) {
      video.vid_last_refresh = stored.vid_last_refresh + 1;
    }
    // a source already at its place in the media tree (the rescan indexes files where they lie) is
    // replaced by its own move, and must not be deleted after it
    const placed = new Set(moves.map(([, to]) => path.resolve(to)));
    const deletes = [...replaced.map((u) => this.paths.media(u)), ...staged.sources];
    return {
      videoId: id,
      stamp: video.vid_last_refresh,
      copies,
      moves,
      deletes: deletes.filter((file) => !placed.has(path.resolve(file))),
    };
  }

  private async apply(plan: CommitPlan): Promise<void> {
    for (const [from, to] of plan.moves) {
      if (await this.files.exists(from)) await this.files.move(from, to);
    }
    for (const file of plan.deletes) await this.files.remove(file);
  }
}
