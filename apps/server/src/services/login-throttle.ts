/**
 * Failed sign-in attempts, in memory, counted three ways so that one noisy address cannot lock out the
 * others behind it (a family behind one NAT, every user behind a reverse proxy):
 * - per (address, username): after PAIR_FREE failures the pair waits, doubling from BASE_DELAY_MS up to
 *   MAX_DELAY_MS with each further failure; nothing is checked while it waits;
 * - per username, from any address: the same back-off after USER_FREE failures (guessing from many addresses);
 * - per address: after ADDRESS_MAX failures within ADDRESS_WINDOW_MS wrong passwords answer 429, but a correct
 *   password still signs in, so the other users behind that address keep working.
 * A success clears its pair and its username. In scale-out mode each API process counts on its own, which
 * still bounds guessing per process.
 */
const PAIR_FREE = 10;
const USER_FREE = 30;
const BASE_DELAY_MS = 30 * 1000;
const MAX_DELAY_MS = 15 * 60 * 1000;
const ADDRESS_MAX = 30;
const ADDRESS_WINDOW_MS = 10 * 60 * 1000;
/** A back-off counter is forgotten after this long without a failure. */
const IDLE_RESET_MS = 60 * 60 * 1000;
/** Above this many entries, forgotten ones are swept, so guessing many names cannot fill memory. */
const SWEEP_ABOVE = 10_000;

interface Entry {
  failures: number;
  /** Start of the address window, or the last failure for a back-off counter. */
  since: number;
}

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

export class LoginThrottle {
  private readonly pairs = new Map<string, Entry>();
  private readonly users = new Map<string, Entry>();
  private readonly addresses = new Map<string, Entry>();
  private readonly limits: ThrottleLimits;

  constructor(limits: Partial<ThrottleLimits> = {}) {
    this.limits = { ...DEFAULT_LIMITS, ...limits };
  }

  /** Seconds this username must wait before any password is checked from this address, or 0. */
  retryAfter(address: string, username: string, now = Date.now()): number {
    const { pairFree, userFree } = this.limits;
    const wait = Math.max(
      this.backOffLeft(this.pairs, pairKey(address, username), pairFree, now),
      this.backOffLeft(this.users, userKey(username), userFree, now),
    );
    return Math.ceil(wait / 1000);
  }

  /** Records a wrong password; answers seconds to wait when the address is over its limit, else 0. */
  recordFailure(address: string, username: string, now = Date.now()): number {
    this.sweepIfLarge(now);
    for (const [map, key] of [
      [this.pairs, pairKey(address, username)],
      [this.users, userKey(username)],
    ] as const) {
      const entry = map.get(key);
      if (!entry || now - entry.since >= IDLE_RESET_MS) map.set(key, { failures: 1, since: now });
      else map.set(key, { failures: entry.failures + 1, since: now });
    }
    const { addressMax, addressWindowMs } = this.limits;
    let window = this.addresses.get(address);
    if (!window || now - window.since >= addressWindowMs) {
      window = { failures: 0, since: now };
      this.addresses.set(address, window);
    }
    window.failures += 1;
    if (window.failures <= addressMax) return 0;
    return Math.ceil((window.since + addressWindowMs - now) / 1000);
  }

  recordSuccess(address: string, username: string): void {
    this.pairs.delete(pairKey(address, username));
    this.users.delete(userKey(username));
  }

  private backOffLeft(map: Map<string, Entry>, key: string, free: number, now: number): number {
    const entry = map.get(key);
    if (!entry || entry.failures < free) return 0;
    const { baseDelayMs, maxDelayMs } = this.limits;
    const delay = Math.min(maxDelayMs, baseDelayMs * 2 ** Math.min(30, entry.failures - free));
    return Math.max(0, entry.since + delay - now);
  }

  private sweepIfLarge(now: number): void {
    for (const map of [this.pairs, this.users, this.addresses]) {
      if (map.size <= SWEEP_ABOVE) continue;
      for (const [key, entry] of map) {
        if (now - entry.since >= Math.max(IDLE_RESET_MS, this.limits.addressWindowMs)) map.delete(key);
      }
    }
  }
}

// usernames are compared as stored (case-sensitive, as Django); JSON keeps the two parts apart
const pairKey = (address: string, username: string) => JSON.stringify([address, username]);
const userKey = (username: string) => username;
