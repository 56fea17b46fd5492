import { createHash } from 'node:crypto';
import type { FailureCount, LoginFailureRepository } from '../repositories/login-failure.repository.ts';

/**
 * Failed sign-in attempts, counted three ways so that one noisy address cannot lock out the others behind
 * it (a family behind one NAT, every user behind a reverse proxy):
 * - per (address, username): after PAIR_FREE failures the pair waits, doubling from BASE_DELAY_MS up to
 *   MAX_DELAY_MS with each further failure; nothing is checked while it waits;
 * - per username, from any address: the same back-off after USER_FREE failures (guessing from many addresses);
 * - per address: after ADDRESS_MAX failures within ADDRESS_WINDOW_MS wrong passwords answer 429, but a correct
 *   password still signs in, so the other users behind that address keep working.
 * A success clears its pair and its username.
 *
 * The counts live in the database (repositories/login-failure.repository.ts), so every API process of a
 * deployment shares them: in each process's memory, N processes gave a guesser N times the limit. An
 * attempt is counted against its pair and username before its password is checked (`admit`), and a
 * success takes that back: counted afterwards, attempts sent all at once would each pass the check
 * while the others were still being hashed.
 */
const PAIR_FREE = 10;
const USER_FREE = 30;
const BASE_DELAY_MS = 30 * 1000;
const MAX_DELAY_MS = 15 * 60 * 1000;
const ADDRESS_MAX = 30;
const ADDRESS_WINDOW_MS = 10 * 60 * 1000;
/** A back-off counter is forgotten after this long without a failure. */
const IDLE_RESET_MS = 60 * 60 * 1000;
/** How often a process sweeps forgotten counters, so guessing many names cannot fill the table. */
const SWEEP_EVERY_MS = 60 * 1000;

export interface ThrottleLimits {
  pairFree: number;
  userFree: number;
  baseDelayMs: number;
  maxDelayMs: number;
  addressMax: number;
  addressWindowMs: number;
}

const DEFAULT_LIMITS: ThrottleLimits = {
  pairFree: PAIR_FREE,
  userFree: USER_FREE,
  baseDelayMs: BASE_DELAY_MS,
  maxDelayMs: MAX_DELAY_MS,
  addressMax: ADDRESS_MAX,
  addressWindowMs: ADDRESS_WINDOW_MS,
};

type Store = Pick<LoginFailureRepository, 'read' | 'replace' | 'countInWindow' | 'clear' | 'sweep'>;

export class LoginThrottle {
  private readonly limits: ThrottleLimits;
  private lastSweep = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly store: Store,
    limits: Partial<ThrottleLimits> = {},
  ) {
    this.limits = { ...DEFAULT_LIMITS, ...limits };
  }

  /**
   * Seconds this username must wait before any password is checked from this address; or 0, and the
   * attempt is counted as a failure of the pair and the username until `recordSuccess` takes it back.
   */
  async admit(address: string, username: string, now = Date.now()): Promise<number> {
    await this.sweepNow(now);
    const { pairFree, userFree } = this.limits;
    const counters: [string, number][] = [
      [pairKey(address, username), pairFree],
      [userKey(username), userFree],
    ];
    const stored = await this.store.read(counters.map(([key]) => key));
    const waits = counters.map(([key, free]) => this.backOffLeft(current(stored.get(key), now), free, now));
    if (Math.max(...waits) > 0) return seconds(Math.max(...waits));
    for (const [key, free] of counters) {
      const wait = await this.count(key, stored.get(key), free, now);
      if (wait > 0) return seconds(wait);
    }
    return 0;
  }

  /** Records a wrong password against the address; answers seconds to wait when it is over its limit, else 0. */
  async recordFailure(address: string, now = Date.now()): Promise<number> {
    const { addressMax, addressWindowMs } = this.limits;
    const window = await this.store.countInWindow(addressKey(address), addressWindowMs, now);
    if (window.failures <= addressMax) return 0;
    return seconds(window.since + addressWindowMs - now);
  }

  async recordSuccess(address: string, username: string): Promise<void> {
    await this.store.clear([pairKey(address, username), userKey(username)]);
  }

  /**
   * Counts one attempt on `key`, unless it must wait (a wait in ms is returned). Compare-and-set: when
   * another attempt changed the counter first, it is read again and checked again.
   */
  private async count(key: string, stored: FailureCount | undefined, free: number, now: number) {
    let seen = stored;
    for (;;) {
      const live = current(seen, now);
      const wait = this.backOffLeft(live, free, now);
      if (wait > 0) return wait;
      const next = { failures: (live?.failures ?? 0) + 1, since: now };
      if (await this.store.replace(key, seen, next)) return 0;
      seen = (await this.store.read([key])).get(key);
    }
  }

  private backOffLeft(entry: FailureCount | undefined, free: number, now: number): number {
    if (!entry || entry.failures < free) return 0;
    const { baseDelayMs, maxDelayMs } = this.limits;
    const delay = Math.min(maxDelayMs, baseDelayMs * 2 ** Math.min(30, entry.failures - free));
    return Math.max(0, entry.since + delay - now);
  }

  private async sweepNow(now: number): Promise<void> {
    if (now - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = now;
    await this.store.sweep(now - Math.max(IDLE_RESET_MS, this.limits.addressWindowMs));
  }
}

/** A back-off counter as it counts now: forgotten after an hour without a failure. */
function current(entry: FailureCount | undefined, now: number): FailureCount | undefined {
  return entry && now - entry.since < IDLE_RESET_MS ? entry : undefined;
}

const seconds = (ms: number) => Math.ceil(ms / 1000);

// usernames are compared as stored (case-sensitive, as Django); JSON keeps the parts apart; the table
// holds only hashes, not what people typed
const hashed = (parts: string[]) => createHash('sha256').update(JSON.stringify(parts)).digest('hex');
const pairKey = (address: string, username: string) => hashed(['pair', address, username]);
const userKey = (username: string) => hashed(['user', username]);
const addressKey = (address: string) => hashed(['address', address]);
