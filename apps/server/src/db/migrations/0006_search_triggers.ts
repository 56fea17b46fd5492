/* eslint-disable @typescript-eslint/no-explicit-any -- a migration sees the schema of its own time, not the current types */
import { sql, type Kysely } from 'kysely';
import type { Engine } from '../dialect.ts';

/**
 * SQLite search triggers without conflict clauses. Inside a trigger, `OR IGNORE`/`OR REPLACE` give way to the
 * conflict algorithm of the statement that fired it, so an `INSERT OR REPLACE INTO videos` turned the
 * search-key insert into a replace (a new key, the old index row left behind) and an `OR IGNORE` writer would
 * have dropped index updates. Each trigger now removes the old index row itself, adds a missing key with
 * `WHERE NOT EXISTS` and inserts plainly, so it behaves the same under every writer. PostgreSQL's triggers
 * (plpgsql `ON CONFLICT`) are not affected.
 */
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  if (engine !== 'sqlite') return;
  for (const name of OLD_TRIGGERS) await sql.raw(`DROP TRIGGER IF EXISTS ${name}`).execute(db);
  for (const statement of TRIGGERS) await sql.raw(statement).execute(db);
}

const OLD_TRIGGERS = [
  ...['videos', 'channels', 'playlists', 'comments', 'subtitle_fragments'].flatMap((t) => [
    `${t}_search_ai`,
    `${t}_search_au`,
    `${t}_search_ad`,
  ]),
  'channels_search_rename',
];

const keyOf = (kind: string, key: string) =>
  `(SELECT id FROM search_keys WHERE kind = '${kind}' AND doc_key = new.${key})`;

/** Index row for `new`: drop the old one (if any), make sure the key exists, insert. */
const upsert = (kind: string, table: string, key: string, columns: string, values: string) => [
  `DELETE FROM ${table}_fts WHERE rowid = ${keyOf(kind, key)};`,
  `INSERT INTO search_keys(kind, doc_key) SELECT '${kind}', new.${key}
     WHERE NOT EXISTS (SELECT 1 FROM search_keys WHERE kind = '${kind}' AND doc_key = new.${key});`,
  `INSERT INTO ${table}_fts(rowid, ${columns}) SELECT ${keyOf(kind, key)}, ${values};`,
];

const remove = (kind: string, table: string, key: string) => [
  `DELETE FROM ${table}_fts WHERE rowid = (SELECT id FROM search_keys WHERE kind = '${kind}' AND doc_key = old.${key});`,
  `DELETE FROM search_keys WHERE kind = '${kind}' AND doc_key = old.${key};`,
];

const trigger = (name: string, event: string, body: string[], when?: string) =>
  `CREATE TRIGGER ${name} ${event} ${when ? `WHEN ${when}` : ''} BEGIN ${body.join('\n')} END`;

const changed = (columns: string[]) => columns.map((c) => `old.${c} IS NOT new.${c}`).join(' OR ');

/** The text each index column holds (JSON lists are indexed as written: the tokenizer skips the punctuation). */
const videoText = (r: string, channelName: string) =>
  `${r}.title, ${r}.tags || ' ' || ${r}.category, ${channelName}, coalesce(${r}.description, '')`;

const VIDEO = upsert(
  'video',
  'videos',
  'youtube_id',
  'title, tags, channel_name, description',
  videoText('new', '(SELECT channel_name FROM channels WHERE channel_id = new.channel_id)'),
);
const CHANNEL = upsert(
  'channel',
  'channels',
  'channel_id',
  'channel_name, channel_tags, channel_description',
  `new.channel_name, new.channel_tags, coalesce(new.channel_description, '')`,
);
const PLAYLIST = upsert(
  'playlist',
  'playlists',
  'playlist_id',
  'playlist_name, playlist_description',
  `new.playlist_name, coalesce(new.playlist_description, '')`,
);
const COMMENT = upsert('comment', 'comments', 'comment_id', 'text', 'new.text');
const VIDEO_FIELDS = ['title', 'tags', 'category', 'description', 'channel_id'];
const CHANNEL_FIELDS = ['channel_name', 'channel_tags', 'channel_description'];
const PLAYLIST_FIELDS = ['playlist_name', 'playlist_description'];

const TRIGGERS = [
  trigger('videos_search_ai', 'AFTER INSERT ON videos', VIDEO),
  trigger('videos_search_au', `AFTER UPDATE OF ${VIDEO_FIELDS} ON videos`, VIDEO, changed(VIDEO_FIELDS)),
  trigger('videos_search_ad', 'AFTER DELETE ON videos', remove('video', 'videos', 'youtube_id')),

  trigger('channels_search_ai', 'AFTER INSERT ON channels', CHANNEL),
  trigger(
    'channels_search_au',
    `AFTER UPDATE OF ${CHANNEL_FIELDS} ON channels`,
    CHANNEL,
    changed(CHANNEL_FIELDS),
  ),
  // the channel name is part of every video document of the channel
  trigger(
    'channels_search_rename',
    'AFTER UPDATE OF channel_name ON channels',
    [
      `DELETE FROM videos_fts WHERE rowid IN (SELECT k.id FROM videos v
         JOIN search_keys k ON k.kind = 'video' AND k.doc_key = v.youtube_id WHERE v.channel_id = new.channel_id);`,
      `INSERT INTO videos_fts(rowid, title, tags, channel_name, description)
         SELECT k.id, ${videoText('v', 'new.channel_name')} FROM videos v
         JOIN search_keys k ON k.kind = 'video' AND k.doc_key = v.youtube_id WHERE v.channel_id = new.channel_id;`,
    ],
    'old.channel_name IS NOT new.channel_name',
  ),
  trigger('channels_search_ad', 'AFTER DELETE ON channels', remove('channel', 'channels', 'channel_id')),

  trigger('playlists_search_ai', 'AFTER INSERT ON playlists', PLAYLIST),
  trigger(
    'playlists_search_au',
    `AFTER UPDATE OF ${PLAYLIST_FIELDS} ON playlists`,
    PLAYLIST,
    changed(PLAYLIST_FIELDS),
  ),
  trigger('playlists_search_ad', 'AFTER DELETE ON playlists', remove('playlist', 'playlists', 'playlist_id')),

  trigger('comments_search_ai', 'AFTER INSERT ON comments', COMMENT),
  trigger('comments_search_au', 'AFTER UPDATE OF text ON comments', COMMENT, changed(['text'])),
  trigger('comments_search_ad', 'AFTER DELETE ON comments', remove('comment', 'comments', 'comment_id')),

  // a new fragment id has no index row; under an outer OR REPLACE this insert replaces the old one
  trigger('subtitle_fragments_search_ai', 'AFTER INSERT ON subtitle_fragments', [
    'INSERT INTO subtitle_fragments_fts(rowid, line) VALUES (new.id, new.line);',
  ]),
  trigger('subtitle_fragments_search_au', 'AFTER UPDATE OF id, line ON subtitle_fragments', [
    'DELETE FROM subtitle_fragments_fts WHERE rowid = old.id;',
    'INSERT INTO subtitle_fragments_fts(rowid, line) VALUES (new.id, new.line);',
  ]),
  trigger('subtitle_fragments_search_ad', 'AFTER DELETE ON subtitle_fragments', [
    'DELETE FROM subtitle_fragments_fts WHERE rowid = old.id;',
  ]),
];
