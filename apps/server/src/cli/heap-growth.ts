import v8 from 'node:v8';

/**
 * How far V8 lets the main thread's old generation grow past what the last full collection kept before it
 * collects again, in percent. V8's own factor goes up to 4x under a high allocation rate: under 32 clients
 * reading while a download run indexed (bench:downloading, SQLite) the old space grew from 37 to 110 MB
 * before a full collection brought the live heap back to ~50 MB, so the server's RSS swung by 60 MB with
 * garbage. At 1.3x it stayed within 51 MB (the whole heap within 64 MB, young generation included), but
 * the full collections it brought halved the media throughput with 1 MiB ranges (bench:media, 8 clients:
 * 0.68 of a bare Node server's, 0.75 with a 16 MB semi-space, 1.16 with the bundle before the change); at 2x
 * it is 1.17 (26 Nov), and bench:downloading's peak RSS on SQLite 287 MB against 270 MB at 1.3x.
 */
const HEAP_GROWING_PERCENT = 100;

/**
 * Caps the main thread's heap growth for a long-running process (`serve`, `worker`). V8 reads this flag each
 * time it sets the next collection's limit, so it works when set at run time, unlike the young generation's
 * size (`--max-semi-space-size`, which `npm start` and the image pass on the command line).
 */
export function limitHeapGrowth(): void {
  v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}
