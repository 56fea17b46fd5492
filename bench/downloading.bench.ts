// Reads while downloading (issue 19: p95 of the API's reads during a download run within 1.5x of idle).
// The real server on a seeded archive (bench/search/seed.ts: 2 000 videos, 200 000 subtitle lines by
// default) answers 32 clients mixing video list pages, video details and searches; first idle, then while a
// download run fetches videos from the offline yt-dlp with fixed delays (each download's five progress
// steps at least FAKE_YTDLP_DELAY_MS apart) and indexes them: metadata, thumbnail and artwork through ffmpeg,
// three subtitle tracks of BENCH_CUES lines into the search index. Idle and downloading alternate
// BENCH_ROUNDS times, each round downloading new videos; the ratio of the p95s is printed per round and as
// the median. Each round also gives how many videos were indexed while measuring and the machine's CPU split
// in each phase (user, nice: the run's niced children, system, idle; /proc/stat), and stderr stamps each step
// with the epoch ms, to line the phases up with samples taken outside. Each phase also gives the CPU the
// server (every thread; a download's ffmpeg and yt-dlp are children, not counted) and, on PostgreSQL, its
// processes spent per request, indexing included while downloading. SQLite, and PostgreSQL too with
// BENCH_DATABASE_URL. Prints one JSON line.
//
// Run: npm run bench:downloading -w @tubekeeper/bench
// BENCH_VIDEOS (2 000), BENCH_LINES (200 000), BENCH_SECONDS (8 per phase), BENCH_CONCURRENCY (32),
// BENCH_ROUNDS (2), BENCH_DOWNLOADS (videos per round, 40), BENCH_DOWNLOAD_WORKERS (4), BENCH_CUES (600),
// BENCH_DELAY_MS (150), BENCH_NODE_ARGS (options for the server's node); BENCH_ENGINES, BENCH_DATA_DIR, BENCH_PG_SCHEMA as bench/support/engines.ts says.
import path from 'node:path';
import { prepareArchive, rss } from './search/archive.ts';
import { runLoad } from './search/load.ts';
import { prng, type Samples } from './search/seed.ts';
import { cpuMs, postgresCpuMs } from './search/video-list.ts';
import {
  BENCH_CHANNEL,
  FAKE_YTDLP,
  primeFakeDownloads,
  startThumbnailServer,
  writeDownloadCatalogue,
} from './support/download-catalogue.ts';
import { cpuSplit, cpuTicks, machineLoad, measureEachEngine, type BenchPlace } from './support/engines.ts';
import { signInForToken, startBundleServer } from './support/server.ts';
import { skipStartupSnapshot } from './support/snapshot.ts';
import { markSeededWatched } from './support/watched.ts';

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const size = { videos: env('BENCH_VIDEOS', 2_000), lines: env('BENCH_LINES', 200_000), channels: 100 };
const seconds = env('BENCH_SECONDS', 8);
const concurrency = env('BENCH_CONCURRENCY', 32);
const rounds = env('BENCH_ROUNDS', 2);
const perRound = env('BENCH_DOWNLOADS', 40);
const workers = env('BENCH_DOWNLOAD_WORKERS', 4);
const cues = env('BENCH_CUES', 600);
const delayMs = env('BENCH_DELAY_MS', 150);
const benchStart = Date.now();
// epoch ms too, to line the phases up with samples taken outside (/proc, pacct)
const log = (message: string) =>
  process.stderr.write(
    `[downloading bench] ${Date.now()} +${((Date.now() - benchStart) / 1000).toFixed(1)} s ${message}\n`,
  );

/** A third each: list pages (sorts, filters, depths), video details, searches (titles and heard phrases). */
function readPaths(samples: Samples): string[] {
  const random = prng(5);
  const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)]!;
  const sorts = ['published', 'downloaded', 'views', 'duration'];
  const paths: string[] = [];
  for (let i = 0; i < 300; i++) {
    const page = pick([1, 1, 2, 5, 20, 100]);
    const filter = pick(['', '&watch=unwatched', '&type=videos']);
    paths.push(`/api/video/?sort=${pick(sorts)}&order=${pick(['asc', 'desc'])}&page=${page}${filter}`);
    const id = `v${String(Math.floor(random() * size.videos)).padStart(10, '0')}`;
    paths.push(`/api/video/${id}/`);
    const words = pick(random() < 0.5 ? samples.titles : samples.lines)
      .toLowerCase()
      .split(/\s+/);
    const at = Math.floor(random() * Math.max(1, words.length - 2));
    const query =
      random() < 0.5 ? words.slice(at, at + 2).join(' ') : `full:${words.slice(at, at + 3).join(' ')}`;
    paths.push(`/api/search/?query=${encodeURIComponent(query)}`);
  }
  return paths;
}

/** Polls `done` until it holds, for at most 5 minutes (a loaded machine runs the fake yt-dlp slowly). */
async function until(what: string, done: () => Promise<boolean>): Promise<void> {
  const started = performance.now();
  while (!(await done())) {
    if (performance.now() - started > 300_000) throw new Error(`waited 5 minutes for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function measureEngine(place: BenchPlace) {
  const { samples, seedSeconds } = await prepareArchive(place, size);
  const catalogue = path.join(place.dataDir, 'bench-catalogue.json');
  const ids = writeDownloadCatalogue(catalogue, perRound * rounds, cues);
  const fakeMedia = path.join(place.dataDir, 'fake-media');
  primeFakeDownloads(catalogue, fakeMedia, ids[0]!);
  const thumbs = await startThumbnailServer(place.dataDir);
  const port = 18_000 + Math.floor(Math.random() * 1000);
  const password = 'downloading-bench-password';
  await skipStartupSnapshot(place);
  const server = await startBundleServer({
    port,
    dataDir: place.dataDir,
    password,
    env: {
      ...place.serverEnv,
      YTDLP_PATH: FAKE_YTDLP,
      FAKE_YTDLP_EXTRA_CATALOGUE: catalogue,
      FAKE_YTDLP_DELAY_MS: String(delayMs),
      FAKE_YTDLP_MEDIA_DIR: fakeMedia,
      FAKE_YTDLP_ASSET_URL: thumbs.url,
      TK_SPONSORBLOCK_URL: 'http://127.0.0.1:9',
      TK_RYD_URL: 'http://127.0.0.1:9',
    },
  });
  try {
    const headers = { authorization: `Token ${await signInForToken(port, password)}` };
    await markSeededWatched(place);
    const call = async (method: string, url: string, body?: unknown) => {
      const answer = await fetch(`http://127.0.0.1:${port}${url}`, {
        method,
        headers: { ...headers, 'content-type': 'application/json' },
        ...(method !== 'GET' && { body: JSON.stringify(body ?? {}) }),
      });
      if (!answer.ok) throw new Error(`${method} ${url}: ${answer.status} ${await answer.text()}`);
      return (await answer.json()) as Record<string, unknown>;
    };
    const total = async (url: string) =>
      ((await call('GET', url)).paginate as { total_hits: number }).total_hits;
    const archived = () => total(`/api/video/?channel=${BENCH_CHANNEL}`);
    const config = (await call('GET', '/api/appsettings/config/')) as { downloads: object };
    await call('POST', '/api/appsettings/config/', {
      downloads: {
        ...config.downloads,
        ...{ sleep_interval: 0, concurrency: workers, subtitle: 'en,de', subtitle_source: 'auto' },
        subtitle_index: true,
      },
    });
    if ((await archived()) > 0)
      throw new Error('the archive holds the downloads of an earlier run (BENCH_DATA_DIR): give a fresh one');
    const paths = readPaths(samples);
    // each kind's figures too, so a slow tail shows where it comes from
    const kindOf = (path: string) =>
      path.startsWith('/api/search/') ? 'search' : path.startsWith('/api/video/?') ? 'list' : 'detail';
    /** A phase's load, and the CPU the server (all its threads) and PostgreSQL's processes spent a request. */
    const load = async (s: number) => {
      const cpuBefore = [cpuMs(server.pid!), place.engine === 'postgres' ? postgresCpuMs() : 0];
      const figures = await runLoad({ port, headers, paths, seconds: s, concurrency, kindOf });
      const perRequest = (ms: number) => Math.round((ms / figures.requests) * 100) / 100;
      return {
        ...figures,
        server_cpu_ms_per_request: perRequest(cpuMs(server.pid!) - cpuBefore[0]!),
        ...(place.engine === 'postgres' && {
          postgres_cpu_ms_per_request: perRequest(postgresCpuMs() - cpuBefore[1]!),
        }),
      };
    };
    await load(3); // warm-up
    const results: (Record<string, unknown> & { p95_ratio: number })[] = [];
    for (let round = 0; round < rounds; round++) {
      const idleLoad = machineLoad().load_average;
      const idleTicks = cpuTicks();
      const idle = await load(seconds);
      const idleCpu = cpuSplit(idleTicks, cpuTicks());
      log(`${place.engine} round ${round + 1} idle: ${JSON.stringify(idle)}`);
      const batch = ids.slice(round * perRound, (round + 1) * perRound);
      const before = await archived();
      await call('POST', '/api/download/', { data: batch.map((youtube_id) => ({ youtube_id })) });
      await until('the queued videos to show as pending', async () => {
        return (await total('/api/download/?filter=pending')) >= batch.length;
      });
      const run = (await call('POST', '/api/task/by-name/download_pending/')).task_id as string;
      log(`${place.engine} round ${round + 1}: ${batch.length} queued, the run started`);
      // measured from the first indexed video on, so every moment of the phase has downloads running
      await until('the first video of the run to be indexed', async () => (await archived()) > before);
      const atStart = await archived();
      log(`${place.engine} round ${round + 1}: ${atStart - before} indexed, measuring`);
      const downloadingLoad = machineLoad().load_average;
      const downloadingTicks = cpuTicks();
      const downloading = await load(seconds);
      const downloadingCpu = cpuSplit(downloadingTicks, cpuTicks());
      const during = (await archived()) - atStart;
      log(
        `${place.engine} round ${round + 1} downloading (${during} indexed): ${JSON.stringify(downloading)}`,
      );
      results.push({
        load_idle: idleLoad,
        load_downloading: downloadingLoad,
        // the machine's CPU by kind in each phase: the run's children show as nice and part of system
        cpu_idle: idleCpu,
        cpu_downloading: downloadingCpu,
        idle,
        downloading,
        videos_indexed_while_measuring: during,
        // the run must outlast the phase, or part of it measured an idle server
        run_outlasted_phase: atStart + during < before + batch.length,
        p95_ratio: Math.round((downloading.p95_ms / idle.p95_ms) * 100) / 100,
        p99_ratio: Math.round((downloading.p99_ms / idle.p99_ms) * 100) / 100,
        rps_ratio: Math.round((downloading.rps / idle.rps) * 100) / 100,
      });
      // the next round starts on an idle server: the run and its post-processing ended
      await until('the download run to end', async () =>
        ['SUCCESS', 'FAILURE'].includes((await call('GET', `/api/task/by-id/${run}/`)).status as string),
      );
      log(`${place.engine} round ${round + 1}: the run ended`);
    }
    const ratios = results.map((r) => r.p95_ratio).sort((a, b) => a - b);
    return {
      seed_seconds: seedSeconds,
      rounds: results,
      p95_ratio_median: ratios[Math.floor(ratios.length / 2)],
      ...rss(server.pid!),
    };
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    thumbs.close();
  }
}

const results = await measureEachEngine('downloading', measureEngine);
console.log(
  JSON.stringify({
    bench: 'downloading',
    ...size,
    concurrency,
    seconds,
    downloads_per_round: perRound,
    download_workers: workers,
    subtitle_lines_per_track: cues,
    fake_delay_ms: delayMs,
    cpus: machineLoad().cpus,
    ...results,
    budget_p95_ratio_max: 1.5,
  }),
);
