import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/tables.ts';

/** Different filters kept at once; a list page asks for a handful. */
const KEPT_COUNTS = 200;

/**
 * Totals of list queries on SQLite, kept until the database changes. A list page counts every row its
 * filter matches (2-4 ms at 100 000 videos, the dearest part of a page), and the answer is the same until
 * something is written. "Written" is read from SQLite itself in one cheap statement: `total_changes()`
 * counts the rows this connection inserted, updated or deleted (the server's writes, triggers included,
 * rolled back ones too), `data_version` moves when another connection commits (a CLI command, another
 * process). Any write anywhere drops every kept count: simple, and never stale.
 */
export class CountsUntilChange {
  private kept = new Map<string, number>();
  private version = '';

  constructor(private readonly db: Kysely<Database>) {}

  async count(key: string, compute: () => Promise<number>): Promise<number> {
    const version = await this.currentVersion();
    if (version !== this.version) {
      this.kept.clear();
      this.version = version;
    }
    const kept = this.kept.get(key);
    if (kept !== undefined) return kept;
    const counted = await compute();
    // counted against the version read before it: a write in between drops it at the next call
    if (this.kept.size >= KEPT_COUNTS) this.kept.clear();
    this.kept.set(key, counted);
    return counted;
  }

  private async currentVersion(): Promise<string> {
    const { rows } = await sql<{ changes: number; version: number }>`
      SELECT total_changes() AS changes, (SELECT data_version FROM pragma_data_version) AS version`.execute(
      this.db,
    );
    return `${rows[0]!.changes}:${rows[0]!.version}`;
  }
}
