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
 * Merges the segments that writes add to the SQLite FTS5 indexes (migration 0035 says why). A call looks at
 * each index's structure record (one row) and, when it changed since the index was last left merged, runs
 * FTS5's 'merge' command in small steps, each its own short write on the writer connection, yielding to
 * the event loop between them, until a step changes nothing. The FTS5 manual's way to merge incrementally;
 * 'optimize' would rewrite the whole index in one write (about a second per 200 000 subtitle lines).
 */
export class SqliteIndexTidy {
  private readonly mergedAt = new Map<string, Buffer>();

  constructor(private readonly db: Kysely<Database>) {}

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
    let structure = await this.structure(fts);
    if (!structure || this.mergedAt.get(fts)?.equals(structure)) return 0;
    for (let steps = 0; steps < MAX_STEPS; steps++) {
      await sql.raw(`INSERT INTO ${fts}(${fts}, rank) VALUES ('merge', ${STEP_PAGES})`).execute(this.db);
      const after = await this.structure(fts);
      if (!after || after.equals(structure)) {
        this.mergedAt.set(fts, structure);
        return steps;
      }
      structure = after;
      await nextTurn();
    }
    return MAX_STEPS; // the next call goes on
  }

  /** FTS5's structure record (row 10 of its data table): which segments the index has, at which level. */
  private async structure(fts: string): Promise<Buffer | undefined> {
    const { rows } = await sql<{
      block: Buffer;
    }>`SELECT block FROM ${sql.raw(`${fts}_data`)} WHERE id = 10`.execute(this.db);
    return rows[0]?.block;
  }
}
