// Media streaming against a bare Node HTTP server serving the same file (DESIGN.md §9; issue budget: a
// Range request within 1.3x of the bare server's time, and random 1 MiB ranges at >= 0.8 of its throughput).
// The server runs as `npm start` runs it (the bundle), signed in with an API token as the media-server
// plugins call it; the bare server does what any static server must: stat the file, honour the Range, stream.
// Prints one JSON line.
//
// Run: npm run bench:media -w @tubekeeper/bench
// BENCH_SECONDS (default 8) per measurement, BENCH_FILE_MB (default 64).
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { startBundleServer, signInForToken } from './support/server.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const fileMb = Number(process.env.BENCH_FILE_MB ?? 64);
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

/** The baseline: a plain node:http server with one file, stat per request, a single byte range. */
function bareServer(): Promise<http.Server> {
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
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
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
        bytes += await ask(start);
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

let server: ChildProcess | undefined;
let bare: http.Server | undefined;
try {
  const port = 19000 + Math.floor(Math.random() * 1000);
  const password = 'media-bench-password';
  server = await startBundleServer({ port, dataDir, password });
  const token = await signInForToken(port, password);
  bare = await bareServer();
  const barePort = (bare.address() as { port: number }).port;
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
    // the same warm-up for both, then the two measured one after the other
    await measure(ours.port, ours.path, ours.headers, c.clients, c.bytes);
    log(`${c.name}: tubekeeper`);
    const a = await measure(ours.port, ours.path, ours.headers, c.clients, c.bytes);
    await measure(plain.port, plain.path, plain.headers, c.clients, c.bytes);
    log(`${c.name}: bare node`);
    const b = await measure(plain.port, plain.path, plain.headers, c.clients, c.bytes);
    results[c.name] = {
      tubekeeper: a,
      bare_node: b,
      time_ratio_p50: round(a.p50_ms / b.p50_ms),
      throughput_ratio: round(a.rps / b.rps),
    };
  }
  console.log(
    JSON.stringify({
      bench: 'media',
      file_mb: fileMb,
      seconds,
      budget: { time_ratio_max: 1.3, throughput_ratio_min: 0.8 },
      ...results,
    }),
  );
} finally {
  server?.kill('SIGTERM');
  bare?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
