import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../tables.ts';

/** Postings read per sample: enough for an estimate within a few tens of percent. */
const SAMPLE_ROWS = 64;
const KEEP_MS = 10 * 60_000;
const KEEP_WORDS = 50_000;
const SPAN_MS = 60_000;

/**
 * How many rows of an FTS5 index a word (an FTS5 expression) is in, estimated from two short runs of its
 * postings. Counting exactly walks every posting (100 ms for a word in a million lines), FTS5 keeps no
 * per-word totals, and it cannot jump into the middle of a long posting list (a `rowid >=` bound walks there:
 * 200 ms for "you"). It can read a list from either end, so the first and the last SAMPLE_ROWS postings give
 * the word's density at both ends of the index; a word with fewer postings is counted exactly. Estimates are
 * kept for ten minutes.
 */
export class WordFrequency {
  private known = new Map<string, number>();
  private knownSince = Date.now();
  private span = 0;
  private spanAt = 0;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly fts: string,
    private readonly rowSpan: RawBuilder<{ span: number | null }>,
  ) {}

  /** The highest rowid of the index when last looked at: about how many rows it holds. */
  rowsInIndex(): number {
    return this.span;
  }

  async estimate(match: string): Promise<number> {
    const now = Date.now();
    if (now - this.spanAt > SPAN_MS) {
      this.span = Number((await this.rowSpan.execute(this.db)).rows[0]?.span ?? 0);
      this.spanAt = now;
    }
    if (now - this.knownSince > KEEP_MS || this.known.size >= KEEP_WORDS) {
      this.known.clear();
      this.knownSince = now;
    }
    const kept = this.known.get(match);
    if (kept !== undefined) return kept;
    const rows = await this.sampled(match);
    this.known.set(match, rows);
    return rows;
  }

  private async sampled(match: string): Promise<number> {
    const table = sql.raw(this.fts);
    const run = (order: RawBuilder<unknown>) =>
      sql<{ rid: number }>`SELECT rowid AS rid FROM ${table} WHERE ${table} MATCH ${match}
        ORDER BY rowid ${order} LIMIT ${SAMPLE_ROWS}`.execute(this.db);
    const first = (await run(sql`ASC`)).rows;
    if (first.length < SAMPLE_ROWS) return first.length;
    const last = (await run(sql`DESC`)).rows;
    if (last.at(-1)!.rid <= first.at(-1)!.rid) return new Set([...first, ...last].map((r) => r.rid)).size;
    // rows per rowid at each end, averaged, times the rowids of the index
    const spread = (rows: { rid: number }[]) => Math.max(1, Math.abs(rows.at(-1)!.rid - rows[0]!.rid));
    const density = ((SAMPLE_ROWS - 1) / spread(first) + (SAMPLE_ROWS - 1) / spread(last)) / 2;
    return Math.round(Math.min(1, density) * this.span);
  }
}
