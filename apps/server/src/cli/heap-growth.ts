import v8 from 'node:v8';
import type { Engine } from '../db/dialect.ts';

/**
 * How far V8 lets the main thread's old generation grow past what the last full collection kept before it
 * collects again, in percent. V8's own factor goes up to 4x under a high allocation rate: under 32 clients
 * reading while a download run indexed (bench:downloading, SQLite) the old space grew from 37 to 110 MB
 * before a full collection brought the live heap back to ~50 MB, so the server's RSS swung by 60 MB with
 * garbage.
 *
 * SQLite, 1.5x (28 Nov): bench:downloading's peak RSS 251-255 MB against 263-266 MB at 2x, bench:list's
 * 216 against 222 MB, the reads' p95 within the same noise; 1.3x brought the downloading peak no lower
 * (251 MB). Lower factors used to cut the media throughput with 1 MiB ranges to 0.65-0.68 of a bare Node
 * server's (at 1.3-1.5x), presumably because each range's fresh 512 KiB read buffers were freed only by
 * full collections; media streams reuse their buffers since (open-files.ts), and at 1.5x the ranges
 * measured 1.01 and 1.08 of its throughput.
 *
 * PostgreSQL, 2x: its rows live across awaits and get promoted, so the same cap cost it ~30 % more CPU a
 * request in full collections (26 Nov, at 1.3x), for memory a PostgreSQL deployment does not lack (its
 * server peaks ~60 MB below SQLite's under the same bench).
 */
const HEAP_GROWING_PERCENT: Record<Engine, number> = { sqlite: 50, postgres: 100 };

/**
 * Caps the main thread's heap growth for a long-running process (`serve`, `worker`). V8 reads this flag each
 * time it sets the next collection's limit, so it works when set at run time, unlike the young generation's
 * size (`--max-semi-space-size`, which `npm start` and the image pass on the command line).
 */
export function limitHeapGrowth(engine: Engine): void {
  v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT[engine]}`);
}
