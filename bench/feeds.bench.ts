// Detecting new uploads across many subscribed channels (issue 16): the feed watch (check_feeds against a
// local stand-in serving YouTube's Atom format, default concurrency 4 and jitter) vs the deep scan
// (update_subscribed with the offline fake yt-dlp). Every video the feeds list is already known, then a
// few channels get one new upload. Figures: wall time, provider (yt-dlp) calls, feed answers.
// SQLite in a temporary folder. BENCH_CHANNELS (default 1000); BENCH_DEEP_CHANNELS limits the deep scan
// (default: all) since it starts yt-dlp per channel and burns CPU.
// Prints one JSON line. Run: npx tsx bench/feeds.bench.ts
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../apps/server/src/config.ts';
import { createContainer } from '../apps/server/src/container.ts';
import { openSqlite } from '../apps/server/src/db/dialect.ts';
import { migrateToLatest } from '../apps/server/src/db/migrator.ts';
import { startFeedStandIn } from '../apps/server/test/fixtures/feed-stand-in.ts';

const CHANNELS = Number(process.env.BENCH_CHANNELS ?? 1000);
const DEEP = Math.min(CHANNELS, Number(process.env.BENCH_DEEP_CHANNELS ?? CHANNELS));
const PER_FEED = 15;
/** channels that get a new upload, and the upload: catalogue videos of the fake, so their metadata resolves */
const NEW_UPLOADS = ['alphaVid005', 'bravoVid003', 'charlieV002'];
const FAKE = path.resolve(import.meta.dirname, '../apps/server/test/fixtures/fake-yt-dlp/fake-yt-dlp.mjs');

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tk-feeds-bench-'));
const log = path.join(dir, 'ytdlp.log');
process.env.FAKE_YTDLP_LOG = log;
const providerCalls = () =>
  fs.existsSync(log)
    ? fs
        .readFileSync(log, 'utf8')
        .split('\n')
        .filter((l) => l.includes('"argv"')).length
    : 0;

const feeds = await startFeedStandIn();
const handle = openSqlite(path.join(dir, 'tubekeeper.db'));
await migrateToLatest(handle.db, handle.engine);
const config = loadConfig({
  TK_DATA_DIR: dir,
  YTDLP_PATH: FAKE,
  TK_YOUTUBE_FEED_URL: feeds.url,
  TK_LOG_LEVEL: 'silent',
});
const container = createContainer(config, handle);
await container.appConfig.update({
  downloads: { sleep_interval: 0 },
  subscriptions: { auto_start: false, extract_flat: false },
});

const ids = Array.from({ length: CHANNELS }, (_, i) => `UCbench${String(i).padStart(17, '0')}`);
const base = Date.UTC(2024, 0, 1);
const blocked: { youtube_id: string; blocked_at: number }[] = [];
for (const [i, id] of ids.entries()) {
  const videos = Array.from({ length: PER_FEED }, (_, k) => ({
    id: `b${String(i).padStart(5, '0')}v${String(k).padStart(4, '0')}`,
    title: `Upload ${k} of channel ${i}`,
    published: base + (PER_FEED - k) * 86_400_000,
  }));
  feeds.setChannel(id, `Bench channel ${i}`, videos);
  // known already (deleted on purpose): the scan path leaves them out before any metadata call
  blocked.push(...videos.map((v) => ({ youtube_id: v.id, blocked_at: base })));
}
for (let i = 0; i < ids.length; i += 500) {
  await handle.db
    .insertInto('channels')
    .values(
      ids.slice(i, i + 500).map((id, k) => ({
        channel_id: id,
        channel_name: `Bench channel ${i + k}`,
        channel_subs: 0,
        channel_subscribed: 1,
        channel_active: 1,
        channel_last_refresh: base,
        channel_views: 0,
        channel_description: null,
        channel_tags: '[]',
        channel_tabs: '["videos"]',
        channel_thumb_url: null,
        channel_banner_url: null,
        channel_tvart_url: null,
        channel_overwrites: '{}',
      })),
    )
    .execute();
}
for (let i = 0; i < blocked.length; i += 500) {
  await handle.db
    .insertInto('download_blocklist')
    .values(blocked.slice(i, i + 500))
    .execute();
}

async function measure<T>(run: () => Promise<T>) {
  fs.rmSync(log, { force: true });
  feeds.resetCounts();
  const started = performance.now();
  const result = await run();
  return {
    wall_s: Math.round((performance.now() - started) / 10) / 100,
    provider_calls: providerCalls(),
    feed_200: feeds.counts.ok,
    feed_304: feeds.counts.notModified,
    result,
  };
}

const first = await measure(() => container.feedWatch.run());
for (const [k, video] of NEW_UPLOADS.entries()) {
  feeds.publish(ids[Math.floor(((k + 1) * CHANNELS) / (NEW_UPLOADS.length + 1))]!, {
    id: video,
    title: video,
    published: Date.now(),
  });
}
const detect = await measure(() => container.feedWatch.run());
const unchanged = await measure(() => container.feedWatch.run());

// the deep scan over the same subscriptions (limited to DEEP channels when asked)
await handle.db
  .updateTable('channels')
  .set({ channel_subscribed: 0 })
  .where('channel_id', 'not in', ids.slice(0, DEEP))
  .execute();
const deep = await measure(() => container.subscriptionScan.run());

const feedFigures = (
  m: Awaited<ReturnType<typeof measure<Awaited<ReturnType<typeof container.feedWatch.run>>>>>,
) => ({
  wall_s: m.wall_s,
  provider_calls: m.provider_calls,
  feed_200: m.feed_200,
  feed_304: m.feed_304,
  queued: m.result.added,
  failed: m.result.failed.length,
});
console.log(
  JSON.stringify({
    bench: 'feeds',
    channels: CHANNELS,
    feed_watch: {
      first_check_no_validators: feedFigures(first),
      new_uploads_in_3_channels: feedFigures(detect),
      unchanged: feedFigures(unchanged),
    },
    deep_scan: {
      channels: DEEP,
      wall_s: deep.wall_s,
      provider_calls: deep.provider_calls,
      wall_s_per_channel: Math.round((deep.wall_s / DEEP) * 1000) / 1000,
      extrapolated_wall_s_for_all: Math.round((deep.wall_s / DEEP) * CHANNELS),
    },
  }),
);
await container.jobs.close();
await handle.close();
await feeds.close();
fs.rmSync(dir, { recursive: true, force: true });
