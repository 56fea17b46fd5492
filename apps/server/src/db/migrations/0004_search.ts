/* eslint-disable @typescript-eslint/no-explicit-any -- a migration sees the schema of its own time, not the current types */
import { sql, type Kysely } from 'kysely';
import type { Engine } from '../dialect.ts';

/**
 * Full-text search (DESIGN §4): an index per searchable kind, kept in step with the tables by triggers, so
 * every writer (manual import, downloader, refresh, delete) updates search without knowing about it.
 *
 * SQLite: contentless FTS5 tables (the text stays in the tables only) with `contentless_delete`, so a row
 * can be removed without repeating its old text. Kinds keyed by text (videos, channels, playlists,
 * comments) get a stable integer row id from `search_keys`: the implicit rowid of those tables may change
 * on VACUUM. Subtitle fragments use their own integer id.
 *
 * PostgreSQL: one side table per kind holding a weighted tsvector (A title/name, B tags, C channel name,
 * D description: the same order as the SQLite column weights) with a GIN index; `tk_search` is the `simple`
 * configuration plus `unaccent`, matching SQLite's unicode61 remove_diacritics.
 */
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  const statements = engine === 'postgres' ? await postgresStatements(db) : SQLITE_STATEMENTS;
  for (const statement of statements) await sql.raw(statement).execute(db);
}

const FTS_OPTIONS = `content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 2', prefix='2 3'`;

/** The text each index column holds, from a row named `r` (JSON lists are indexed as written: the tokenizer skips the punctuation). */
const VIDEO_COLUMNS = (r: string, channelName: string) =>
  `${r}.title, ${r}.tags || ' ' || ${r}.category, ${channelName}, coalesce(${r}.description, '')`;

const keyed = (kind: string, table: string, key: string, columns: string, values: string) => [
  `INSERT OR IGNORE INTO search_keys(kind, doc_key) VALUES ('${kind}', new.${key});`,
  `INSERT OR REPLACE INTO ${table}_fts(rowid, ${columns})
     SELECT k.id, ${values} FROM search_keys k WHERE k.kind = '${kind}' AND k.doc_key = new.${key};`,
];

const unkeyed = (kind: string, table: string, key: string) => [
  `DELETE FROM ${table}_fts WHERE rowid = (SELECT id FROM search_keys WHERE kind = '${kind}' AND doc_key = old.${key});`,
  `DELETE FROM search_keys WHERE kind = '${kind}' AND doc_key = old.${key};`,
];

const trigger = (name: string, event: string, body: string[], when?: string) =>
  `CREATE TRIGGER ${name} ${event} ${when ? `WHEN ${when}` : ''} BEGIN ${body.join('\n')} END`;

const changed = (columns: string[]) => columns.map((c) => `old.${c} IS NOT new.${c}`).join(' OR ');

const VIDEO_UPSERT = keyed(
  'video',
  'videos',
  'youtube_id',
  'title, tags, channel_name, description',
  VIDEO_COLUMNS('new', '(SELECT channel_name FROM channels WHERE channel_id = new.channel_id)'),
);
const CHANNEL_UPSERT = keyed(
  'channel',
  'channels',
  'channel_id',
  'channel_name, channel_tags, channel_description',
  `new.channel_name, new.channel_tags, coalesce(new.channel_description, '')`,
);
const PLAYLIST_UPSERT = keyed(
  'playlist',
  'playlists',
  'playlist_id',
  'playlist_name, playlist_description',
  `new.playlist_name, coalesce(new.playlist_description, '')`,
);
const COMMENT_UPSERT = keyed('comment', 'comments', 'comment_id', 'text', 'new.text');
const FRAGMENT_UPSERT = [
  'INSERT OR REPLACE INTO subtitle_fragments_fts(rowid, line) VALUES (new.id, new.line);',
];

const SQLITE_STATEMENTS = [
  `CREATE TABLE search_keys (id INTEGER PRIMARY KEY, kind TEXT NOT NULL, doc_key TEXT NOT NULL)`,
  `CREATE UNIQUE INDEX search_keys_doc_idx ON search_keys(kind, doc_key)`,
  `CREATE VIRTUAL TABLE videos_fts USING fts5(title, tags, channel_name, description, ${FTS_OPTIONS})`,
  `CREATE VIRTUAL TABLE channels_fts USING fts5(channel_name, channel_tags, channel_description, ${FTS_OPTIONS})`,
  `CREATE VIRTUAL TABLE playlists_fts USING fts5(playlist_name, playlist_description, ${FTS_OPTIONS})`,
  `CREATE VIRTUAL TABLE subtitle_fragments_fts USING fts5(line, ${FTS_OPTIONS})`,
  `CREATE VIRTUAL TABLE comments_fts USING fts5(text, ${FTS_OPTIONS})`,

  trigger('videos_search_ai', 'AFTER INSERT ON videos', VIDEO_UPSERT),
  trigger(
    'videos_search_au',
    'AFTER UPDATE OF title, tags, category, description, channel_id ON videos',
    VIDEO_UPSERT,
    changed(['title', 'tags', 'category', 'description', 'channel_id']),
  ),
  trigger('videos_search_ad', 'AFTER DELETE ON videos', unkeyed('video', 'videos', 'youtube_id')),

  trigger('channels_search_ai', 'AFTER INSERT ON channels', CHANNEL_UPSERT),
  trigger(
    'channels_search_au',
    'AFTER UPDATE OF channel_name, channel_tags, channel_description ON channels',
    CHANNEL_UPSERT,
    changed(['channel_name', 'channel_tags', 'channel_description']),
  ),
  // the channel name is part of every video document of the channel
  trigger(
    'channels_search_rename',
    'AFTER UPDATE OF channel_name ON channels',
    [
      `INSERT OR REPLACE INTO videos_fts(rowid, title, tags, channel_name, description)
         SELECT k.id, ${VIDEO_COLUMNS('v', 'new.channel_name')} FROM videos v
         JOIN search_keys k ON k.kind = 'video' AND k.doc_key = v.youtube_id WHERE v.channel_id = new.channel_id;`,
    ],
    'old.channel_name IS NOT new.channel_name',
  ),
  trigger('channels_search_ad', 'AFTER DELETE ON channels', unkeyed('channel', 'channels', 'channel_id')),

  trigger('playlists_search_ai', 'AFTER INSERT ON playlists', PLAYLIST_UPSERT),
  trigger(
    'playlists_search_au',
    'AFTER UPDATE OF playlist_name, playlist_description ON playlists',
    PLAYLIST_UPSERT,
    changed(['playlist_name', 'playlist_description']),
  ),
  trigger(
    'playlists_search_ad',
    'AFTER DELETE ON playlists',
    unkeyed('playlist', 'playlists', 'playlist_id'),
  ),

  trigger('comments_search_ai', 'AFTER INSERT ON comments', COMMENT_UPSERT),
  trigger('comments_search_au', 'AFTER UPDATE OF text ON comments', COMMENT_UPSERT, changed(['text'])),
  trigger('comments_search_ad', 'AFTER DELETE ON comments', unkeyed('comment', 'comments', 'comment_id')),

  trigger('subtitle_fragments_search_ai', 'AFTER INSERT ON subtitle_fragments', FRAGMENT_UPSERT),
  trigger('subtitle_fragments_search_au', 'AFTER UPDATE OF id, line ON subtitle_fragments', [
    'DELETE FROM subtitle_fragments_fts WHERE rowid = old.id;',
    ...FRAGMENT_UPSERT,
  ]),
  trigger('subtitle_fragments_search_ad', 'AFTER DELETE ON subtitle_fragments', [
    'DELETE FROM subtitle_fragments_fts WHERE rowid = old.id;',
  ]),

  // rows that existed before this migration
  ...['channels', 'videos', 'playlists', 'comments', 'subtitle_fragments'].map(
    (table) => `INSERT INTO ${table}_fts(${table}_fts) VALUES ('delete-all')`,
  ),
  `INSERT INTO search_keys(kind, doc_key)
     SELECT 'channel', channel_id FROM channels UNION ALL SELECT 'video', youtube_id FROM videos
     UNION ALL SELECT 'playlist', playlist_id FROM playlists UNION ALL SELECT 'comment', comment_id FROM comments`,
  `INSERT INTO channels_fts(rowid, channel_name, channel_tags, channel_description)
     SELECT k.id, c.channel_name, c.channel_tags, coalesce(c.channel_description, '') FROM channels c
     JOIN search_keys k ON k.kind = 'channel' AND k.doc_key = c.channel_id`,
  `INSERT INTO videos_fts(rowid, title, tags, channel_name, description)
     SELECT k.id, ${VIDEO_COLUMNS('v', 'c.channel_name')} FROM videos v
     JOIN channels c ON c.channel_id = v.channel_id JOIN search_keys k ON k.kind = 'video' AND k.doc_key = v.youtube_id`,
  `INSERT INTO playlists_fts(rowid, playlist_name, playlist_description)
     SELECT k.id, p.playlist_name, coalesce(p.playlist_description, '') FROM playlists p
     JOIN search_keys k ON k.kind = 'playlist' AND k.doc_key = p.playlist_id`,
  `INSERT INTO comments_fts(rowid, text)
     SELECT k.id, c.text FROM comments c JOIN search_keys k ON k.kind = 'comment' AND k.doc_key = c.comment_id`,
  `INSERT INTO subtitle_fragments_fts(rowid, line) SELECT id, line FROM subtitle_fragments`,
];

/** Extensions are per database while tests use one schema per file: create them once, under a lock. */
async function postgresStatements(db: Kysely<any>): Promise<string[]> {
  await sql`SELECT pg_advisory_xact_lock(hashtext('tubekeeper:search-extensions'))`.execute(db);
  await sql`CREATE EXTENSION IF NOT EXISTS unaccent WITH SCHEMA public`.execute(db);
  const { rows } = await sql<{ schema: string }>`
    SELECT n.nspname AS schema FROM pg_ts_dict d JOIN pg_namespace n ON n.oid = d.dictnamespace
    WHERE d.dictname = 'unaccent'`.execute(db);
  const unaccent = `"${rows[0]!.schema}".unaccent`;
  return [
    `CREATE TEXT SEARCH CONFIGURATION tk_search (COPY = pg_catalog.simple)`,
    `ALTER TEXT SEARCH CONFIGURATION tk_search ALTER MAPPING FOR
       asciiword, word, numword, asciihword, hword, numhword, hword_asciipart, hword_part, hword_numpart
       WITH ${unaccent}, pg_catalog.simple`,
    // punctuation that PostgreSQL's parser would keep inside one token (hosts, files, e-mail) splits words, as in SQLite
    `CREATE FUNCTION tk_search_vector(body text, weight "char") RETURNS tsvector LANGUAGE sql STABLE AS $$
       SELECT setweight(to_tsvector('tk_search', translate(coalesce(body, ''), '.@/:_-''+', '        ')), weight)
     $$`,
    ...POSTGRES_TABLES,
    ...POSTGRES_TRIGGERS,
    ...POSTGRES_FILL,
  ];
}

const POSTGRES_TABLES = [
  ['videos', 'youtube_id varchar(64) PRIMARY KEY REFERENCES videos(youtube_id) ON DELETE CASCADE'],
  ['channels', 'channel_id varchar(64) PRIMARY KEY REFERENCES channels(channel_id) ON DELETE CASCADE'],
  ['playlists', 'playlist_id varchar(128) PRIMARY KEY REFERENCES playlists(playlist_id) ON DELETE CASCADE'],
  ['comments', 'comment_id varchar(128) PRIMARY KEY REFERENCES comments(comment_id) ON DELETE CASCADE'],
  ['subtitle_fragments', 'id integer PRIMARY KEY REFERENCES subtitle_fragments(id) ON DELETE CASCADE'],
].flatMap(([table, key]) => [
  `CREATE TABLE ${table}_search (${key}, doc tsvector NOT NULL)`,
  `CREATE INDEX ${table}_search_doc_idx ON ${table}_search USING gin (doc)`,
]);

/** The document of each kind, from a row of its table named `r`. */
const PG_DOCS = {
  videos: (
    r: string,
  ) => `tk_search_vector(${r}.title, 'A') || tk_search_vector(${r}.tags || ' ' || ${r}.category, 'B')
      || tk_search_vector((SELECT channel_name FROM channels WHERE channel_id = ${r}.channel_id), 'C')
      || tk_search_vector(${r}.description, 'D')`,
  channels: (
    r: string,
  ) => `tk_search_vector(${r}.channel_name, 'A') || tk_search_vector(${r}.channel_tags, 'B')
      || tk_search_vector(${r}.channel_description, 'D')`,
  playlists: (r: string) =>
    `tk_search_vector(${r}.playlist_name, 'A') || tk_search_vector(${r}.playlist_description, 'D')`,
  comments: (r: string) => `tk_search_vector(${r}.text, 'D')`,
  subtitle_fragments: (r: string) => `tk_search_vector(${r}.line, 'D')`,
};
const PG_KEYS = {
  videos: 'youtube_id',
  channels: 'channel_id',
  playlists: 'playlist_id',
  comments: 'comment_id',
  subtitle_fragments: 'id',
};
const PG_WATCHED = {
  videos: 'title, tags, category, description, channel_id',
  channels: 'channel_name, channel_tags, channel_description',
  playlists: 'playlist_name, playlist_description',
  comments: 'text',
  subtitle_fragments: 'line',
};

/** `<table>_search_doc(row)` computes a row's document; triggers and `search rebuild` both call it. */
const POSTGRES_TRIGGERS = Object.entries(PG_DOCS)
  .flatMap(([table, doc]) => {
    const key = PG_KEYS[table as keyof typeof PG_KEYS];
    return [
      `CREATE FUNCTION ${table}_search_doc(r ${table}) RETURNS tsvector LANGUAGE sql STABLE AS $$ SELECT ${doc('r')} $$`,
      `CREATE FUNCTION ${table}_search_sync() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
       INSERT INTO ${table}_search (${key}, doc) VALUES (NEW.${key}, ${table}_search_doc(NEW))
       ON CONFLICT (${key}) DO UPDATE SET doc = EXCLUDED.doc;
       RETURN NULL;
     END $$`,
      `CREATE TRIGGER ${table}_search_sync AFTER INSERT OR UPDATE OF ${PG_WATCHED[table as keyof typeof PG_WATCHED]}
       ON ${table} FOR EACH ROW EXECUTE FUNCTION ${table}_search_sync()`,
    ];
  })
  .concat([
    // the channel name is part of every video document of the channel
    `CREATE FUNCTION channels_search_rename() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
     UPDATE videos_search s SET doc = videos_search_doc(v) FROM videos v
     WHERE v.channel_id = NEW.channel_id AND s.youtube_id = v.youtube_id;
     RETURN NULL;
   END $$`,
    `CREATE TRIGGER channels_search_rename AFTER UPDATE OF channel_name ON channels FOR EACH ROW
     WHEN (OLD.channel_name IS DISTINCT FROM NEW.channel_name) EXECUTE FUNCTION channels_search_rename()`,
  ]);

const POSTGRES_FILL = Object.entries(PG_KEYS).map(
  ([table, key]) =>
    `INSERT INTO ${table}_search (${key}, doc) SELECT r.${key}, ${table}_search_doc(r) FROM ${table} r`,
);
