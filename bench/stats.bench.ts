// The seven statistics endpoints (`/api/stats/*`, upstream §5) at archive scale (issue 13: p95 ≤ 20 ms at
// 100 000 videos / 5 000 channels, 32 concurrent clients, on SQLite and PostgreSQL). The figures come from
// totals kept by triggers (migration 0012), so their cost should not grow with the archive.
// The archive holds videos, channels, playlists and a download queue, no subtitle lines (they do not enter
// any statistic): types, active flags, sizes and durations vary, a third is watched by the bench's user (watched
// is per user: support/watched.ts marks them once the server has made that user), and 2 % of the videos were
// downloaded over the last 7 days. SQLite is seeded as the search bench seeds it (bench/search/seed.ts);
// PostgreSQL, when BENCH_DATABASE_URL is set, in its own schema with generate_series (bench/support/engines.ts:
// removed afterwards). Also measured: GET /api/ping/ at the same concurrency, the machine's floor. Prints one
// JSON line: `p95_ms` per engine and endpoint first, then every figure with the machine's load around it.
//
// Run: npm run bench:stats   (PostgreSQL too: BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:stats)
// BENCH_VIDEOS (100 000), BENCH_CHANNELS (videos / 20), BENCH_SECONDS (5 per endpoint), BENCH_CONCURRENCY (32),
// BENCH_ENGINES (sqlite,postgres) to measure one engine only.
import fs from 'node:fs';
import Database from 'better-sqlite3';
import pg from 'pg';
import { runLoad, type LoadFigures } from './search/load.ts';
import { seedLibrary } from './search/seed.ts';
import { benchEngines, machineLoad, type BenchPlace } from './support/engines.ts';
import { signInForToken, startBundleServer } from './support/server.ts';
import { skipStartupSnapshot } from './support/snapshot.ts';
import { markSeededWatched } from './support/watched.ts';

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const videos = env('BENCH_VIDEOS', 100_000);
const channels = env('BENCH_CHANNELS', Math.max(1, Math.round(videos / 20)));
const seconds = env('BENCH_SECONDS', 5);
const concurrency = env('BENCH_CONCURRENCY', 32);
const log = (message: string) => process.stderr.write(`[stats bench] ${message}\n`);
const DAY = 86_400_000;

const ENDPOINTS = {
  video: '/api/stats/video/',
  channel: '/api/stats/channel/',
  playlist: '/api/stats/playlist/',
  download: '/api/stats/download/',
  watch: '/api/stats/watch/',
  downloadhist: '/api/stats/downloadhist/',
  biggestchannels: '/api/stats/biggestchannels/',
  biggestchannels_duration: '/api/stats/biggestchannels/?order=duration',
  biggestchannels_media_size: '/api/stats/biggestchannels/?order=media_size',
};

/**
 * The same variety on both engines, from a row number `n`: a tenth shorts and a twentieth streams, 3 % no
 * longer on the provider, sizes and durations spread, the last 2 % downloaded this week.
 */
const variety = (n: string, now: number) => `
  vid_type = CASE WHEN ${n} % 10 = 0 THEN 'shorts' WHEN ${n} % 20 = 5 THEN 'streams' ELSE 'videos' END,
  active = CASE WHEN ${n} % 33 = 0 THEN 0 ELSE 1 END,
  media_size = 1000000 + (${n} % 997) * 250000,
  duration = 30 + (${n} % 3571) + 0.25,
  date_downloaded = CASE WHEN ${n} >= ${Math.floor(videos * 0.98)}
    THEN ${now} - (${n} % 7) * ${DAY} - 3600000 ELSE date_downloaded END`;

async function seedSqlite(place: BenchPlace): Promise<number> {
  const started = performance.now();
  const dbFile = place.sqliteFile!;
  await (await place.openMigrated()).close();
  seedLibrary(dbFile, { videos, lines: 0, channels });
  const db = new Database(dbFile);
  db.pragma('journal_mode = WAL');
  // the kept totals follow these updates through their triggers, as they would in use
  db.exec(`UPDATE videos SET ${variety('(rowid - 1)', Date.now())}`);
  db.exec(`UPDATE channels SET channel_active = CASE WHEN rowid % 25 = 0 THEN 0 ELSE 1 END`);
  db.exec(`WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ${videos / 5 - 1})
    INSERT INTO download_queue (youtube_id, title, channel_id, channel_name, vid_type, timestamp, status)
    SELECT 'q' || i, 'Queued ' || i, 'UC' || printf('%022d', i % ${channels}), 'Queued channel',
      CASE WHEN i % 10 = 0 THEN 'shorts' ELSE 'videos' END, ${Date.now()},
      CASE WHEN i % 8 = 0 THEN 'ignore' ELSE 'pending' END FROM n`);
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  return Math.round((performance.now() - started) / 1000);
}

async function seedPostgres(place: BenchPlace): Promise<number> {
  const started = performance.now();
  await (await place.openMigrated()).close();
  const client = new pg.Client({ connectionString: place.url! });
  await client.connect();
  const now = Date.now();
  await client.query(`INSERT INTO channels (channel_id, channel_name, channel_subscribed, channel_active,
      channel_last_refresh)
    SELECT 'UC' || lpad(i::text, 22, '0'), 'Channel ' || i, (i % 3 = 0)::int, (i % 25 <> 0)::int, ${now}
    FROM generate_series(0, ${channels - 1}) i`);
  await client.query(`INSERT INTO playlists (playlist_id, playlist_name, playlist_channel_id,
      playlist_subscribed, playlist_last_refresh)
    SELECT 'PL' || lpad(i::text, 32, '0'), 'Playlist ' || i, 'UC' || lpad((i % ${channels})::text, 22, '0'),
      (i % 4 = 0)::int, ${now} FROM generate_series(0, ${Math.ceil(videos / 50) - 1}) i`);
  await client.query(`INSERT INTO videos (youtube_id, channel_id, title, published, date_downloaded,
      vid_last_refresh, media_url)
    SELECT 'v' || lpad(i::text, 10, '0'), 'UC' || lpad((i % ${channels})::text, 22, '0'), 'Video ' || i,
      ${Date.UTC(2020, 0, 1)} + i * 600000::bigint, ${Date.UTC(2020, 0, 1)} + i * 600000::bigint,
      ${now}, 'x/' || i || '.mp4'
    FROM generate_series(0, ${videos - 1}) i`);
  await client.query(`UPDATE videos v SET ${variety('n.i', now)}
    FROM (SELECT youtube_id, (substr(youtube_id, 2))::int AS i FROM videos) n WHERE n.youtube_id = v.youtube_id`);
  await client.query(`INSERT INTO download_queue (youtube_id, title, channel_id, channel_name, vid_type,
      timestamp, status)
    SELECT 'q' || i, 'Queued ' || i, 'UC' || lpad((i % ${channels})::text, 22, '0'), 'Queued channel',
      CASE WHEN i % 10 = 0 THEN 'shorts' ELSE 'videos' END, ${now},
      CASE WHEN i % 8 = 0 THEN 'ignore' ELSE 'pending' END FROM generate_series(0, ${videos / 5 - 1}) i`);
  await client.query('ANALYZE');
  await client.end();
  return Math.round((performance.now() - started) / 1000);
}

/** CPU time (user + system) a process has used, in ms, from /proc (clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function measure(place: BenchPlace) {
  const { engine, dataDir, serverEnv } = place;
  const before = machineLoad();
  const port = 18_000 + Math.floor(Math.random() * 1000);
  const password = 'stats-bench-password';
  await skipStartupSnapshot(place);
  const server = await startBundleServer({ port, dataDir, password, env: serverEnv });
  try {
    const headers = { authorization: `Token ${await signInForToken(port, password)}` };
    log(`${engine}: ${await markSeededWatched(place)} watched marks for the bench's user`);
    const load = (paths: string[], s: number) => runLoad({ port, headers, paths, seconds: s, concurrency });
    await load(['/api/ping/'], 2);
    const baseline = await load(['/api/ping/'], seconds);
    log(`${engine} baseline /api/ping/: ${JSON.stringify(baseline)}`);
    const figures: Record<string, LoadFigures & { server_cpu_ms_per_request: number }> = {};
    for (const url of Object.values(ENDPOINTS)) {
      const answer = await fetch(`http://127.0.0.1:${port}${url}`, { headers });
      if (answer.status !== 200) throw new Error(`${url}: ${answer.status} ${await answer.text()}`);
    }
    // what the archive holds, as the server counts it
    const archive = {
      video: (await (await fetch(`http://127.0.0.1:${port}${ENDPOINTS.video}`, { headers })).json()) as {
        doc_count: number;
        type_shorts: { doc_count: number } | null;
      },
      watch: (await (await fetch(`http://127.0.0.1:${port}${ENDPOINTS.watch}`, { headers })).json()) as {
        watched: { items: number } | null;
      },
      downloadhist: (await (
        await fetch(`http://127.0.0.1:${port}${ENDPOINTS.downloadhist}`, { headers })
      ).json()) as unknown[],
    };
    for (const [name, url] of Object.entries(ENDPOINTS)) {
      await load([url], 1); // warm-up
      const cpuBefore = cpuMs(server.pid!);
      const measured = await load([url], seconds);
      // the server's own CPU per request: what an endpoint costs, whatever else runs on the machine
      const cpu =
        Math.round(((cpuMs(server.pid!) - cpuBefore) / Math.max(1, measured.requests)) * 1000) / 1000;
      figures[name] = { ...measured, server_cpu_ms_per_request: cpu };
      log(`${engine} ${name}: ${JSON.stringify(figures[name])}`);
    }
    return {
      // other work on the machine skews every figure: the load averages before and after this engine's run
      load_before: before.load_average,
      load_after: machineLoad().load_average,
      videos_counted: archive.video.doc_count,
      watched_counted: archive.watch.watched?.items ?? 0,
      shorts_counted: archive.video.type_shorts?.doc_count,
      history_days: archive.downloadhist.length,
      baseline_ping: baseline,
      endpoints: figures,
    };
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
  }
}

const results: Record<string, Awaited<ReturnType<typeof measure>> & { seed_seconds: number | null }> = {};
for (const engine of benchEngines()) {
  const place = await engine.open('stats');
  try {
    let seedSeconds: number | null = null;
    if (!place.reused) {
      log(`seeding ${engine.name}: ${videos} videos, ${channels} channels`);
      seedSeconds = await (engine.name === 'sqlite' ? seedSqlite(place) : seedPostgres(place));
      log(`seeded in ${seedSeconds} s`);
    }
    results[engine.name] = { seed_seconds: seedSeconds, ...(await measure(place)) };
  } finally {
    await place.close();
  }
}
/** The figure the budget is about, per engine and endpoint, first in the line. */
const p95 = Object.fromEntries(
  Object.entries(results).map(([engine, r]) => [
    engine,
    Object.fromEntries(Object.entries(r.endpoints).map(([name, f]) => [name, f.p95_ms])),
  ]),
);
console.log(
  JSON.stringify({
    bench: 'stats',
    videos,
    channels,
    concurrency,
    seconds,
    cpus: machineLoad().cpus,
    budget_p95_ms: 20,
    p95_ms: p95,
    ...results,
  }),
);
