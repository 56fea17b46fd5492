// Search at archive scale (DESIGN.md §9: 100 000 videos, 10 000 000 subtitle lines; full-text p95 ≤ 50 ms
// at 32 concurrent clients), and the video list on the same archive (p95 ≤ 20 ms). Seeds a fresh archive on
// SQLite, and on PostgreSQL too with BENCH_DATABASE_URL (the same rows: bench/search/seed-postgres.ts),
// starts the real server on each, signs in for an API token and runs simple, video, channel and full-text
// queries, printing one JSON line with each engine's figures side by side.
// A subtitle line is a searchable fragment of five cues: 20-40 words drawn Zipf-like from a 30 000-word
// vocabulary, so common words ("the", "you") are in most lines, as in speech. Queries: simple = a title's
// first word plus the start of the second (typing), video = two title words, channel = a name word,
// full = 2-3 consecutive words of a seeded line, full_unseen = the same kind of phrase but each asked once
// (40 000 of them, no warm-up: the engine keeps per-word statistics of words it met before, never results,
// and the 500 repeated phrases of `full` would flatter those), full_typo = one long word of a line with a
// letter changed.
// Also measured in the same run: the floor of the machine (GET /api/ping/ at the same concurrency) and the
// quality of full-text results (how often page 1, and the first hit, hold the phrase that was searched).
//
// Run: npm run bench:search -w @tubekeeper/bench
// Size and time by environment: BENCH_VIDEOS, BENCH_LINES, BENCH_CHANNELS, BENCH_SECONDS, BENCH_CONCURRENCY
// (the JSON says which size its figures are from), BENCH_NODE_ARGS (options for the server's node). BENCH_DATABASE_URL=postgres://… adds PostgreSQL,
// BENCH_ENGINES=postgres measures it alone. BENCH_DATA_DIR (SQLite) and BENCH_PG_SCHEMA (PostgreSQL) keep a
// seeded archive for the next run; without them a temporary one is removed. BENCH_TYPES=full,full_unseen
// measures those query types alone, without the video list (to profile or compare builds on a kept archive).
import { machineLoad, measureEachEngine, type BenchPlace } from './support/engines.ts';
import { archiveBytes, prepareArchive, rss, warmPageCache } from './search/archive.ts';
import { runLoad, type LoadFigures } from './search/load.ts';
import { phraseQuality } from './search/quality.ts';
import { prng, type Samples } from './search/seed.ts';
import { cpuMs, measureVideoList, postgresCpuMs } from './search/video-list.ts';
import { signInForToken, startBundleServer } from './support/server.ts';
import { skipStartupSnapshot } from './support/snapshot.ts';

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const size = {
  videos: env('BENCH_VIDEOS', 100_000),
  lines: env('BENCH_LINES', 10_000_000),
  channels: env('BENCH_CHANNELS', Math.max(1, Math.round(env('BENCH_VIDEOS', 100_000) / 20))),
};
const seconds = env('BENCH_SECONDS', 20);
const concurrency = env('BENCH_CONCURRENCY', 32);
const log = (message: string) => process.stderr.write(`[search bench] ${message}\n`);
const onlyTypes = process.env.BENCH_TYPES?.split(',').map((type) => type.trim());

/** What a user types: a title being typed, title words, a channel word, a phrase heard in a video. */
function queries(samples: Samples) {
  const random = prng(99);
  const pickFrom = <T>(list: T[]) => list[Math.floor(random() * list.length)]!;
  const words = (text: string) => text.toLowerCase().split(/\s+/).filter(Boolean);
  const build = (make: () => string, count = 500) => Array.from({ length: count }, make);
  const typo = (word: string) => {
    const at = 1 + Math.floor(random() * (word.length - 2));
    return word.slice(0, at) + (word[at] === 'x' ? 'y' : 'x') + word.slice(at + 1);
  };
  /** 2-3 consecutive words of a seeded line, as typed: the last one without a space after it. */
  const heard = () => {
    const line = words(pickFrom(samples.lines));
    const length = 2 + Math.floor(random() * 2);
    const at = Math.floor(random() * (line.length - length));
    return `full:${line.slice(at, at + length).join(' ')}`;
  };
  /** Up to `count` phrases none of which is in `asked` or asked twice (fewer if the samples run out). */
  const unseen = (count: number, asked: string[]) => {
    const seen = new Set(asked);
    const fresh: string[] = [];
    for (let tries = 0; fresh.length < count && tries < count * 10; tries++) {
      const phrase = heard();
      if (!seen.has(phrase)) fresh.push(phrase);
      seen.add(phrase);
    }
    return fresh;
  };
  const sets = {
    simple: build(() => {
      const [first, second = ''] = words(pickFrom(samples.titles));
      return `${first} ${second.slice(0, 3 + Math.floor(random() * 3))}`;
    }),
    video: build(() => `video:${words(pickFrom(samples.titles)).slice(0, 2).join(' ')}`),
    channel: build(() => `channel:${pickFrom(words(pickFrom(samples.channelNames)))}`),
    full: build(heard),
    full_typo: build(() => {
      const long = words(pickFrom(samples.lines)).filter((w) => w.length >= 6);
      return `full:${typo(pickFrom(long.length ? long : ['benchmark']))} `;
    }),
  };
  // drawn last, so the other sets stay the ones earlier runs measured
  return { ...sets, full_unseen: unseen(40_000, sets.full) };
}

/**
 * The CPU a phase took, per request: the server's (its threads' included), PostgreSQL's processes', and this
 * process's, which is the load generator sharing the machine's cores. At 32 clients in a closed loop p95
 * follows the sum of them, so it tells where a search's time goes whatever the machine's speed.
 */
interface CpuFigures {
  server_cpu_ms_per_request: number;
  database_cpu_ms_per_request?: number;
  client_cpu_ms_per_request: number;
}

function cpuNow(pid: number, postgres: boolean) {
  const client = process.cpuUsage();
  return {
    server: cpuMs(pid),
    database: postgres ? postgresCpuMs() : 0,
    client: (client.user + client.system) / 1000,
  };
}

function cpuPerRequest(
  before: ReturnType<typeof cpuNow>,
  after: ReturnType<typeof cpuNow>,
  requests: number,
): CpuFigures {
  const per = (ms: number) => Math.round((ms / Math.max(1, requests)) * 100) / 100;
  return {
    server_cpu_ms_per_request: per(after.server - before.server),
    ...(after.database > 0 && { database_cpu_ms_per_request: per(after.database - before.database) }),
    client_cpu_ms_per_request: per(after.client - before.client),
  };
}

/** The whole measurement on one engine's archive. */
async function measureEngine(place: BenchPlace) {
  const { samples, seedSeconds } = await prepareArchive(place, size);
  log(`${place.engine}: warming the page cache`);
  const warmSeconds = await warmPageCache(place);
  const before = machineLoad();
  const port = 18_000 + Math.floor(Math.random() * 1000);
  const password = 'search-bench-password';
  await skipStartupSnapshot(place);
  const server = await startBundleServer({
    port,
    dataDir: place.dataDir,
    password,
    env: place.serverEnv,
  });
  try {
    const headers = { authorization: `Token ${await signInForToken(port, password)}` };
    const all = queries(samples);
    // the machine's floor: the cheapest signed-in request at the same concurrency, measured in this run
    const pingPaths = ['/api/ping/'];
    await runLoad({ port, headers, paths: pingPaths, seconds: 2, concurrency });
    const baseline = await runLoad({ port, headers, paths: pingPaths, seconds: 5, concurrency });
    log(`${place.engine} baseline /api/ping/: ${JSON.stringify(baseline)}`);
    const quality = await phraseQuality(port, headers, all.full);
    log(`${place.engine} phrase quality: ${JSON.stringify(quality)}`);
    const postgres = place.engine === 'postgres';
    const figures: Record<string, LoadFigures & ReturnType<typeof rss> & CpuFigures> = {};
    for (const [type, list] of Object.entries(all)) {
      if (onlyTypes && !onlyTypes.includes(type)) continue;
      const paths = list.map((q) => `/api/search/?query=${encodeURIComponent(q)}`);
      if (!type.endsWith('_unseen'))
        await runLoad({ port, headers, paths, seconds: Math.min(3, seconds), concurrency }); // warm-up
      log(`${place.engine} ${type}: ${seconds} s at ${concurrency} clients, e.g. ${JSON.stringify(list[0])}`);
      const cpuBefore = cpuNow(server.pid!, postgres);
      const measured = await runLoad({ port, headers, paths, seconds, concurrency });
      figures[type] = {
        ...measured,
        ...cpuPerRequest(cpuBefore, cpuNow(server.pid!, postgres), measured.requests),
        ...rss(server.pid!),
      };
      log(`${place.engine} ${type}: ${JSON.stringify(figures[type])}`);
    }
    const videoList = onlyTypes
      ? undefined
      : await measureVideoList({
          pid: server.pid!,
          postgres,
          port,
          headers,
          seconds,
          concurrency,
          log,
        });
    return {
      seed_seconds: seedSeconds,
      warm_cache_seconds: warmSeconds,
      ...(await archiveBytes(place)),
      // other work on the machine skews every figure: the load averages before and after this engine's run
      load_before: before.load_average,
      load_after: machineLoad().load_average,
      baseline_ping: baseline,
      queries: figures,
      full_quality: quality,
      video_list: videoList,
    };
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
  }
}

const results = await measureEachEngine('search', measureEngine);
console.log(
  JSON.stringify({
    bench: 'search',
    ...size,
    concurrency,
    seconds,
    cpus: machineLoad().cpus,
    ...results,
    budget_video_list_p95_ms: 20,
    budget_full_p95_ms: 50,
    budget_rss_under_load_mb: 250,
  }),
);
