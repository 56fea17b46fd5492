// Queueing 10 000 ids of one channel (DESIGN.md §9: ≤ 2 s): a channel's URL added to the queue from its
// flat listing (`POST /api/download/?flat=true`, or the `extract_flat` setting; upstream's fast path), and
// the time until every one of its videos is in the queue as pending, as `GET /api/download/` counts them.
// The real server (the bundle) with the offline yt-dlp, whose listing answers at once: the figure is the
// server's share (reading the listing, writing the rows, the queue's counts), without the seconds a real
// yt-dlp spends fetching the channel's pages. Without flat, every id's metadata is fetched first (one
// yt-dlp answer per video, as upstream), which the provider's pace bounds, not the server: not this
// budget. SQLite, and PostgreSQL too with BENCH_DATABASE_URL. Prints one JSON line.
//
// Run: npm run bench:queueing -w @tubekeeper/bench
// BENCH_IDS (10 000); BENCH_ENGINES as bench/support/engines.ts says.
import path from 'node:path';
import { BENCH_CHANNEL, FAKE_YTDLP, writeDownloadCatalogue } from './support/download-catalogue.ts';
import { machineLoad, measureEachEngine, type BenchPlace } from './support/engines.ts';
import { signInForToken, startBundleServer } from './support/server.ts';
import { skipStartupSnapshot } from './support/snapshot.ts';

const ids = Number(process.env.BENCH_IDS ?? 10_000);
const log = (message: string) => process.stderr.write(`[queueing bench] ${message}\n`);

async function measureEngine(place: BenchPlace) {
  const catalogue = path.join(place.dataDir, 'queueing-catalogue.json');
  writeDownloadCatalogue(catalogue, ids, 0);
  const port = 18_000 + Math.floor(Math.random() * 1000);
  const password = 'queueing-bench-password';
  await skipStartupSnapshot(place);
  const server = await startBundleServer({
    port,
    dataDir: place.dataDir,
    password,
    env: {
      ...place.serverEnv,
      YTDLP_PATH: FAKE_YTDLP,
      FAKE_YTDLP_EXTRA_CATALOGUE: catalogue,
      FAKE_YTDLP_DELAY_MS: '0',
    },
  });
  try {
    const headers = {
      authorization: `Token ${await signInForToken(port, password)}`,
      'content-type': 'application/json',
    };
    const pending = async () => {
      const answer = await fetch(`http://127.0.0.1:${port}/api/download/?filter=pending`, { headers });
      return ((await answer.json()) as { paginate: { total_hits: number } }).paginate.total_hits;
    };
    const load = machineLoad().load_average;
    const started = performance.now();
    const added = await fetch(`http://127.0.0.1:${port}/api/download/?flat=true`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ data: [{ youtube_id: `https://www.youtube.com/channel/${BENCH_CHANNEL}` }] }),
    });
    if (!added.ok) throw new Error(`POST /api/download/: ${added.status} ${await added.text()}`);
    const answeredMs = performance.now() - started;
    let queued = 0;
    while ((queued = await pending()) < ids) {
      if (performance.now() - started > 600_000) throw new Error(`10 minutes and ${queued} of ${ids} queued`);
      await new Promise((r) => setTimeout(r, 20));
    }
    const allQueuedMs = performance.now() - started;
    log(
      `${place.engine}: answered in ${Math.round(answeredMs)} ms, ${ids} pending after ${Math.round(allQueuedMs)} ms`,
    );
    return {
      load_average: load,
      post_answered_ms: Math.round(answeredMs),
      all_pending_ms: Math.round(allQueuedMs),
    };
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
  }
}

const results = await measureEachEngine('queueing', measureEngine);
console.log(
  JSON.stringify({
    bench: 'queueing',
    ids,
    flat: true,
    cpus: machineLoad().cpus,
    ...results,
    budget_ms: 2000,
  }),
);
