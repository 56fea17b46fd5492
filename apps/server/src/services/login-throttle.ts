/**
 * Failed sign-in attempts per client address, in memory: a fixed window of WINDOW_MS allowing
 * MAX_FAILURES failures. A success clears the address. In scale-out mode each API process counts
 * on its own, which still bounds guessing per process.
 */
const WINDOW_MS = 10 * 60 * 1000;
const MAX_FAILURES = 10;

interface Entry {
  failures: number;
  windowStart: number;
}

export class LoginThrottle {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly maxFailures = MAX_FAILURES,
    private readonly windowMs = WINDOW_MS,
  ) {}

  /** Seconds until the address may try again, or 0 when it may try now. */
  retryAfter(address: string, now = Date.now()): number {
    const entry = this.entries.get(address);
    if (!entry) return 0;
    if (now - entry.windowStart >= this.windowMs) {
      this.entries.delete(address);
      return 0;
    }
    if (entry.failures < this.maxFailures) return 0;
    return Math.ceil((entry.windowStart + this.windowMs - now) / 1000);
  }

  recordFailure(address: string, now = Date.now()): void {
    const entry = this.entries.get(address);
    if (!entry || now - entry.windowStart >= this.windowMs) {
      this.entries.set(address, { failures: 1, windowStart: now });
    } else {
      entry.failures += 1;
    }
  }

  clear(address: string): void {
    this.entries.delete(address);
  }
}
