// Media streaming against a bare Node HTTP server serving the same file (DESIGN.md §9; issue budget: a
// Range request within 1.3x of the bare server's time, and random 1 MiB ranges at >= 0.8 of its throughput).
// The server runs as `npm start` runs it (the bundle), signed in with an API token as the media-server
// plugins call it; the bare server does what any static server must: stat the file, honour the Range, stream.
// Both run in a process of their own (a server inside this one would share its event loop with the clients,
// and skip the wake-ups between processes that ours pays: BENCH_BARE_IN_PROCESS=1 measures it that way).
// Then DESIGN.md §9's wording of the budget: the whole file streamed by one `Range: bytes=0-` request against
// dd reading it, both from a dropped page cache (support/disk-read.ts), >= 0.7 of dd's throughput.
// Each case alternates the two in BENCH_ROUNDS rounds, so a shared machine's load falls on both alike; the
// ratios are the medians of the rounds' ratios. Prints one JSON line.
//
// Run: npm run bench:media -w @tubekeeper/bench
// BENCH_SECONDS (default 8) per case and server, BENCH_ROUNDS (default 4), BENCH_FILE_MB (default 64),
// BENCH_NODE_ARGS (options for the server's node, e.g. '--max-semi-space-size=16': the young generation is what
// the 1 MiB ranges' throughput turns on, docs/ARCHITECTURE.md, 28 Nov's figures).
import { execFile, fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { dropFromPageCache, rawDiskMibPerSecond } from './support/disk-read.ts';
import { startBundleServer, signInForToken } from './support/server.ts';

const rounds = Number(process.env.BENCH_ROUNDS ?? 4);
const seconds = Number(process.env.BENCH_SECONDS ?? 8) / rounds;
const bareInProcess = process.env.BENCH_BARE_IN_PROCESS === '1';
const fileMb = Number(process.env.BENCH_FILE_MB ?? 64);
const execFileAsync = promisify(execFile);
const log = (message: string) => process.stderr.write(`[media bench] ${message}\n`);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tk-media-bench-'));
const channelDir = path.join(dataDir, 'media', 'UCmediabench000000000000');
fs.mkdirSync(channelDir, { recursive: true });
const file = path.join(channelDir, 'mediabench1.mp4');
{
  const out = fs.openSync(file, 'w');
  for (let i = 0; i < fileMb; i++) fs.writeSync(out, randomBytes(1 << 20));
  fs.closeSync(out);
}
const size = fs.statSync(file).size;

/**
 * The baseline: a plain node:http server with one file, stat per request, a single byte range. Its source
 * is this function's, run in a process of its own (`node --input-type=module -e`) unless asked otherwise.
 */
function bareServer(file: string, port: number, ready: (server: http.Server) => void): void {
  const server = http.createServer((request, response) => {
    fs.stat(file, (error, stat) => {
      if (error) return response.writeHead(404).end();
      const match = /^bytes=(\d+)-(\d*)$/.exec(request.headers.range ?? '');
      if (!match) {
        response.writeHead(200, { 'content-type': 'video/mp4', 'content-length': stat.size });
        return fs.createReadStream(file).pipe(response);
      }
      const start = Number(match[1]);
      const end = match[2] ? Math.min(Number(match[2]), stat.size - 1) : stat.size - 1;
      response.writeHead(206, {
        'content-type': 'video/mp4',
        'content-length': end - start + 1,
        'content-range': `bytes ${start}-${end}/${stat.size}`,
        'accept-ranges': 'bytes',
      });
      fs.createReadStream(file, { start, end }).pipe(response);
    });
  });
  server.listen(port, '127.0.0.1', () => ready(server));
}

async function startBare(): Promise<{ port: number; stop: () => void }> {
  if (bareInProcess) {
    const server = await new Promise<http.Server>((resolve) => bareServer(file, 0, resolve));
    return { port: (server.address() as { port: number }).port, stop: () => server.close() };
  }
  const port = 20000 + Math.floor(Math.random() * 1000);
  const source = [
    "import fs from 'node:fs';",
    "import http from 'node:http';",
    `(${bareServer.toString()})(${JSON.stringify(file)}, ${port}, () => process.send('ready'));`,
  ].join('\n');
  const child = fork('.', [], {
    execPath: process.execPath,
    execArgv: ['--input-type=module', '-e', source],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`the bare server exited with ${code}`)));
  });
  return { port, stop: () => child.kill('SIGTERM') };
}

interface RangeFigures {
  requests: number;
  errors: number;
  rps: number;
  mib_per_s: number;
  p50_ms: number;
  p95_ms: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** Closed loop: `clients` clients, each asking its next range as soon as the last one arrived. */
async function measure(
  port: number,
  urlPath: string,
  headers: Record<string, string>,
  clients: number,
  rangeBytes: number,
): Promise<RangeFigures> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
  const latencies: number[] = [];
  let errors = 0;
  let bytes = 0;
  const started = performance.now();
  const end = started + seconds * 1000;
  const ask = (start: number) =>
    new Promise<number>((resolve, reject) => {
      const range = `bytes=${start}-${start + rangeBytes - 1}`;
      http
        .get(
          { host: '127.0.0.1', port, path: urlPath, agent, headers: { ...headers, range } },
          (response) => {
            let received = 0;
            response.on('data', (chunk: Buffer) => (received += chunk.length));
            response.on('end', () =>
              response.statusCode === 206 ? resolve(received) : reject(new Error(`${response.statusCode}`)),
            );
            response.on('error', reject);
          },
        )
        .on('error', reject);
    });
  const client = async () => {
    while (performance.now() < end) {
      const start = Math.floor(Math.random() * (size - rangeBytes));
      const sent = performance.now();
      try {
        // not `bytes += await …`: that reads `bytes` before the await, and concurrent clients' sums overwrite each other
        const received = await ask(start);
        bytes += received;
      } catch {
        errors++;
      }
      latencies.push(performance.now() - sent);
    }
  };
  await Promise.all(Array.from({ length: clients }, client));
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    errors,
    rps: Math.round(latencies.length / elapsed),
    mib_per_s: round(bytes / elapsed / (1 << 20), 1),
    p50_ms: round(percentile(latencies, 50)),
    p95_ms: round(percentile(latencies, 95)),
  };
}

/**
 * One player's stream: the whole file through `Range: bytes=0-` from a dropped page cache, in MiB/s, as curl
 * receives it. curl rather than node:http, whose receiving costs the bench process a core of its own at these
 * rates: the figure is the server's, as a native player gets it, not the load generator's.
 */
async function streamFromDisk(port: number, urlPath: string, headers: Record<string, string>) {
  dropFromPageCache(file);
  const headerArgs = Object.entries({ ...headers, range: 'bytes=0-' }).flatMap(([k, v]) => [
    '-H',
    `${k}: ${v}`,
  ]);
  const { stdout } = await execFileAsync('curl', [
    '-s',
    '-o',
    '/dev/null',
    '-w',
    '%{http_code} %{size_download} %{speed_download}',
    ...headerArgs,
    `http://127.0.0.1:${port}${urlPath}`,
  ]);
  const [status, bytes, bytesPerSecond] = stdout.trim().split(' ').map(Number);
  if (status !== 206 || bytes !== size)
    throw new Error(`the stream gave ${status}, ${bytes} of ${size} bytes`);
  return bytesPerSecond! / (1 << 20);
}

/** DESIGN.md §9: streaming against dd, alternating, three passes a round; the ratio is the passes' median. */
async function againstDisk(port: number, urlPath: string, headers: Record<string, string>) {
  const passes: { ours: number; dd: number }[] = [];
  for (let pass = 0; pass < rounds * 3; pass++) {
    const ours = await streamFromDisk(port, urlPath, headers);
    passes.push({ ours, dd: rawDiskMibPerSecond(file) });
  }
  return {
    passes: passes.length,
    tubekeeper_mib_per_s: round(median(passes.map((p) => p.ours)), 1),
    dd_mib_per_s: round(median(passes.map((p) => p.dd)), 1),
    disk_ratio: round(median(passes.map((p) => p.ours / p.dd))),
    ratios: passes.map((p) => round(p.ours / p.dd)),
  };
}

let server: ChildProcess | undefined;
let bare: { port: number; stop: () => void } | undefined;
try {
  const port = 19000 + Math.floor(Math.random() * 1000);
  const password = 'media-bench-password';
  server = await startBundleServer({ port, dataDir, password });
  const token = await signInForToken(port, password);
  bare = await startBare();
  const barePort = bare.port;
  const ours = {
    port,
    path: '/youtube/UCmediabench000000000000/mediabench1.mp4',
    headers: { authorization: `Token ${token}` },
  };
  const plain = { port: barePort, path: '/mediabench1.mp4', headers: {} };
  const cases = [
    // one client: what one request costs, without queueing
    { name: 'range_1_byte_1_client', clients: 1, bytes: 1 },
    { name: 'range_1_byte_32_clients', clients: 32, bytes: 1 },
    { name: 'range_1_mib_8_clients', clients: 8, bytes: 1 << 20 },
  ];
  const results: Record<string, unknown> = {};
  for (const c of cases) {
    // the same warm-up for both, then rounds that alternate them
    await measure(ours.port, ours.path, ours.headers, c.clients, c.bytes);
    await measure(plain.port, plain.path, plain.headers, c.clients, c.bytes);
    const measured: { a: RangeFigures; b: RangeFigures }[] = [];
    for (let round = 0; round < rounds; round++) {
      log(`${c.name}: round ${round + 1} of ${rounds}`);
      const a = await measure(ours.port, ours.path, ours.headers, c.clients, c.bytes);
      const b = await measure(plain.port, plain.path, plain.headers, c.clients, c.bytes);
      measured.push({ a, b });
    }
    const rest = (pick: (m: { a: RangeFigures; b: RangeFigures }) => RangeFigures) => ({
      requests: measured.reduce((sum, m) => sum + pick(m).requests, 0),
      errors: measured.reduce((sum, m) => sum + pick(m).errors, 0),
      rps: Math.round(median(measured.map((m) => pick(m).rps))),
      mib_per_s: round(median(measured.map((m) => pick(m).mib_per_s)), 1),
      p50_ms: round(median(measured.map((m) => pick(m).p50_ms))),
      p95_ms: round(median(measured.map((m) => pick(m).p95_ms))),
    });
    results[c.name] = {
      tubekeeper: rest((m) => m.a),
      bare_node: rest((m) => m.b),
      time_ratio_p50: round(median(measured.map((m) => m.a.p50_ms / m.b.p50_ms))),
      throughput_ratio: round(median(measured.map((m) => m.a.rps / m.b.rps))),
      rounds: measured.map((m) => [round(m.a.p50_ms / m.b.p50_ms), round(m.a.rps / m.b.rps)]),
    };
  }
  log('streaming from disk against dd');
  const fromDisk = await againstDisk(ours.port, ours.path, ours.headers);
  console.log(
    JSON.stringify({
      bench: 'media',
      file_mb: fileMb,
      seconds: seconds * rounds,
      rounds,
      bare_node_in: bareInProcess ? 'this process' : 'a process of its own',
      load_average: os.loadavg().map((l) => round(l, 1)),
      budget: { time_ratio_max: 1.3, throughput_ratio_min: 0.8, disk_ratio_min: 0.7 },
      ...results,
      stream_from_disk: fromDisk,
    }),
  );
} finally {
  server?.kill('SIGTERM');
  bare?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
