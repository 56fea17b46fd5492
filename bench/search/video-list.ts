// GET /api/video/ under load (DESIGN.md §9: any page, any sort, p95 ≤ 20 ms at 32 clients): every sort and
// order at pages 1, 2, 50, 1 000 and 3 000, measured per filter (all sorts mixed) and per sort (all filters
// mixed), so a slow sort or filter shows in its own figure. Those pages are kept by the server until a write
// changes what they show (services/video-page-cache.ts); `while_marking` measures them read afresh: the
// bench's user marks a video watched and unwatched every 100 ms meanwhile, so their kept pages go stale,
// as while a download run or someone's player writes.
import fs from 'node:fs';
import { runLoad, type LoadFigures } from './load.ts';

const SORTS = ['published', 'downloaded', 'views', 'likes', 'duration', 'mediasize', 'width', 'height'];
const FILTERS = {
  none: '',
  unwatched: '&watch=unwatched',
  videos: '&type=videos',
  shorts: '&type=shorts',
  both: '&watch=unwatched&type=videos',
};
const PAGES = [1, 2, 50, 1000, 3000];

const pathsOf = (sorts: string[], filters: string[]) =>
  sorts.flatMap((sort) =>
    ['asc', 'desc'].flatMap((order) =>
      filters.flatMap((filter) =>
        PAGES.map((page) => `/api/video/?sort=${sort}&order=${order}&page=${page}${filter}`),
      ),
    ),
  );

type Figures = LoadFigures & {
  server_cpu_ms_per_request: number;
  /** PostgreSQL's processes (all of them: other work on the machine shows too) */
  database_cpu_ms_per_request?: number;
};

export interface VideoListFigures {
  by_filter: Record<string, Figures>;
  by_sort: Record<string, Figures>;
  /** every filter and sort mixed while the user's marks change every 100 ms: pages read again */
  while_marking: Figures & { marks: number };
  /** the highest p95 of all of them, for the budget */
  worst_p95_ms: number;
}

/** CPU time (user + system) a process has used, in ms, from /proc (clock ticks of 10 ms). */
export function cpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** CPU time of every process named `postgres` on the machine (the server and its backends), in ms. */
export function postgresCpuMs(): number {
  let total = 0;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (stat.includes('(postgres)')) total += cpuMs(Number(entry));
    } catch {
      // the process ended meanwhile
    }
  }
  return total;
}

export async function measureVideoList(options: {
  /** the server's process: its CPU per request is what a list page costs, whatever else the machine runs */
  pid: number;
  /** PostgreSQL: its processes' CPU per request too */
  postgres?: boolean;
  port: number;
  headers: Record<string, string>;
  seconds: number;
  concurrency: number;
  log: (message: string) => void;
}): Promise<VideoListFigures> {
  const { port, headers, concurrency } = options;
  const seconds = Math.min(5, options.seconds);
  const measure = async (name: string, paths: string[]) => {
    await runLoad({ port, headers, paths, seconds: 1, concurrency }); // warm-up
    const cpuBefore = cpuMs(options.pid);
    const databaseBefore = options.postgres ? postgresCpuMs() : 0;
    const measured = await runLoad({ port, headers, paths, seconds, concurrency });
    const perRequest = (ms: number) => Math.round((ms / Math.max(1, measured.requests)) * 100) / 100;
    const figures: Figures = {
      ...measured,
      server_cpu_ms_per_request: perRequest(cpuMs(options.pid) - cpuBefore),
      ...(options.postgres && { database_cpu_ms_per_request: perRequest(postgresCpuMs() - databaseBefore) }),
    };
    options.log(`video list (${name}): ${JSON.stringify(figures)}`);
    return figures;
  };
  // every list asked once first, as on a server that has been in use: deep pages find their keyset
  // anchors at a list's first deep request (once per list until a write), which is not the steady state
  for (const path of new Set(pathsOf(SORTS, Object.values(FILTERS))))
    await (await fetch(`http://127.0.0.1:${port}${path}`, { headers })).arrayBuffer();
  const byFilter: Record<string, Figures> = {};
  for (const [name, filter] of Object.entries(FILTERS))
    byFilter[name] = await measure(`filter ${name}`, pathsOf(SORTS, [filter]));
  const bySort: Record<string, Figures> = {};
  for (const sort of SORTS)
    bySort[sort] = await measure(`sort ${sort}`, pathsOf([sort], Object.values(FILTERS)));
  const marking = markEvery(100, port, headers);
  const whileMarking = await measure('while marking', pathsOf(SORTS, Object.values(FILTERS)));
  const marks = await marking.stop();
  const worst = Math.max(
    ...[...Object.values(byFilter), ...Object.values(bySort), whileMarking].map((f) => f.p95_ms),
  );
  return {
    by_filter: byFilter,
    by_sort: bySort,
    while_marking: { ...whileMarking, marks },
    worst_p95_ms: worst,
  };
}

/** The user marks the first page's first video watched, then unwatched, ... every `ms`, until stopped. */
function markEvery(ms: number, port: number, headers: Record<string, string>) {
  let marks = 0;
  let stopped = false;
  const loop = (async () => {
    const first = await fetch(`http://127.0.0.1:${port}/api/video/`, { headers });
    const id = ((await first.json()) as { data: { youtube_id: string }[] }).data[0]!.youtube_id;
    while (!stopped) {
      const mark = await fetch(`http://127.0.0.1:${port}/api/watched/`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ id, is_watched: marks % 2 === 0 }),
      });
      if (!mark.ok) throw new Error(`POST /api/watched/: ${mark.status} ${await mark.text()}`);
      marks += 1;
      await new Promise((resolve) => setTimeout(resolve, ms));
    }
  })();
  return {
    stop: async () => {
      stopped = true;
      await loop;
      return marks;
    },
  };
}
