// GET /api/video/ under load (DESIGN.md §9: any page, any sort, p95 ≤ 20 ms at 32 clients): every sort and
// order at pages 1, 2, 50, 1 000 and 3 000, measured per filter (all sorts mixed) and per sort (all filters
// mixed), so a slow sort or filter shows in its own figure. Those pages are kept by the server until a write
// changes what they show (services/video-page-cache.ts), so two more figures mix every filter and sort while
// the bench's user writes every 100 ms: `afresh`, their player saving a position of one video (the players
// of the pages that show it are read again, and the "continue" list; the rest of each page and the deep
// pages' keyset anchors stay; the key keeps its name so runs stay comparable), and `while_marking`, marking a
// video watched and unwatched (the players of the pages that show it, and the pages and anchors of their
// watched and unwatched lists).
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
  /** every filter and sort mixed while the user's position is saved every 100 ms: pages read again */
  afresh: Figures & { writes: number };
  /** the same while the user's marks change every 100 ms: their watch lists' anchors found again too */
  while_marking: Figures & { writes: number };
  /** the highest p95 of all but `while_marking` (a write pattern more than a read load), for the budget */
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
  const measure = async (name: string, paths: string[], warmUpSeconds = 1) => {
    await runLoad({ port, headers, paths, seconds: warmUpSeconds, concurrency });
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
  // Kept pages are read on no thread, so a read thread may not have found a list's anchors yet when the
  // writes begin (each thread keeps its own, and the first pass above runs on the first thread): 5 s of the
  // writes first, so the figures are the steady state under them, not each thread's first reads.
  const all = pathsOf(SORTS, Object.values(FILTERS));
  const underWrites = (name: string) => measure(name, all, 5);
  const afresh = await measureWhile(writeEvery(100, port, headers, 'position'), () => underWrites('afresh'));
  const marking = await measureWhile(writeEvery(100, port, headers, 'mark'), () =>
    underWrites('while marking'),
  );
  const worst = Math.max(
    ...[...Object.values(byFilter), ...Object.values(bySort), afresh].map((f) => f.p95_ms),
  );
  return { by_filter: byFilter, by_sort: bySort, afresh, while_marking: marking, worst_p95_ms: worst };
}

async function measureWhile(writer: { stop(): Promise<number> }, measure: () => Promise<Figures>) {
  const figures = await measure();
  return { ...figures, writes: await writer.stop() };
}

/**
 * The user writes about the first video of their unwatched list every `ms` until stopped: its position (6 s,
 * 7 s, 6 s, ... as a player saves it; a watched video keeps none) or its watched mark (on, off, ...).
 */
function writeEvery(ms: number, port: number, headers: Record<string, string>, what: 'position' | 'mark') {
  let writes = 0;
  let stopped = false;
  const loop = (async () => {
    const first = await fetch(`http://127.0.0.1:${port}/api/video/?watch=unwatched&type=videos`, { headers });
    const id = ((await first.json()) as { data: { youtube_id: string }[] }).data[0]!.youtube_id;
    while (!stopped) {
      const [url, body] =
        what === 'position'
          ? [`/api/video/${id}/progress/`, { position: 6 + (writes % 2) }]
          : ['/api/watched/', { id, is_watched: writes % 2 === 0 }];
      const answer = await fetch(`http://127.0.0.1:${port}${url}`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (!answer.ok) throw new Error(`POST ${url}: ${answer.status} ${await answer.text()}`);
      writes += 1;
      await new Promise((resolve) => setTimeout(resolve, ms));
    }
  })();
  return {
    stop: async () => {
      stopped = true;
      await loop;
      return writes;
    },
  };
}
