/**
 * Video list pages kept as their JSON until a write changes what they show (issue 19). A page costs the
 * server 0.7-1.2 ms of CPU on SQLite and 2-3 ms with PostgreSQL's share; at 32 clients on 2 cores that alone
 * is past the 20 ms budget (DESIGN.md §9). A family browsing between downloads asks the same pages again and
 * again, and a kept one costs a token read.
 *
 * Each entry carries the database state it was read at (VideoPageTokensRepository.stateOf: tokens that
 * triggers replace with every write, migration 0037) and is used only while that state holds. The state is
 * read before the page, so the page is as new as the state or newer: a page kept under a state that still
 * holds is what a read now would find. Pages read at the same state are read once (the 32 clients asking the
 * same page after a download share one read). Least recently used pages go first past `maxBytes`.
 *
 * Kept as the bytes to send (a Buffer, outside V8's heap), so a kept page is not encoded again per request.
 */
export class VideoPageCache {
  private readonly entries = new Map<string, { state: string; json: Buffer }>();
  private readonly reading = new Map<string, Promise<Buffer>>();
  private bytes = 0;

  constructor(private readonly maxBytes = DEFAULT_MAX_BYTES) {}

  /** The page kept for `key` at `state`, else what `read` gives (then kept). */
  async page(key: string, state: string, read: () => Promise<string>): Promise<Buffer> {
    const kept = this.entries.get(key);
    if (kept?.state === state) {
      this.entries.delete(key); // to the end of the map's order: most recently used
      this.entries.set(key, kept);
      return kept.json;
    }
    const readingKey = `${state} ${key}`;
    const underWay = this.reading.get(readingKey);
    if (underWay) return underWay;
    const reading = read()
      .then((json) => Buffer.from(json))
      .finally(() => this.reading.delete(readingKey));
    this.reading.set(readingKey, reading);
    const json = await reading;
    this.keep(key, state, json);
    return json;
  }

  private keep(key: string, state: string, json: Buffer): void {
    this.drop(key);
    if (json.length > this.maxBytes) return;
    this.entries.set(key, { state, json });
    this.bytes += json.length;
    for (const oldest of this.entries.keys()) {
      if (this.bytes <= this.maxBytes) break;
      this.drop(oldest);
    }
  }

  private drop(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.bytes -= entry.json.length;
    this.entries.delete(key);
  }
}

/** 8 MB: a page of 12 videos is 18 KB on the list bench's archive, so ~440 such pages. */
const DEFAULT_MAX_BYTES = 8_000_000;
