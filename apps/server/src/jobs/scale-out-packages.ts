import { createRequire } from 'node:module';
import type * as Bullmq from 'bullmq';
import type * as Ioredis from 'ioredis';

/**
 * BullMQ and ioredis, loaded on first use. Only a scale-out deployment (REDIS_URL) uses them, yet a static
 * import loaded them in every server at start: 5.2 MB of heap, measured, which V8's growing factor doubles
 * before it collects (docs/ARCHITECTURE.md, "The server's memory under load"). Both are CommonJS, so a
 * synchronous require keeps the callers as they were; Node caches the module after the first call.
 */
const load = createRequire(import.meta.url);

export const bullmq = (): typeof Bullmq => load('bullmq') as typeof Bullmq;
export const ioredis = (): typeof Ioredis => load('ioredis') as typeof Ioredis;
