/* eslint-disable @typescript-eslint/no-explicit-any -- a migration sees the schema of its own time, not the current types */
import { sql, type Kysely } from 'kysely';
import type { Engine } from '../dialect.ts';

/**
 * Issue 19, PostgreSQL: `tk_word_pair_keys` (0036) tells the planner what it costs. Measured at 61 µs a line
 * (unnest, self-join and md5 of each pair; `ts_match_vq` on the same line: 0.9 µs), while the planner took it
 * for a default SQL function (100, a quarter of a page read). So for a pair key in 1 % of the lines it chose
 * to compute the keys of every line in table order until 100 matched, rather than read the index it is built
 * for: 0.6-1.3 s for a phrase like "a and" at 10 million lines. 5 000 (about 6 page reads) is what it costs.
 */
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  if (engine !== 'postgres') return;
  await sql`ALTER FUNCTION tk_word_pair_keys(tsvector) COST 5000`.execute(db);
}
