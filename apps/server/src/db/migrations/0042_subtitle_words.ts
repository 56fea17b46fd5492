/* eslint-disable @typescript-eslint/no-explicit-any -- a migration sees the schema of its own time, not the current types */
import { sql, type Kysely } from 'kysely';
import type { Engine } from '../dialect.ts';

/**
 * Issue 19, SQLite: the words of the subtitle lines in a table of their own (`subtitle_words`), for the
 * typo probes. A typo search looks up 300-550 candidate spellings of a word; as FTS5 MATCHes that was
 * 1.0 ms a search at 10 million lines (more while writes leave segments to merge), half of a typo search's
 * statements, where this B-tree answers the same look-ups in 0.1 ms. Kept by triggers, so every writer
 * (downloads, refreshes, restores) keeps it whole; the words come from our word rules (`tk_probed_words`,
 * search-text.ts), as the pairs of 0009 do, and only those a probe can look for (three letters or more).
 * A deleted line's words stay until `search rebuild`: a typo search may then widen a query with a word no
 * line holds any more, which finds nothing. Writing a video's 1 800 lines costs 20-30 ms more (11-17 %);
 * listing 10 million lines here took 3 min. PostgreSQL probes its own index (pg-word-lookup.ts).
 */
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  if (engine !== 'sqlite') return;
  const { rows } = await sql<{ n: number }>`SELECT count(*) AS n FROM subtitle_fragments`.execute(db);
  const lines = Number(rows[0]?.n ?? 0);
  // a big archive takes minutes here; say so rather than look stuck
  if (lines > 500_000) {
    process.stderr.write(
      `Listing the words of ${lines} subtitle lines for typo search (migration 0042); ` +
        `this takes about ${Math.ceil(lines / 3_300_000)} min and runs once.\n`,
    );
  }
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

/** The words of a line, from the row named `r`, into the list (words already there are skipped). */
const addWords = (r: string) =>
  `INSERT OR IGNORE INTO subtitle_words(word) SELECT value FROM json_each(tk_probed_words(${r}.line));`;

const SUBTITLE_WORDS_FILL = `INSERT OR IGNORE INTO subtitle_words(word)
  SELECT w.value FROM subtitle_fragments s, json_each(tk_probed_words(s.line)) w`;

const STATEMENTS = [
  `CREATE TABLE subtitle_words (word TEXT PRIMARY KEY) WITHOUT ROWID`,
  // named like the search triggers of 0006, which bulk loads (the search bench's seed) drop and put back
  `CREATE TRIGGER subtitle_words_search_ai AFTER INSERT ON subtitle_fragments BEGIN ${addWords('new')} END`,
  `CREATE TRIGGER subtitle_words_search_au AFTER UPDATE OF line ON subtitle_fragments BEGIN ${addWords('new')} END`,
  SUBTITLE_WORDS_FILL,
];
