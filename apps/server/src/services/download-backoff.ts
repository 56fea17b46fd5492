import { setTimeout as sleep } from 'node:timers/promises';

export interface BackoffOptions {
  /** the first wait; default: the sleep interval, or 30 s without one */
  initialMs?: number;
  /** the longest wait (default 10 minutes) */
  maxMs?: number;
  /** tries of one item before it is left for the next run (default 3) */
  attemptsPerItem?: number;
  /** refusals in a row, with no success between, that end the run (default 6) */
  maxConsecutive?: number;
}

const DEFAULT_INITIAL_MS = 30_000;
const DEFAULT_MAX_MS = 10 * 60_000;

/**
 * What a download run does when the provider refuses (HTTP 429/403, the bot check): wait, doubling the
 * wait on every refusal in a row, and after a success keep a slower pace that halves with each further
 * success. Refusals that do not stop end the run instead of marking every queued item failed.
 */
export class DownloadBackoff {
  private delayMs = 0;
  private paceMs = 0;
  private refusals = 0;
  private readonly initialMs: number;
  private readonly maxMs: number;
  readonly attemptsPerItem: number;
  private readonly maxConsecutive: number;

  constructor(options: BackoffOptions, sleepIntervalSeconds: number | null) {
    this.initialMs =
      options.initialMs ?? (sleepIntervalSeconds ? sleepIntervalSeconds * 1000 : DEFAULT_INITIAL_MS);
    this.maxMs = Math.max(this.initialMs, options.maxMs ?? DEFAULT_MAX_MS);
    this.attemptsPerItem = options.attemptsPerItem ?? 3;
    this.maxConsecutive = options.maxConsecutive ?? 6;
  }

  /** Records a refusal; returns how long to wait before the next try. */
  refused(): number {
    this.refusals += 1;
    this.delayMs = this.delayMs ? Math.min(this.delayMs * 2, this.maxMs) : this.initialMs;
    this.paceMs = this.delayMs;
    return this.delayMs;
  }

  succeeded(): void {
    this.refusals = 0;
    this.delayMs = 0;
    this.paceMs = this.paceMs >= this.initialMs ? this.paceMs / 2 : 0;
  }

  /** The provider kept refusing: better to stop and leave the queue for a later run. */
  get exhausted(): boolean {
    return this.refusals >= this.maxConsecutive;
  }

  /** The extra pause before the next item while the run is slowed down. */
  get paceDelayMs(): number {
    return this.paceMs;
  }

  /** Waits `ms`, ending early (without throwing) when the run is stopped. */
  static async wait(ms: number, signal?: AbortSignal): Promise<void> {
    if (ms <= 0) return;
    await sleep(ms, undefined, { signal }).catch(() => undefined);
  }
}
