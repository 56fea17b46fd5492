import type { SearchIndex } from '../db/search/search-index.ts';

/**
 * How often the server looks for writes to tidy in the search index. A download run indexes a video every
 * few seconds; at this pace the subtitle index holds at most a few new segments between two looks.
 */
export const TIDY_EVERY_MS = 5_000;

/**
 * Tidies the search index after writes, whoever made them (downloads, imports, rescans, comment refreshes):
 * every TIDY_EVERY_MS the engine looks whether its index changed and merges what changed in small steps
 * (SQLite: db/search/sqlite-index-tidy.ts; PostgreSQL: db/search/pg-pending-lists.ts). A failure (a full disk) is
 * logged once until the next success, and the next look tries again.
 */
export class SearchIndexTidying {
  private timer: NodeJS.Timeout | undefined;
  private current: Promise<void> | undefined;
  private lastFailure: string | undefined;

  constructor(
    private readonly index: Pick<SearchIndex, 'tidy'>,
    private readonly warn: (error: unknown) => void,
    private readonly everyMs = TIDY_EVERY_MS,
  ) {}

  start(): void {
    if (!this.index.tidy || this.timer) return;
    this.timer = setInterval(() => void this.once(), this.everyMs);
    this.timer.unref();
  }

  /** Stops looking, after the tidy under way (if any) ends. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.current;
  }

  once(): Promise<void> {
    this.current ??= this.tidy().finally(() => (this.current = undefined));
    return this.current;
  }

  private async tidy(): Promise<void> {
    try {
      await this.index.tidy?.();
      this.lastFailure = undefined;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (message !== this.lastFailure) this.warn(error);
      this.lastFailure = message;
    }
  }
}
