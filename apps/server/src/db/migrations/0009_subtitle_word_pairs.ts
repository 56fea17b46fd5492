/* eslint-disable @typescript-eslint/no-explicit-any -- a migration sees the schema of its own time, not the current types */
import { sql, type Kysely } from 'kysely';
import type { Engine } from '../dialect.ts';

/**
 * SQLite: an index of the neighbouring word pairs of every subtitle line (`subtitle_pairs_fts`), so a phrase
 * like "you know what" is found through the postings of "you_know" and "know_what" instead of stepping
 * through those of "you" (in half of all lines). The pairs come from `tk_word_pairs` (our word rules,
 * search-text.ts), registered on every connection by `openSqlite`; '_' joins a pair into one token.
 * PostgreSQL finds phrases with its positional tsquery operators and needs nothing here.
 */
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  if (engine !== 'sqlite') return;
  const { rows } = await sql<{ n: number }>`SELECT count(*) AS n FROM subtitle_fragments`.execute(db);
  const lines = Number(rows[0]?.n ?? 0);
  // a big archive takes minutes here (10 million lines: ~15 min); say so rather than look stuck
  if (lines > 200_000) {
    process.stderr.write(
      `Indexing the word pairs of ${lines} subtitle lines for phrase search (migration 0009); ` +
        `this takes about ${Math.ceil(lines / 700_000)} min and runs once.\n`,
    );
  }
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

const trigger = (name: string, event: string, body: string[]) =>
  `CREATE TRIGGER ${name} ${event} BEGIN ${body.join('\n')} END`;

const INSERT = 'INSERT INTO subtitle_pairs_fts(rowid, pairs) VALUES (new.id, tk_word_pairs(new.line));';
const DELETE = 'DELETE FROM subtitle_pairs_fts WHERE rowid = old.id;';

const STATEMENTS = [
  `CREATE VIRTUAL TABLE subtitle_pairs_fts USING fts5(pairs, content='', contentless_delete=1,
     tokenize="unicode61 remove_diacritics 0 tokenchars '_'")`,
  trigger('subtitle_pairs_ai', 'AFTER INSERT ON subtitle_fragments', [INSERT]),
  trigger('subtitle_pairs_au', 'AFTER UPDATE OF id, line ON subtitle_fragments', [DELETE, INSERT]),
  trigger('subtitle_pairs_ad', 'AFTER DELETE ON subtitle_fragments', [DELETE]),
  `INSERT INTO subtitle_pairs_fts(rowid, pairs) SELECT id, tk_word_pairs(line) FROM subtitle_fragments`,
  `INSERT INTO subtitle_pairs_fts(subtitle_pairs_fts) VALUES ('optimize')`,
];
