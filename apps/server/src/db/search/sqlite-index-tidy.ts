import { setImmediate as nextTurn } from 'node:timers/promises';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../tables.ts';
import { FTS5_INDEXES } from './sqlite-rebuild.ts';

/**
 * Leaf pages one merge step writes. Measured on the downloading bench's archive after a run (14 segments
 * in the subtitle index): 1-5 ms a step on the main thread, 31 steps in all, whatever the step size, apart
 * from the step whose commit ran the WAL checkpoint.
 */
const STEP_PAGES = 64;
/** Steps per index and call, so that a stream of writes cannot keep one call going. */
const MAX_STEPS = 2_000;

/**
 * Merging an index whole into one segment. The steps merge segments of one level only and leave one per
 * level: after two download runs of `bench:downloading` (200 000 lines) 5 / 2 / 3 segments in the lines',
 * pairs' and videos' indexes, and a typo search looks up each of its 300-550 candidate spellings in every
 * segment: 2.32 ms a look-up statement on the lines and 1.61 ms on the videos there, against 0.82 and
 * 0.89 ms merged whole (29 Nov 2026). A whole merge rewrites the largest segment (on that archive 168 + 184
 * steps, 0.8 + 0.7 s of short writes on the main thread, the longest 18 ms), so it waits until an index had
 * no write for QUIET_MS, runs at most once every WHOLE_EVERY_MS per index (a download run writes a video
 * every few seconds to minutes), and only up to MAX_INDEX_ROWS: the lines' index up to ~380 000 lines, the
 * pairs' up to ~140 000. At 10 million lines (~3 GB) it would be minutes of writes.
 */
export const WHOLE_MERGE = {
  /** rows of the index's page index (`<fts>_idx`): 4 275 for the lines and 11 438 for their word pairs at 200 000 lines */
  MAX_INDEX_ROWS: 8_192,
  QUIET_MS: 60_000,
  WHOLE_EVERY_MS: 10 * 60_000,
};

/**
 * Merges the segments that writes add to the SQLite FTS5 indexes (migration 0035 says why). A call looks at
 * each index's structure record (one row) and, when it changed since the index was last left merged, runs
 * FTS5's 'merge' command in small steps, each its own short write on the writer connection, yielding to
 * the event loop between them, until a step changes nothing. The FTS5 manual's way to merge incrementally;
 * 'optimize' would rewrite the whole index in one write (about a second per 200 000 subtitle lines). A
 * quiet index of more than one segment is merged whole in the same small steps (a negative 'merge'; see
 * WHOLE_MERGE).
 */
export class SqliteIndexTidy {
  /** each index's structure when the steps last left it merged, and when they did */
  private readonly mergedAt = new Map<string, { structure: Buffer; at: number }>();
  /** when each index was last merged whole (or found too big), and its structure then */
  private readonly wholeAt = new Map<string, { structure: Buffer; at: number }>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly whole = WHOLE_MERGE,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Merges what writes left since the last call; resolves to the number of steps that merged something.
   * One call at a time (services/search-index-tidying.ts waits for one before the next).
   */
  async run(): Promise<number> {
    let steps = 0;
    for (const fts of FTS5_INDEXES) steps += await this.tidy(fts);
    return steps;
  }

  private async tidy(fts: string): Promise<number> {
    const structure = await this.structure(fts);
    if (!structure) return 0;
    const merged = this.mergedAt.get(fts);
    // nothing written since the steps last left it merged
    if (merged?.structure.equals(structure)) return this.mergeWholeIfDue(fts, structure, merged.at);
    return this.mergeSteps(fts, structure, STEP_PAGES);
  }

  /**
   * Runs FTS5's 'merge' in steps of `pages` until a step changes nothing (positive: segments of one level;
   * negative: all of them, whatever their level). Resolves to the steps that merged something.
   */
  private async mergeSteps(fts: string, structure: Buffer, pages: number): Promise<number> {
    for (let steps = 0; steps < MAX_STEPS; steps++) {
      await sql.raw(`INSERT INTO ${fts}(${fts}, rank) VALUES ('merge', ${pages})`).execute(this.db);
      const after = await this.structure(fts);
      if (!after || after.equals(structure)) {
        this.mergedAt.set(fts, { structure, at: this.now() });
        return steps;
      }
      structure = after;
      await nextTurn();
    }
    return MAX_STEPS; // the next call goes on
  }

  /** Merges a quiet index of more than one segment into one when WHOLE_MERGE says it is due. */
  private async mergeWholeIfDue(fts: string, structure: Buffer, quietSince: number): Promise<number> {
    const last = this.wholeAt.get(fts);
    const now = this.now();
    if (last?.structure.equals(structure) || now - quietSince < this.whole.QUIET_MS) return 0;
    if (last && now - last.at < this.whole.WHOLE_EVERY_MS) return 0;
    // the page index's rows, read no further than the limit: a big index costs no full scan each time
    const { rows } = await sql<{ indexRows: number; segments: number }>`
      SELECT count(*) AS "indexRows", count(DISTINCT segid) AS segments
      FROM (SELECT segid FROM ${sql.raw(`${fts}_idx`)} LIMIT ${this.whole.MAX_INDEX_ROWS + 1})`.execute(
      this.db,
    );
    const { indexRows, segments } = rows[0]!;
    const steps =
      segments > 1 && indexRows <= this.whole.MAX_INDEX_ROWS
        ? await this.mergeSteps(fts, structure, -STEP_PAGES)
        : 0;
    this.wholeAt.set(fts, { structure: this.mergedAt.get(fts)!.structure, at: this.now() });
    return steps;
  }

  /** FTS5's structure record (row 10 of its data table): which segments the index has, at which level. */
  private async structure(fts: string): Promise<Buffer | undefined> {
    const { rows } = await sql<{
      block: Buffer;
    }>`SELECT block FROM ${sql.raw(`${fts}_data`)} WHERE id = 10`.execute(this.db);
    return rows[0]?.block;
  }
}
