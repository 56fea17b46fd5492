// The video list alone (DESIGN.md §9: GET /api/video/ at any page, any sort, p95 ≤ 20 ms at 32 clients) on
// the search bench's archive without its subtitle lines, which the list never reads: seeded in a minute
// instead of half an hour, so the list can be measured often. Per filter (hide watched, the type tabs, both)
// and per sort, at pages 1 to 3 000, on SQLite and, with BENCH_DATABASE_URL, PostgreSQL. Prints one JSON line.
//
// Run: npm run bench:list -w @tubekeeper/bench
// BENCH_VIDEOS (100 000), BENCH_CHANNELS (videos / 20), BENCH_LINES (0), BENCH_SECONDS (5 per figure),
// BENCH_CONCURRENCY (32), BENCH_NODE_ARGS (options for the server's node, e.g. '--cpu-prof
// --cpu-prof-dir=/tmp/prof' to profile its main thread); BENCH_ENGINES, BENCH_DATA_DIR, BENCH_PG_SCHEMA as
// bench/support/engines.ts says.
import { prepareArchive, rss } from './search/archive.ts';
import { runLoad } from './search/load.ts';
import { measureVideoList } from './search/video-list.ts';
import { machineLoad, measureEachEngine, type BenchPlace } from './support/engines.ts';
import { signInForToken, startBundleServer } from './support/server.ts';
import { skipStartupSnapshot } from './support/snapshot.ts';
import { markSeededWatched } from './support/watched.ts';

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const size = {
  videos: env('BENCH_VIDEOS', 100_000),
  lines: env('BENCH_LINES', 0),
  channels: env('BENCH_CHANNELS', Math.max(1, Math.round(env('BENCH_VIDEOS', 100_000) / 20))),
};
const seconds = env('BENCH_SECONDS', 5);
const concurrency = env('BENCH_CONCURRENCY', 32);
const log = (message: string) => process.stderr.write(`[list bench] ${message}\n`);

async function measureEngine(place: BenchPlace) {
  const { seedSeconds } = await prepareArchive(place, size);
  const before = machineLoad();
  const port = 18_000 + Math.floor(Math.random() * 1000);
  const password = 'list-bench-password';
  await skipStartupSnapshot(place);
  const server = await startBundleServer({
    port,
    dataDir: place.dataDir,
    password,
    env: place.serverEnv,
  });
  try {
    const headers = { authorization: `Token ${await signInForToken(port, password)}` };
    log(`${place.engine}: ${await markSeededWatched(place)} watched marks for the bench's user`);
    await runLoad({ port, headers, paths: ['/api/ping/'], seconds: 1, concurrency });
    const baseline = await runLoad({ port, headers, paths: ['/api/ping/'], seconds, concurrency });
    log(`${place.engine} baseline /api/ping/: ${JSON.stringify(baseline)}`);
    const list = await measureVideoList({
      pid: server.pid!,
      postgres: place.engine === 'postgres',
      port,
      headers,
      seconds,
      concurrency,
      log: (m) => log(`${place.engine} ${m}`),
    });
    return {
      seed_seconds: seedSeconds,
      load_before: before.load_average,
      load_after: machineLoad().load_average,
      ...rss(server.pid!),
      baseline_ping: baseline,
      video_list: list,
    };
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
  }
}

const results = await measureEachEngine('list', measureEngine);
console.log(
  JSON.stringify({
    bench: 'list',
    ...size,
    concurrency,
    seconds,
    cpus: machineLoad().cpus,
    ...results,
    budget_p95_ms: 20,
  }),
);
