/**
 * Values read from the database and reused for a short time (a hot read's round trip saved). `forget`,
 * called on a write, drops them and also voids any read that began before it, so a value read just before a
 * write is not kept after it. Expired entries go as they are met, so the map holds about what was read in
 * the last `ttlMs`.
 */
export class ReuseWindow<K, V> {
  private readonly entries = new Map<K, { value: V; until: number }>();
  /** moves with every forget: a read begun before one must not keep what it read */
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** The kept value, or what `read` finds (kept when defined and no forget came meanwhile). */
  async remember(key: K, read: () => Promise<V | undefined>): Promise<V | undefined> {
    const kept = this.entries.get(key);
    if (kept && kept.until > this.now()) return kept.value;
    const generation = this.generation;
    const value = await read();
    if (value !== undefined && generation === this.generation) this.keep(key, value);
    return value;
  }

  /** Keeps a value just written. */
  keep(key: K, value: V): void {
    const now = this.now();
    for (const [k, entry] of this.entries) if (entry.until <= now) this.entries.delete(k);
    this.entries.set(key, { value, until: now + this.ttlMs });
  }

  /** Drops one key's value, or every value, and voids reads under way. */
  forget(key?: K): void {
    this.generation += 1;
    if (key === undefined) this.entries.clear();
    else this.entries.delete(key);
  }
}
