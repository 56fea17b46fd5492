import type { Redis } from 'ioredis';
import { ioredis } from './scale-out-packages.ts';

/** Where the scale-out queue lives: the Redis URL and the key prefix of every key Tubekeeper writes. */
export interface RedisTarget {
  url: string;
  prefix: string;
}

/** BullMQ's connection options; workers need `maxRetriesPerRequest: null` (they block on Redis). */
export function bullConnection(target: RedisTarget) {
  return { url: target.url, maxRetriesPerRequest: null };
}

/** A plain client for the worker registry. */
export function redisClient(target: RedisTarget): Redis {
  return new (ioredis().Redis)(target.url, { maxRetriesPerRequest: 3, lazyConnect: false });
}
