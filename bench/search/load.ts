// A closed-loop load generator: N clients, each sending its next request as soon as the last one answered,
// over keep-alive connections, for a fixed time. Latency is measured per request on the client side.
import http from 'node:http';

export interface LoadOptions {
  port: number;
  headers: Record<string, string>;
  paths: string[];
  seconds: number;
  concurrency: number;
  /** names a path's kind (e.g. list, detail, search): the figures are then also given per kind */
  kindOf?: (path: string) => string;
}

export interface KindFigures {
  requests: number;
  p50_ms: number;
  p95_ms: number;
  p99_ms: number;
  max_ms: number;
}

export interface LoadFigures {
  requests: number;
  errors: number;
  /** the first failure, to say what went wrong */
  first_error?: string;
  rps: number;
  p50_ms: number;
  p95_ms: number;
  p99_ms: number;
  max_ms: number;
  /** with `kindOf` */
  by_kind?: Record<string, KindFigures>;
}

function get(agent: http.Agent, options: LoadOptions, path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      { host: '127.0.0.1', port: options.port, path, agent, headers: options.headers },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
  });
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const ms = (value: number) => Math.round(value * 10) / 10;

export async function runLoad(options: LoadOptions): Promise<LoadFigures> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.concurrency });
  const latencies: number[] = [];
  const byKind = new Map<string, number[]>();
  let errors = 0;
  let firstError: string | undefined;
  let next = 0;
  const started = performance.now();
  const end = started + options.seconds * 1000;
  const client = async () => {
    while (performance.now() < end) {
      const path = options.paths[next++ % options.paths.length]!;
      const sent = performance.now();
      try {
        const status = await get(agent, options, path);
        if (status !== 200) {
          errors++;
          firstError ??= `${status} ${decodeURIComponent(path)}`;
        }
      } catch (error) {
        errors++;
        firstError ??= `${String(error)} ${decodeURIComponent(path)}`;
      }
      const took = performance.now() - sent;
      latencies.push(took);
      if (options.kindOf) {
        const kind = options.kindOf(path);
        if (!byKind.has(kind)) byKind.set(kind, []);
        byKind.get(kind)!.push(took);
      }
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, client));
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    errors,
    ...(firstError && { first_error: firstError }),
    rps: Math.round(latencies.length / elapsed),
    p50_ms: ms(percentile(latencies, 50)),
    p95_ms: ms(percentile(latencies, 95)),
    p99_ms: ms(percentile(latencies, 99)),
    max_ms: ms(latencies.at(-1) ?? 0),
    ...(options.kindOf && { by_kind: Object.fromEntries([...byKind].map(([k, l]) => [k, kindFigures(l)])) }),
  };
}

function kindFigures(latencies: number[]): KindFigures {
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    p50_ms: ms(percentile(latencies, 50)),
    p95_ms: ms(percentile(latencies, 95)),
    p99_ms: ms(percentile(latencies, 99)),
    max_ms: ms(latencies.at(-1) ?? 0),
  };
}
