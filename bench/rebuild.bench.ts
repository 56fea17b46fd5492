// `tubekeeper search rebuild` at archive scale, on each engine: how long the command the docs give for
// refilling the search index takes, as a user runs it (the bundle, `main.mjs search rebuild`, or BENCH_BUNDLE's, with the
// server's environment), on the search bench's archive (bench/search/seed.ts, the same rows on both engines;
// their seeding fills the index once with the same code, so a kept archive is rebuilt from a full index, as
// a user's is). Also the command's peak RSS (GNU time's maximum resident set) and the machine's load. No
// budget in DESIGN.md §9: the figure is for docs/OPERATIONS.md, so a user knows what to expect. Prints one
// JSON line.
//
// Run: npm run bench:rebuild -w @tubekeeper/bench   (PostgreSQL too with BENCH_DATABASE_URL=postgres://…)
// BENCH_VIDEOS (100 000), BENCH_LINES (1 000 000: the search bench's 10 million take 30-35 min to seed per
// engine), BENCH_CHANNELS (videos / 20); BENCH_ENGINES, BENCH_DATA_DIR, BENCH_PG_SCHEMA as
// bench/support/engines.ts says (a kept archive is rebuilt again, not seeded again).
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { prepareArchive } from './search/archive.ts';
import { machineLoad, measureEachEngine, type BenchPlace } from './support/engines.ts';
import { bundle, SERVER_ENV, SERVER_NODE_OPTIONS } from './support/server.ts';

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const videos = env('BENCH_VIDEOS', 100_000);
const size = {
  videos,
  lines: env('BENCH_LINES', 1_000_000),
  channels: env('BENCH_CHANNELS', Math.max(1, Math.round(videos / 20))),
};
const root = path.resolve(import.meta.dirname, '..');
const log = (message: string) => process.stderr.write(`[rebuild bench] ${message}\n`);

/** Runs `main.mjs search rebuild` under GNU time; its own timing line, wall time and peak RSS. */
async function rebuild(place: BenchPlace) {
  const started = performance.now();
  const { stdout, stderr } = await promisify(execFile)(
    '/usr/bin/time',
    ['-f', 'peak_rss_kb=%M', process.execPath, ...SERVER_NODE_OPTIONS, bundle(), 'search', 'rebuild'],
    {
      cwd: root,
      env: {
        ...SERVER_ENV,
        ...process.env,
        TK_DATA_DIR: place.dataDir,
        TK_LOG_LEVEL: 'warn',
        ...place.serverEnv,
      },
      maxBuffer: 16 * 1024 * 1024,
    },
  );
  const wallSeconds = (performance.now() - started) / 1000;
  const reported = /rebuilt in ([\d.]+) s/.exec(stdout);
  const peak = /peak_rss_kb=(\d+)/.exec(stderr);
  const lines = /subtitle_fragments\s+(\d+)/.exec(stdout);
  if (!reported || !peak || !lines) throw new Error(`unexpected output:\n${stdout}\n${stderr}`);
  return {
    rebuild_s: Number(reported[1]),
    command_wall_s: Math.round(wallSeconds * 10) / 10,
    subtitle_lines_indexed: Number(lines[1]),
    peak_rss_mb: Math.round(Number(peak[1]) / 1024),
  };
}

const results = await measureEachEngine('rebuild', async (place) => {
  const { seedSeconds } = await prepareArchive(place, size);
  log(`${place.engine}: rebuilding`);
  const before = machineLoad();
  const figures = await rebuild(place);
  log(`${place.engine}: ${JSON.stringify(figures)}`);
  return { ...figures, seed_s: seedSeconds, machine: { before, after: machineLoad() } };
});
console.log(JSON.stringify({ bench: 'rebuild', size, ...results }));
