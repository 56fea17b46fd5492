// ZIP backup and restore of a large archive (issue 12): BENCH_VIDEOS videos (default 100 000) over 1 000
// channels, one subtitle file each, BENCH_LINES subtitle lines (default 200 000) and two comments per tenth
// video, on SQLite in a temporary folder. Measures the backup (run_backup's work: export, zip) and its
// restore into a fresh database, each with the peak resident memory above the start, sampled every 50 ms,
// to show that neither holds the archive in memory. Prints one JSON line.
// Run: npx tsx bench/backup.bench.ts
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openSqlite, type DatabaseHandle } from '../apps/server/src/db/dialect.ts';
import { migrateToLatest } from '../apps/server/src/db/migrator.ts';
import { BackupDatabase } from '../apps/server/src/repositories/backup-database.repository.ts';
import {
  BackupFolderRepository,
  BackupZipRepository,
} from '../apps/server/src/repositories/backup-zip.repository.ts';
import { SettingsRepository } from '../apps/server/src/repositories/settings.repository.ts';
import { BackupService } from '../apps/server/src/services/backup/backup.service.ts';

const VIDEOS = Number(process.env.BENCH_VIDEOS ?? 100_000);
const LINES = Number(process.env.BENCH_LINES ?? 200_000);
const BATCH = 500;

async function seed(handle: DatabaseHandle): Promise<void> {
  const { db } = handle;
  const channels = Array.from({ length: 1000 }, (_, i) => ({
    channel_id: `UC${String(i).padStart(22, '0')}`,
    channel_name: `Channel ${i}`,
    channel_last_refresh: 1_700_000_000_000,
    channel_tags: '["bench"]',
    channel_subs: 0,
    channel_subscribed: 0,
    channel_active: 1,
    channel_views: 0,
    channel_description: null,
    channel_tabs: '["videos"]',
    channel_thumb_url: null,
    channel_banner_url: null,
    channel_tvart_url: null,
    channel_overwrites: '{}',
  }));
  for (let i = 0; i < channels.length; i += BATCH)
    await db
      .insertInto('channels')
      .values(channels.slice(i, i + BATCH))
      .execute();
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < VIDEOS; i += BATCH) {
      const ids = Array.from({ length: Math.min(BATCH, VIDEOS - i) }, (_, n) => i + n);
      const videos = ids.map((n) => ({
        youtube_id: `v${String(n).padStart(10, '0')}`,
        channel_id: channels[n % 1000]!.channel_id,
        title: `Bench video number ${n} about topic ${n % 97}`,
        description: `A description of video ${n}, long enough to look like one. `.repeat(4),
        published: 1_600_000_000_000 + n * 1000,
        date_downloaded: 1_700_000_000_000 + n * 1000,
        vid_last_refresh: 1_700_000_000_000,
        media_url: `${channels[n % 1000]!.channel_id}/v${String(n).padStart(10, '0')}.mp4`,
        media_size: 10_000_000 + n,
        duration: 300 + (n % 600),
        streams: '[{"index":0,"type":"video","codec":"h264","bitrate":1000000,"width":1280,"height":720}]',
        category: '[]',
        tags: '[]',
        vid_type: 'videos' as const,
        active: 1,
        width: 1280,
        height: 720,
        view_count: n,
        like_count: 0,
        dislike_count: 0,
        average_rating: null,
        comment_count: null,
        sponsorblock: null,
        thumb_url: null,
      }));
      await trx.insertInto('videos').values(videos).execute();
      await trx
        .insertInto('subtitles')
        .values(
          videos.map((v) => ({
            youtube_id: v.youtube_id,
            lang: 'en',
            name: 'English',
            source: 'user' as const,
            ext: 'vtt',
            url: null,
            media_url: v.media_url.replace('.mp4', '.en.vtt'),
          })),
        )
        .execute();
      const commented = videos.filter((_, n) => (i + n) % 10 === 0);
      if (commented.length)
        await trx
          .insertInto('comments')
          .values(
            commented.flatMap((v) =>
              [0, 1].map((k) => ({
                comment_id: `${v.youtube_id}-c${k}`,
                youtube_id: v.youtube_id,
                position: k,
                author: '@bench',
                text: `comment ${k} on ${v.title}`,
                timestamp: 1_700_000_000,
                parent_id: null,
                author_id: null,
                author_thumbnail: null,
                author_is_uploader: 0,
                like_count: 0,
                is_favorited: 0,
              })),
            ),
          )
          .execute();
    }
    for (let i = 0; i < LINES; i += BATCH) {
      const rows = Array.from({ length: Math.min(BATCH, LINES - i) }, (_, n) => {
        const line = i + n;
        return {
          youtube_id: `v${String(line % VIDEOS).padStart(10, '0')}`,
          lang: 'en',
          source: 'user',
          fragment_index: Math.floor(line / VIDEOS),
          start_ms: line * 10,
          end_ms: line * 10 + 2000,
          line: `spoken words number ${line} of the subtitle track`,
        };
      });
      await trx.insertInto('subtitle_fragments').values(rows).execute();
    }
  });
}

/** Runs `work` and reports its seconds and the peak RSS above the start, sampled every 50 ms. */
async function measured<T>(
  work: () => Promise<T>,
): Promise<{ result: T; seconds: number; peakRssMb: number }> {
  const start = process.memoryUsage().rss;
  let peak = start;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  const began = performance.now();
  const result = await work();
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  return {
    result,
    seconds: Math.round((performance.now() - began) / 100) / 10,
    peakRssMb: Math.round((peak - start) / 1e6),
  };
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tk-backup-bench-'));
try {
  const service = (handle: DatabaseHandle) =>
    new BackupService({
      zip: new BackupZipRepository(),
      folder: new BackupFolderRepository(path.join(dir, 'backup')),
      database: new BackupDatabase(handle),
      settings: new SettingsRepository(handle.db),
      timeZone: 'UTC',
      startTask: () => Promise.reject(new Error('not used')),
    });
  const source = openSqlite(path.join(dir, 'source.db'));
  await migrateToLatest(source.db, source.engine);
  const seeding = await measured(() => seed(source));
  const dbBytes =
    fs.statSync(path.join(dir, 'source.db')).size +
    (fs.statSync(path.join(dir, 'source.db-wal'), { throwIfNoEntry: false })?.size ?? 0);
  const backup = await measured(() => service(source).create('bench'));
  await source.close();
  const target = openSqlite(path.join(dir, 'target.db'));
  await migrateToLatest(target.db, target.engine);
  const restore = await measured(() => service(target).restoreFile(backup.result.file.file_path));
  await target.close();
  console.log(
    JSON.stringify({
      bench: 'backup',
      engine: 'sqlite',
      videos: VIDEOS,
      subtitle_lines: LINES,
      seed_s: seeding.seconds,
      database_mb: Math.round(dbBytes / 1e6),
      backup_s: backup.seconds,
      backup_documents: backup.result.documents,
      zip_mb: Math.round(backup.result.file.file_size / 1e6),
      backup_peak_rss_mb: backup.peakRssMb,
      restore_s: restore.seconds,
      restored_videos: restore.result.videos,
      restore_peak_rss_mb: restore.peakRssMb,
      load_average: os.loadavg()[0]!.toFixed(1),
    }),
  );
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
