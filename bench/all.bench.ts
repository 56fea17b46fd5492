// `npm run bench`: the benches one after another, then one summary line with every budget of DESIGN.md §9
// per engine (support/budgets.ts). One after another, never side by side: each bench loads the machine's
// cores itself, and two at once would measure each other. The server bundle is built once here rather than
// by each bench's own script. Each bench's JSON line(s) pass through to stdout unchanged and its progress
// goes to stderr, so `npm run --silent bench > figures.jsonl` keeps the figures of every bench and the
// summary, one JSON line each.
//
// Default: startup, list, stats, media, downloading, search, rebuild, queueing, bundle, queue, feeds, backup, and workers when
// BENCH_DATABASE_URL and BENCH_REDIS_URL are set. BENCH_ONLY=list,stats picks benches (in this order).
// Every BENCH_* variable reaches every bench, as when it runs alone, with three exceptions:
// - BENCH_<BENCH>_<NAME> sets BENCH_<NAME> for that bench only (BENCH_SEARCH_SECONDS=20), since a shared
//   name can mean different sizes to different benches;
// - bench:workers reads BENCH_VIDEOS as the downloads per run (default 24), not an archive's size, so it
//   gets BENCH_WORKERS_VIDEOS only;
// - BENCH_DATA_DIR and BENCH_PG_SCHEMA get the bench's name appended (a folder below it, `<schema>_list`):
//   list, stats, search, rebuild and downloading seed different archives, and one kept place would be emptied and
//   seeded again by each in turn (workers gets no kept schema: each of its runs needs an empty one).
// bench:queue picks its engine by BENCH_DATABASE_URL alone, so it runs once per engine here.
// Exits 1 when a bench failed (a missed budget is a figure, not a failure).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import readline from 'node:readline';
import { summarize, type BenchOutcome } from './support/budgets.ts';
import { benchEngines, machineLoad, type EngineName } from './support/engines.ts';

interface BenchSpec {
  name: string;
  /** runs the server bundle (apps/server/dist), which must be built first */
  bundle: boolean;
  /** reads the web app's build (apps/web/dist), which must be built first */
  web?: boolean;
  /** runs once per engine, told which by BENCH_DATABASE_URL being set or not */
  perEngine?: boolean;
  /** variables it needs; without them it does not run, even if BENCH_ONLY names it (the summary says why) */
  needs?: string[];
  /** shared variables this bench reads with another meaning: it gets only its BENCH_<BENCH>_ ones */
  own?: string[];
}

const BENCHES: BenchSpec[] = [
  { name: 'startup', bundle: true },
  { name: 'list', bundle: true },
  { name: 'stats', bundle: true },
  { name: 'media', bundle: true },
  { name: 'downloading', bundle: true },
  { name: 'search', bundle: true },
  { name: 'rebuild', bundle: true },
  { name: 'queueing', bundle: true },
  { name: 'bundle', bundle: false, web: true },
  { name: 'queue', bundle: false, perEngine: true },
  { name: 'feeds', bundle: false },
  { name: 'backup', bundle: false },
  {
    name: 'workers',
    bundle: true,
    needs: ['BENCH_DATABASE_URL', 'BENCH_REDIS_URL'],
    own: ['BENCH_VIDEOS', 'BENCH_DATA_DIR', 'BENCH_PG_SCHEMA'],
  },
];

const benchDir = import.meta.dirname;
const root = path.resolve(benchDir, '..');
const log = (message: string) => process.stderr.write(`[bench] ${message}\n`);

/** The benches to run: BENCH_ONLY's, or the default ones; and the ones left out for want of a variable. */
function selection(): { run: BenchSpec[]; lacking: Map<string, string> } {
  const only = (process.env.BENCH_ONLY ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = only.filter((name) => !BENCHES.some((b) => b.name === name));
  if (unknown.length)
    throw new Error(
      `BENCH_ONLY: no bench named ${unknown.join(', ')}; pick from ${BENCHES.map((b) => b.name).join(',')}`,
    );
  const lacking = new Map<string, string>();
  const picked = only.length ? BENCHES.filter((b) => only.includes(b.name)) : BENCHES;
  const run = picked.filter((b) => {
    const missing = (b.needs ?? []).filter((v) => !process.env[v]);
    if (missing.length) lacking.set(b.name, `needs ${missing.join(' and ')}`);
    return missing.length === 0;
  });
  return { run, lacking };
}

/** The environment one bench runs with (the header says why each rule). */
function envFor(spec: BenchSpec): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.BENCH_ONLY;
  for (const name of spec.own ?? []) delete env[name];
  if (env.BENCH_DATA_DIR) env.BENCH_DATA_DIR = path.join(env.BENCH_DATA_DIR, spec.name);
  if (env.BENCH_PG_SCHEMA) env.BENCH_PG_SCHEMA = `${env.BENCH_PG_SCHEMA}_${spec.name}`;
  const prefix = `BENCH_${spec.name.toUpperCase()}_`;
  for (const [name, value] of Object.entries(process.env))
    if (name.startsWith(prefix)) env[`BENCH_${name.slice(prefix.length)}`] = value;
  return env;
}

/** Runs a command with its stdout sent to our stderr: nothing but JSON lines goes to our stdout. */
async function runToStderr(command: string, args: string[]): Promise<void> {
  const child = spawn(command, args, { cwd: root, stdio: ['ignore', 2, 2] });
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`${command} ${args.join(' ')} exited with ${code}`);
}

/** Runs one bench file, passing its stdout through line by line and keeping the JSON lines. */
async function runBench(
  file: string,
  env: NodeJS.ProcessEnv,
): Promise<{ exit: string | null; lines: Record<string, unknown>[] }> {
  const child = spawn(process.execPath, ['--import', 'tsx', file], {
    cwd: benchDir,
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines: Record<string, unknown>[] = [];
  const input = readline.createInterface({ input: child.stdout });
  input.on('line', (line) => {
    process.stdout.write(`${line}\n`);
    if (!line.startsWith('{')) return;
    try {
      lines.push(JSON.parse(line) as Record<string, unknown>);
    } catch {
      // a bench's stray output, passed through above; not a figure
    }
  });
  const [[code, signal]] = await Promise.all([
    once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>,
    once(input, 'close'),
  ]);
  return { exit: code === 0 ? null : signal ? `killed by ${signal}` : `exited with ${code}`, lines };
}

/** Runs one bench (once per engine when it picks its engine by BENCH_DATABASE_URL) and says how it went. */
async function measure(spec: BenchSpec, engines: EngineName[]): Promise<BenchOutcome> {
  const started = performance.now();
  const env = envFor(spec);
  const runs = spec.perEngine
    ? engines.map((engine) => {
        const forEngine = { ...env };
        if (engine === 'sqlite') delete forEngine.BENCH_DATABASE_URL;
        return forEngine;
      })
    : [env];
  const outcome: BenchOutcome = { state: 'ran', lines: [] };
  for (const runEnv of runs) {
    const { exit, lines } = await runBench(`${spec.name}.bench.ts`, runEnv);
    outcome.lines.push(...lines);
    if (exit) Object.assign(outcome, { state: 'failed', why: exit });
  }
  if (outcome.state === 'ran' && outcome.lines.length === 0)
    Object.assign(outcome, { state: 'failed', why: 'printed no JSON line' });
  outcome.seconds = Math.round((performance.now() - started) / 1000);
  return outcome;
}

const engines = benchEngines().map((e) => e.name);
const { run, lacking } = selection();
const outcomes = new Map<string, BenchOutcome>();
for (const [name, why] of lacking) outcomes.set(name, { state: 'not run', why, lines: [] });
const started = performance.now();
const buildWhere = process.env.BENCH_BUNDLE
  ? ` (the benches run BENCH_BUNDLE=${process.env.BENCH_BUNDLE})`
  : '';
if (run.some((b) => b.bundle)) {
  log(`building the server bundle once for all benches${buildWhere}`);
  await runToStderr('npm', ['run', 'build', '-w', '@tubekeeper/server']);
}
if (run.some((b) => b.web)) {
  log('building the web app for the bundle bench');
  await runToStderr('npm', ['run', 'build', '-w', '@tubekeeper/web']);
}
for (const [i, spec] of run.entries()) {
  log(`${spec.name} (${i + 1} of ${run.length}) on ${engines.join(', ')}`);
  const outcome = await measure(spec, engines);
  outcomes.set(spec.name, outcome);
  log(`${spec.name}: ${outcome.state}${outcome.why ? ` (${outcome.why})` : ''} in ${outcome.seconds} s`);
}
const budgets = summarize(outcomes, engines);
const order = (name: string) => BENCHES.findIndex((b) => b.name === name);
const cells = budgets.flatMap((b) => Object.values(b.by_engine));
const count = (status: string) => cells.filter((c) => c.status === status).length;
console.log(
  JSON.stringify({
    bench: 'summary',
    engines,
    ...machineLoad(),
    seconds: Math.round((performance.now() - started) / 1000),
    benches: Object.fromEntries(
      // in running order (the ones left out for want of a variable are known first)
      [...outcomes]
        .sort(([a], [b]) => order(a) - order(b))
        .map(([name, o]) => [
          name,
          {
            state: o.state,
            ...(o.why && { why: o.why }),
            ...(o.seconds !== undefined && { seconds: o.seconds }),
          },
        ]),
    ),
    met: count('met'),
    missed: count('missed'),
    not_measured: count('not measured'),
    budgets,
  }),
);
if ([...outcomes.values()].some((o) => o.state === 'failed')) process.exitCode = 1;
