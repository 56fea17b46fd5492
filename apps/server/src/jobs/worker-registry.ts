import type { Redis } from 'ioredis';

/** What a worker process tells the API about itself (GET /api/health/, Settings: Dashboard). */
export interface WorkerStatus {
  id: string;
  host: string;
  pid: number;
  started_at: number;
  seen_at: number;
  /** tasks it runs now: the task id and name, and whether it is a spread part */
  running: { task_id: string; name: string; part: boolean }[];
}

/**
 * Live workers in Redis: each writes its status under `<prefix>:workers:<id>` with an expiry, renewed by a
 * heartbeat, so a killed worker drops out of the list by itself.
 */
export class WorkerRegistry {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly ttlMs: number,
  ) {}

  async announce(status: WorkerStatus): Promise<void> {
    await this.redis.set(this.key(status.id), JSON.stringify(status), 'PX', this.ttlMs);
  }

  async leave(id: string): Promise<void> {
    await this.redis.del(this.key(id));
  }

  async list(): Promise<WorkerStatus[]> {
    const keys: string[] = [];
    let cursor = '0';
    do {
      const [next, found] = await this.redis.scan(cursor, 'MATCH', this.key('*'), 'COUNT', 200);
      cursor = next;
      keys.push(...found);
    } while (cursor !== '0');
    if (!keys.length) return [];
    const values = await this.redis.mget(...keys);
    return values
      .filter((v): v is string => !!v)
      .map((v) => JSON.parse(v) as WorkerStatus)
      .sort((a, b) => a.started_at - b.started_at || a.id.localeCompare(b.id));
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => undefined);
  }

  private key(id: string): string {
    return `${this.prefix}:workers:${id}`;
  }
}
