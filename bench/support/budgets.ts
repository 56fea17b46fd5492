// The budgets of DESIGN.md §9 (and issue 19's for media and reads while downloading) read off the benches'
// JSON lines, for `npm run bench`'s summary line: per budget, per engine, the figure, the limit and met or
// missed. A budget whose bench did not run, or that no bench measures, says so instead of a figure, so the
// summary never looks more complete than the run was. The keys read here are the ones each bench prints
// last (bench/*.bench.ts); a bench that changes them must change this file too.
import type { EngineName } from './engines.ts';

/** What the runner learnt of one bench: its JSON lines, or why there are none. */
export interface BenchOutcome {
  state: 'ran' | 'failed' | 'not run';
  /** why it failed or did not run */
  why?: string;
  lines: Record<string, unknown>[];
  seconds?: number;
}

type Cell = Record<string, unknown> & { status: string };
interface Budget {
  budget: string;
  limit: string;
  by_engine: Partial<Record<EngineName, Cell>>;
}

interface LoadFigures {
  p95_ms: number;
  rss_mb?: number;
}
interface VideoList {
  worst_p95_ms: number;
  by_filter: Record<string, LoadFigures>;
  by_sort: Record<string, LoadFigures>;
  /** pages read again: the user's position is saved, or their marks change, meanwhile (older lines have none) */
  afresh?: LoadFigures;
  while_marking?: LoadFigures;
}
interface StartupLine {
  cold_start_median_ms: number;
  ratio_to_bare_node: number;
  load_average_1m: number;
  idle_rss_mb: number;
}
type EngineLine<T> = Partial<Record<EngineName, T>>;
type ListLine = EngineLine<{ rss_mb: number; video_list: VideoList }>;
type SearchLine = EngineLine<{ queries: Record<string, LoadFigures>; video_list?: VideoList }>;
type DownloadingLine = EngineLine<{
  rss_mb: number;
  /** the largest RSS since the server started: its load phases and download runs */
  rss_peak_mb?: number;
  p95_ratio_median: number;
  rounds: { p95_ratio: number }[];
}>;
interface StatsLine {
  p95_ms: EngineLine<Record<string, number>>;
}
type MediaLine = Record<
  string,
  { time_ratio_p50?: number; throughput_ratio?: number; disk_ratio?: number; dd_mib_per_s?: number }
>;
type QueueingLine = EngineLine<{ all_pending_ms: number; post_answered_ms: number }>;
interface BundleLine {
  entry_gzip_kb: number;
}
interface WorkersLine {
  runs: { workers: number; downloads_per_minute: number; speedup: number }[];
}

const met = (ok: boolean) => (ok ? 'met' : 'missed');
const max = (values: number[]) => Math.max(...values);

/** The line a bench printed with `bench: name` (the last one), typed as the budget reading it expects. */
function lineOf<T>(outcomes: Map<string, BenchOutcome>, name: string): T | undefined {
  return outcomes.get(name)?.lines.findLast((l) => l.bench === name) as T | undefined;
}

/** A cell for a budget whose bench gave no figure on this engine: not run, failed, or not on this engine. */
function missing(outcomes: Map<string, BenchOutcome>, benches: string[]): Cell {
  const states = benches.map((b) => {
    const outcome = outcomes.get(b);
    return `bench:${b} ${outcome?.state ?? 'not run'}${outcome?.why ? ` (${outcome.why})` : ''}`;
  });
  return { status: 'not measured', why: states.join('; ') };
}

/** The worst p95 of a video list measurement, with the filter or sort it came from. */
function worstList(list: VideoList) {
  const all = [
    ...Object.entries(list.by_filter).map(([k, f]) => [`filter ${k}`, f.p95_ms] as const),
    ...Object.entries(list.by_sort).map(([k, f]) => [`sort ${k}`, f.p95_ms] as const),
    // pages not kept count; `while_marking` is a write pattern (the reader marking 10 videos a second), shown apart
    ...(list.afresh ? [['afresh', list.afresh.p95_ms] as const] : []),
  ];
  const [where, p95] = all.reduce((a, b) => (b[1] > a[1] ? b : a));
  return {
    p95_ms: p95,
    at: where,
    ...(list.while_marking && { while_marking_p95_ms: list.while_marking.p95_ms }),
  };
}

export function summarize(outcomes: Map<string, BenchOutcome>, engines: EngineName[]): Budget[] {
  const startup = lineOf<StartupLine>(outcomes, 'startup');
  const list = lineOf<ListLine>(outcomes, 'list');
  const search = lineOf<SearchLine>(outcomes, 'search');
  const stats = lineOf<StatsLine>(outcomes, 'stats');
  const downloading = lineOf<DownloadingLine>(outcomes, 'downloading');
  const media = lineOf<MediaLine>(outcomes, 'media');
  const workers = lineOf<WorkersLine>(outcomes, 'workers');
  const queueing = lineOf<QueueingLine>(outcomes, 'queueing');
  const bundle = lineOf<BundleLine>(outcomes, 'bundle');
  /** One budget: `cell` gives an engine's cell, or undefined when its benches gave nothing there. */
  const budget = (
    name: string,
    limit: string,
    benches: string[],
    cell: (engine: EngineName) => Cell | undefined,
  ): Budget => ({
    budget: name,
    limit,
    by_engine: Object.fromEntries(engines.map((e) => [e, cell(e) ?? missing(outcomes, benches)])),
  });
  const sqliteOnly = (why: string) => (engine: EngineName, cell: () => Cell | undefined) =>
    engine === 'sqlite' ? cell() : { status: 'not measured', why };

  return [
    budget('server RSS idle (bench:startup, 1 s after the first ping)', '<= 150 MB', ['startup'], (e) =>
      sqliteOnly('bench:startup starts the server on SQLite only')(e, () =>
        startup ? { mb: startup.idle_rss_mb, status: met(startup.idle_rss_mb <= 150) } : undefined,
      ),
    ),
    budget(
      'server RSS under load (after each load phase of bench:list and bench:search, the peak through bench:downloading)',
      '<= 250 MB',
      ['list', 'search', 'downloading'],
      (e) => {
        const figures: Record<string, number> = {};
        if (list?.[e]) figures.list = list[e].rss_mb;
        if (search?.[e]) figures.search = max(Object.values(search[e].queries).map((q) => q.rss_mb ?? 0));
        if (downloading?.[e])
          figures.downloading = Math.max(downloading[e].rss_mb, downloading[e].rss_peak_mb ?? 0);
        const values = Object.values(figures);
        if (!values.length) return undefined;
        return { mb: max(values), by_bench: figures, status: met(max(values) <= 250) };
      },
    ),
    budget(
      'GET /api/video/ p95 at 32 clients, worst over filters and sorts (bench:list, bench:search)',
      '<= 20 ms',
      ['list', 'search'],
      (e) => {
        const figures: Record<string, ReturnType<typeof worstList>> = {};
        if (list?.[e]) figures.list = worstList(list[e].video_list);
        if (search?.[e]?.video_list) figures.search = worstList(search[e].video_list);
        const values = Object.values(figures).map((f) => f.p95_ms);
        if (!values.length) return undefined;
        return { p95_ms: max(values), by_bench: figures, status: met(max(values) <= 20) };
      },
    ),
    budget(
      'full-text search p95 at 32 clients, worst of full, full_unseen, full_typo',
      '<= 50 ms',
      ['search'],
      (e) => {
        const queries = search?.[e]?.queries;
        if (!queries) return undefined;
        const full = Object.fromEntries(
          Object.entries(queries)
            .filter(([type]) => type.startsWith('full'))
            .map(([type, f]) => [type, f.p95_ms]),
        );
        const worst = max(Object.values(full));
        return { p95_ms: worst, by_query: full, status: met(worst <= 50) };
      },
    ),
    budget('cold start to the first /api/ping/, median of 5', '<= 1500 ms', ['startup'], (e) =>
      sqliteOnly('bench:startup starts the server on SQLite only')(e, () =>
        startup
          ? {
              ms: startup.cold_start_median_ms,
              ratio_to_bare_node: startup.ratio_to_bare_node,
              load_average_1m: startup.load_average_1m,
              status: met(startup.cold_start_median_ms <= 1500),
            }
          : undefined,
      ),
    ),
    budget(
      'media Range requests vs a bare Node server: p50 time ratio and throughput ratio per case (issue 19)',
      'time <= 1.3x, throughput >= 0.8',
      ['media'],
      (e) =>
        sqliteOnly('bench:media serves a file, no database work; it runs on SQLite')(e, () => {
          if (!media) return undefined;
          const cases = Object.fromEntries(
            Object.entries(media)
              .filter(([, v]) => typeof v === 'object' && v !== null && 'throughput_ratio' in v)
              .map(([name, v]) => [name, { time: v.time_ratio_p50!, throughput: v.throughput_ratio! }]),
          );
          const ok = Object.values(cases).every((c) => c.time <= 1.3 && c.throughput >= 0.8);
          return { by_case: cases, status: met(ok) };
        }),
    ),
    budget(
      'media streaming vs raw disk read: the whole file through Range bytes=0- against dd, both from a dropped page cache',
      '>= 0.7 of dd',
      ['media'],
      (e) =>
        sqliteOnly('bench:media serves a file, no database work; it runs on SQLite')(e, () => {
          const disk = media?.stream_from_disk;
          if (!disk?.disk_ratio) return undefined;
          return {
            ratio: disk.disk_ratio,
            dd_mib_per_s: disk.dd_mib_per_s,
            status: met(disk.disk_ratio >= 0.7),
          };
        }),
    ),
    budget('every GET /api/stats/* p95 at 32 clients', '<= 20 ms', ['stats'], (e) => {
      const p95 = stats?.p95_ms[e];
      if (!p95) return undefined;
      const worst = max(Object.values(p95));
      return { p95_ms: worst, by_endpoint: p95, status: met(worst <= 20) };
    }),
    budget(
      'reads while downloading: p95 downloading / idle, median of rounds (issue 19)',
      '<= 1.5',
      ['downloading'],
      (e) => {
        const d = downloading?.[e];
        if (!d) return undefined;
        return {
          ratio: d.p95_ratio_median,
          rounds: d.rounds.map((r) => r.p95_ratio),
          status: met(d.p95_ratio_median <= 1.5),
        };
      },
    ),
    budget(
      'queueing 10 000 ids of one channel (bench:queueing, until all are pending)',
      '<= 2 s',
      ['queueing'],
      (e) => {
        const q = queueing?.[e];
        if (!q) return undefined;
        return {
          ms: q.all_pending_ms,
          answered_ms: q.post_answered_ms,
          status: met(q.all_pending_ms <= 2000),
        };
      },
    ),
    budget('web entry bundle (bench:bundle, gzip level 6)', '<= 200 KB gzip', ['bundle'], (e) =>
      sqliteOnly('the same files on every engine: counted once')(e, () =>
        bundle ? { kb: bundle.entry_gzip_kb, status: met(bundle.entry_gzip_kb <= 200) } : undefined,
      ),
    ),
    budget(
      'downloads per minute from 1 to 4 workers (bench:workers, PostgreSQL + Redis)',
      'close to linear (DESIGN §9 gives no number)',
      ['workers'],
      (e) => {
        if (e !== 'postgres') return { status: 'not measured', why: 'workers need PostgreSQL and Redis' };
        if (!workers) return undefined;
        return {
          runs: workers.runs.map((r) => ({
            workers: r.workers,
            per_minute: r.downloads_per_minute,
            speedup: r.speedup,
          })),
          status: 'not judged',
        };
      },
    ),
  ];
}
