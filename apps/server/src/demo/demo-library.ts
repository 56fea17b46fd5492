import type { Container } from '../container.ts';
import type { ImportFailure } from '../services/manual-import.service.ts';
import type { ProgressReporter } from '../services/progress.ts';
import { videoId, type DemoKind } from './demo-catalog.ts';
import { demoComments } from './demo-comments.ts';
import { generateDemoLibrary } from './demo-generator.ts';
import { DEMO_VIDEOS } from './demo-videos.ts';

export interface DemoLibraryOptions {
  /** Reuse rendered media from here (tests); the CLI renders afresh. */
  mediaCacheDir?: string;
  reporter?: ProgressReporter;
}

export interface DemoLibrarySummary {
  channels: number;
  /** Demo videos in the archive now, by type. */
  videos: { videos: number; shorts: number; streams: number };
  subtitles: number;
  comments: number;
  playlists: number;
  /** Videos imported by this run; the others were archived by an earlier run. */
  imported: number;
  alreadyArchived: number;
  failed: ImportFailure[];
  titlesDrawn: boolean;
  generateMs: number;
  importMs: number;
}

/**
 * `tubekeeper demo`: writes the demo library into `<cache>/import/` and runs the real manual import on it
 * (which also imports anything else waiting there). Videos already archived are not generated again, and
 * channel and playlist JSONs are upserts, so running it twice duplicates nothing.
 */
export async function buildDemoLibrary(
  container: Container,
  options: DemoLibraryOptions = {},
): Promise<DemoLibrarySummary> {
  const ids = DEMO_VIDEOS.map((v) => videoId(v.slug));
  const before = new Set(await container.videoIndex.archivedIds(ids));
  const started = performance.now();
  const generated = await generateDemoLibrary({
    outDir: container.archivePaths.importDir,
    ffmpegPath: container.config.ffmpegPath,
    skipIds: before,
    mediaCacheDir: options.mediaCacheDir,
  });
  const generatedAt = performance.now();
  const result = await container.manualImport.run(
    { ignoreError: true, preferLocal: false },
    options.reporter,
  );
  const importMs = performance.now() - generatedAt;

  const present = new Set(await container.videoIndex.archivedIds(ids));
  const videos = DEMO_VIDEOS.filter((v) => present.has(videoId(v.slug)));
  const count = (type: DemoKind) => videos.filter((v) => v.kind === type).length;
  return {
    channels: generated.channels.filter((c) => result.channels.includes(c.id)).length,
    videos: { videos: count('video'), shorts: count('short'), streams: count('stream') },
    subtitles: videos.length * 2,
    comments: videos.reduce((sum, v) => sum + demoComments(v).length, 0),
    playlists: generated.playlists.filter((p) => result.playlists.includes(p.id)).length,
    imported: result.imported.filter((id) => ids.includes(id)).length,
    alreadyArchived: before.size,
    failed: result.failed,
    titlesDrawn: generated.titlesDrawn,
    generateMs: Math.round(generatedAt - started),
    importMs: Math.round(importMs),
  };
}

/** The lines `tubekeeper demo` prints. */
export function describeDemoSummary(s: DemoLibrarySummary): string[] {
  const total = s.videos.videos + s.videos.shorts + s.videos.streams;
  const lines = [
    `Demo library: ${s.channels} channels, ${total} videos (${s.videos.videos} videos, ${s.videos.shorts} shorts, ` +
      `${s.videos.streams} streams), ${s.subtitles} subtitle tracks (en, de), ${s.comments} comments, ` +
      `${s.playlists} playlists.`,
    `Imported ${s.imported} new videos, ${s.alreadyArchived} were already in the archive ` +
      `(generated in ${(s.generateMs / 1000).toFixed(1)} s, imported in ${(s.importMs / 1000).toFixed(1)} s).`,
  ];
  if (!s.titlesDrawn) {
    lines.push('Note: this ffmpeg has no drawtext filter or no font was found, so the clips show no titles.');
  }
  for (const failure of s.failed) lines.push(`Failed: ${failure.name}: ${failure.error}`);
  return lines;
}
