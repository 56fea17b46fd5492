import { sql, type Kysely } from 'kysely';
import type { Database } from '../tables.ts';
import { SEARCH_KEYS } from './pg-rebuild.ts';

const SEARCH_TABLES = Object.keys(SEARCH_KEYS).map((table) => `${table}_search`);
/** PostgreSQL's lock_not_available: a VACUUM holds the table; the next tidy tries again. */
const LOCK_NOT_AVAILABLE = '55P03';

/**
 * Analyzes the `doc` column of each search table whose rows changed by more than a tenth since it was last
 * analyzed (autoanalyze's own threshold), at most once a minute; resolves to the tables analyzed. The typo probes skip the common
 * words pg_stats names (pg-word-frequency.ts), and a word the statistics do not know yet costs the bitmap of
 * all its rows per probe: after download runs on a PostgreSQL with autovacuum off (the bench machine's),
 * 37-44 ms a probe statement against 20-25, and every API read queued behind. Only `doc`: the whole table
 * also evaluates the word-pair expression of migration 0036 for each of the 30 000 sampled lines, 4.1-4.9 s
 * of CPU on the bench's 210 000 lines against 0.19 s for the column. With autovacuum on this rarely finds a
 * table to analyze, and sooner when it does.
 */
export async function refreshSearchStatistics(db: Kysely<Database>): Promise<string[]> {
  const { rows } = await sql<{ table: string }>`
    SELECT relname AS table FROM pg_stat_user_tables
    WHERE schemaname = current_schema() AND relname = ANY(${SEARCH_TABLES}::text[])
      AND n_mod_since_analyze > 50 + 0.1 * n_live_tup
      -- at most once a minute: the writers' counts reach pg_stat_user_tables seconds late, after an ANALYZE
      AND coalesce(greatest(last_analyze, last_autoanalyze), 'epoch') < now() - interval '1 minute'`.execute(
    db,
  );
  const analyzed: string[] = [];
  for (const { table } of rows) {
    const done = await db
      .transaction()
      .execute(async (trx) => {
        await sql`SET LOCAL lock_timeout = '1s'`.execute(trx);
        await sql.raw(`ANALYZE ${table} (doc)`).execute(trx);
      })
      .then(
        () => true,
        (error: unknown) => {
          if ((error as { code?: string }).code === LOCK_NOT_AVAILABLE) return false;
          throw error;
        },
      );
    if (done) analyzed.push(table);
  }
  return analyzed;
}
