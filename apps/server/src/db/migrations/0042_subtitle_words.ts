/* eslint-disable @typescript-eslint/no-explicit-any -- a migration sees the schema of its own time, not the current types */
import { sql, type Kysely } from 'kysely';
import type { Engine } from '../dialect.ts';

/**
 * Issue 19: the words of the subtitle lines in a table of their own (`subtitle_words`), for the typo
 * probes. A typo search looks up 300-550 candidate spellings of a word. On SQLite those were as many FTS5
 * MATCHes, 1.0 ms a search at 10 million lines (more while writes leave segments to merge), half of a typo
 * search's statements, where this B-tree answers the same look-ups in 0.1 ms; on PostgreSQL as many GIN
 * index scans (the database's CPU per typo search 6.7 → 4.5 ms). Kept by triggers, so every writer
 * (downloads, refreshes, restores) keeps it whole, and only with the words a probe can look for (three
 * letters or more): on SQLite from our word rules (`tk_probed_words`, search-text.ts), as the pairs of
 * 0009; on PostgreSQL the lexemes of the lines' documents, once per insert statement, in word order (two
 * writers adding the same new words wait for each other in the same order, never in a cycle). A deleted
 * line's words stay until `search rebuild`: a typo search may then widen a query with a word no line
 * holds any more, which finds nothing. Writing a video's 1 800 lines costs 20-30 ms more on SQLite
 * (11-17 %) and ~90 ms more on PostgreSQL (5 ms a 100-line insert, ~11 %); listing 10 million lines here
 * took 3 min on SQLite and 82 s on PostgreSQL.
 */
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  const { rows } = await sql<{ n: number }>`SELECT count(*) AS n FROM subtitle_fragments`.execute(db);
  const lines = Number(rows[0]?.n ?? 0);
  // a big archive takes minutes here; say so rather than look stuck
  if (lines > 500_000) {
    process.stderr.write(
      `Listing the words of ${lines} subtitle lines for typo search (migration 0042); ` +
        `this takes about ${Math.ceil(lines / 3_300_000)} min and runs once.\n`,
    );
  }
  const statements = engine === 'sqlite' ? SQLITE_STATEMENTS : POSTGRES_STATEMENTS;
  for (const statement of statements) await sql.raw(statement).execute(db);
}

/** The words of a line, from the row named `r`, into the list (words already there are skipped). */
const addWords = (r: string) =>
  `INSERT OR IGNORE INTO subtitle_words(word) SELECT value FROM json_each(tk_probed_words(${r}.line));`;

const SUBTITLE_WORDS_FILL = `INSERT OR IGNORE INTO subtitle_words(word)
  SELECT w.value FROM subtitle_fragments s, json_each(tk_probed_words(s.line)) w`;

const SQLITE_STATEMENTS = [
  `CREATE TABLE subtitle_words (word TEXT PRIMARY KEY) WITHOUT ROWID`,
  // named like the search triggers, which bulk loads (the search bench's seeds) turn off and on again
  `CREATE TRIGGER subtitle_words_search_ai AFTER INSERT ON subtitle_fragments BEGIN ${addWords('new')} END`,
  `CREATE TRIGGER subtitle_words_search_au AFTER UPDATE OF line ON subtitle_fragments BEGIN ${addWords('new')} END`,
  SUBTITLE_WORDS_FILL,
];

/** The distinct lexemes of some lines' documents that a probe can look for. */
const lexemesOf = (lines: string) => `SELECT DISTINCT w.word FROM ${lines}
  CROSS JOIN unnest(tsvector_to_array(s.doc)) AS w(word) WHERE char_length(w.word) >= 3`;

const POSTGRES_STATEMENTS = [
  `CREATE TABLE subtitle_words (word text PRIMARY KEY)`,
  // after the row triggers that write the lines' documents (0004), once per statement: the words not
  // listed yet (a look-up each; inserting every word with ON CONFLICT cost 40 % more), in word order;
  // named like the search triggers, which bulk loads (the search bench's seeds) turn off and on again
  `CREATE FUNCTION subtitle_words_add() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
     INSERT INTO subtitle_words (word)
       SELECT n.word FROM (${lexemesOf('added a JOIN subtitle_fragments_search s ON s.id = a.id')}) n
       WHERE NOT EXISTS (SELECT 1 FROM subtitle_words known WHERE known.word = n.word)
       ORDER BY n.word
     ON CONFLICT DO NOTHING;
     RETURN NULL;
   END $$`,
  `CREATE TRIGGER subtitle_words_search_ai AFTER INSERT ON subtitle_fragments REFERENCING NEW TABLE AS added
     FOR EACH STATEMENT EXECUTE FUNCTION subtitle_words_add()`,
  `CREATE TRIGGER subtitle_words_search_au AFTER UPDATE ON subtitle_fragments REFERENCING NEW TABLE AS added
     FOR EACH STATEMENT EXECUTE FUNCTION subtitle_words_add()`,
  `INSERT INTO subtitle_words (word) ${lexemesOf('subtitle_fragments_search s')}`,
];
