// Search at archive scale (DESIGN.md §9: 100 000 videos, 10 000 000 subtitle lines; full-text p95 ≤ 50 ms
// at 32 concurrent clients), and the video list on the same archive (p95 ≤ 20 ms). Seeds a fresh SQLite archive, starts the real server on it, signs in for an
// API token and runs simple, video, channel and full-text queries, printing one JSON line.
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
// Size and time by environment: BENCH_VIDEOS, BENCH_LINES, BENCH_CHANNELS, BENCH_SECONDS, BENCH_CONCURRENCY.
// BENCH_DATA_DIR reuses (or keeps) a seeded archive between runs; without it a temporary one is removed.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { openSqlite } from '../apps/server/src/db/dialect.ts';
import { migrateToLatest } from '../apps/server/src/db/migrator.ts';
import { runLoad, type LoadFigures } from './search/load.ts';
import { phraseQuality } from './search/quality.ts';
import { prng, seedLibrary, type Samples } from './search/seed.ts';
import { signInForToken, startBundleServer } from './support/server.ts';

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const size = {
  videos: env('BENCH_VIDEOS', 100_000),
  lines: env('BENCH_LINES', 10_000_000),
  channels: env('BENCH_CHANNELS', Math.max(1, Math.round(env('BENCH_VIDEOS', 100_000) / 20))),
};
const seconds = env('BENCH_SECONDS', 20);
const concurrency = env('BENCH_CONCURRENCY', 32);
const log = (message: string) => process.stderr.write(`[search bench] ${message}\n`);

const keepDir = process.env.BENCH_DATA_DIR;
const dataDir = keepDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'tk-search-bench-'));
const dbFile = path.join(dataDir, 'tubekeeper.db');
const samplesFile = path.join(dataDir, 'search-bench-samples.json');
const sizeKey = JSON.stringify(size);

async function prepare(): Promise<{ samples: Samples; seedSeconds: number | null }> {
  if (fs.existsSync(samplesFile)) {
    const saved = JSON.parse(fs.readFileSync(samplesFile, 'utf8'));
    if (saved.size === sizeKey) {
      log(`reusing the archive in ${dataDir}`);
      return { samples: saved.samples, seedSeconds: null };
    }
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true });
  const started = performance.now();
  const handle = openSqlite(dbFile);
  await migrateToLatest(handle.db, handle.engine);
  await handle.close();
  log(
    `seeding ${size.videos} videos, ${size.lines} subtitle lines, ${size.channels} channels into ${dbFile}`,
  );
  const samples = seedLibrary(dbFile, size);
  const seedSeconds = Math.round((performance.now() - started) / 1000);
  fs.writeFileSync(samplesFile, JSON.stringify({ size: sizeKey, samples }));
  log(`seeded in ${seedSeconds} s`);
  return { samples, seedSeconds };
}

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

function indexBytes(): { index_bytes: number; db_bytes: number } {
  const db = new Database(dbFile, { readonly: true });
  const row = db
    .prepare(
      `SELECT sum(pgsize) AS bytes FROM dbstat WHERE name LIKE '%\\_fts%' ESCAPE '\\' OR name LIKE 'search\\_keys%' ESCAPE '\\'`,
    )
    .get() as { bytes: number };
  db.close();
  const fileSize = (f: string) => (fs.existsSync(f) ? fs.statSync(f).size : 0);
  return { index_bytes: row.bytes, db_bytes: fileSize(dbFile) + fileSize(`${dbFile}-wal`) };
}

/**
 * The server's resident memory: all of it, and split into what it allocated (anonymous: heaps, SQLite's page
 * caches) and pages of files it maps (the code, and the database file that search threads read through a
 * memory map: TK_SEARCH_MMAP_MB). Mapped database pages are the OS page cache, shared and reclaimable, and
 * stay in that cache whether they are mapped or read; the memory budget (DESIGN.md §9) is about the first.
 */
function rss(pid: number) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const mb = (field: string) => Math.round(Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)![1]) / 1024);
  return { rss_mb: mb('VmRSS'), rss_anon_mb: mb('RssAnon'), rss_file_mb: mb('RssFile') };
}

/**
 * Reads the database file once so the queries run against the OS page cache, as on a server that has
 * been in use; a cold cache would measure the disk's random reads instead (the first pass over 500
 * queries alone takes minutes on a virtual disk).
 */
async function warmPageCache(): Promise<number> {
  const started = performance.now();
  for await (const _chunk of fs.createReadStream(dbFile, { highWaterMark: 8 << 20 })) {
    // reading is the point
  }
  return Math.round((performance.now() - started) / 1000);
}

/**
 * GET /api/video/ on the same archive (DESIGN.md §9: any page, any sort, p95 ≤ 20 ms at 32 clients): every
 * sort and order at pages 1, 2, 50, 1 000 and 3 000, unfiltered and with each filter of the list pages.
 */
async function measureVideoList(port: number, headers: Record<string, string>) {
  const sorts = ['published', 'downloaded', 'views', 'likes', 'duration', 'mediasize', 'width', 'height'];
  const filters = {
    none: '',
    unwatched: '&watch=unwatched',
    videos: '&type=videos',
    both: '&watch=unwatched&type=videos',
  };
  const figures: Record<string, LoadFigures> = {};
  for (const [name, filter] of Object.entries(filters)) {
    const paths = sorts.flatMap((sort) =>
      ['asc', 'desc'].flatMap((order) =>
        [1, 2, 50, 1000, 3000].map((page) => `/api/video/?sort=${sort}&order=${order}&page=${page}${filter}`),
      ),
    );
    await runLoad({ port, headers, paths, seconds: Math.min(3, seconds), concurrency }); // warm-up
    figures[name] = await runLoad({ port, headers, paths, seconds: Math.min(10, seconds), concurrency });
    log(`video list (${name}): ${JSON.stringify(figures[name])}`);
  }
  return figures;
}

const { samples, seedSeconds } = await prepare();
log('reading the database once to warm the page cache');
const warmSeconds = await warmPageCache();
const loadBefore = Math.round(os.loadavg()[0]! * 100) / 100;
const port = 18_000 + Math.floor(Math.random() * 1000);
const password = 'search-bench-password';
const server = await startBundleServer({ port, dataDir, password });
try {
  const headers = { authorization: `Token ${await signInForToken(port, password)}` };
  const all = queries(samples);
  // the machine's floor: the cheapest signed-in request at the same concurrency, measured in this run
  const pingPaths = ['/api/ping/'];
  await runLoad({ port, headers, paths: pingPaths, seconds: 2, concurrency });
  const baseline = await runLoad({ port, headers, paths: pingPaths, seconds: 5, concurrency });
  log(`baseline /api/ping/: ${JSON.stringify(baseline)}`);
  const quality = await phraseQuality(port, headers, all.full);
  log(`phrase quality: ${JSON.stringify(quality)}`);
  const figures: Record<string, LoadFigures & ReturnType<typeof rss>> = {};
  for (const [type, list] of Object.entries(all)) {
    const paths = list.map((q) => `/api/search/?query=${encodeURIComponent(q)}`);
    if (!type.endsWith('_unseen'))
      await runLoad({ port, headers, paths, seconds: Math.min(3, seconds), concurrency }); // warm-up
    log(`${type}: ${seconds} s at ${concurrency} clients, e.g. ${JSON.stringify(list[0])}`);
    figures[type] = {
      ...(await runLoad({ port, headers, paths, seconds, concurrency })),
      ...rss(server.pid!),
    };
    log(`${type}: ${JSON.stringify(figures[type])}`);
  }
  const videoList = await measureVideoList(port, headers);
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  console.log(
    JSON.stringify({
      bench: 'search',
      engine: 'sqlite',
      ...size,
      seed_seconds: seedSeconds,
      warm_cache_seconds: warmSeconds,
      ...indexBytes(),
      concurrency,
      seconds,
      // other work on the machine skews every figure: the 1-minute load average before and after the run
      load_average: [loadBefore, Math.round(os.loadavg()[0]! * 100) / 100],
      cpus: os.cpus().length,
      baseline_ping: baseline,
      queries: figures,
      full_quality: quality,
      video_list: videoList,
      budget_video_list_p95_ms: 20,
      budget_full_p95_ms: 50,
      budget_rss_under_load_mb: 250,
    }),
  );
} finally {
  if (server.exitCode === null) server.kill('SIGTERM');
  if (!keepDir) fs.rmSync(dataDir, { recursive: true, force: true });
}
