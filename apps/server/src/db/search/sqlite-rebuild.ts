/**
 * Re-creates the SQLite FTS5 indexes from the tables (`tubekeeper search rebuild`): empties them, gives every
 * keyed row a fresh search key, refills, then merges the index segments for faster queries. The column
 * texts are the ones the triggers of migration 0004 write. The subtitle lines' word list (migration 0042)
 * is made again too, which drops the words of deleted lines.
 */
const FTS_TABLES = ['videos', 'channels', 'playlists', 'comments', 'subtitle_fragments'];

/** Every FTS5 index: one per table above, and the word pairs of the subtitle lines (migration 0009). */
export const FTS5_INDEXES = [...FTS_TABLES, 'subtitle_pairs'].map((t) => `${t}_fts`);

const VIDEO_TEXT = `v.title, v.tags || ' ' || v.category, c.channel_name, coalesce(v.description, '')`;

export const SQLITE_REBUILD: string[] = [
  ...FTS5_INDEXES.map((fts) => `INSERT INTO ${fts}(${fts}) VALUES ('delete-all')`),
  `DELETE FROM search_keys`,
  `INSERT INTO search_keys(kind, doc_key)
     SELECT 'channel', channel_id FROM channels UNION ALL SELECT 'video', youtube_id FROM videos
     UNION ALL SELECT 'playlist', playlist_id FROM playlists UNION ALL SELECT 'comment', comment_id FROM comments`,
  `INSERT INTO channels_fts(rowid, channel_name, channel_tags, channel_description)
     SELECT k.id, c.channel_name, c.channel_tags, coalesce(c.channel_description, '') FROM channels c
     JOIN search_keys k ON k.kind = 'channel' AND k.doc_key = c.channel_id`,
  `INSERT INTO videos_fts(rowid, title, tags, channel_name, description)
     SELECT k.id, ${VIDEO_TEXT} FROM videos v JOIN channels c ON c.channel_id = v.channel_id
     JOIN search_keys k ON k.kind = 'video' AND k.doc_key = v.youtube_id`,
  `INSERT INTO playlists_fts(rowid, playlist_name, playlist_description)
     SELECT k.id, p.playlist_name, coalesce(p.playlist_description, '') FROM playlists p
     JOIN search_keys k ON k.kind = 'playlist' AND k.doc_key = p.playlist_id`,
  `INSERT INTO comments_fts(rowid, text)
     SELECT k.id, c.text FROM comments c JOIN search_keys k ON k.kind = 'comment' AND k.doc_key = c.comment_id`,
  `INSERT INTO subtitle_fragments_fts(rowid, line) SELECT id, line FROM subtitle_fragments`,
  `INSERT INTO subtitle_pairs_fts(rowid, pairs) SELECT id, tk_word_pairs(line) FROM subtitle_fragments`,
  `DELETE FROM subtitle_words`,
  `INSERT OR IGNORE INTO subtitle_words(word)
     SELECT w.value FROM subtitle_fragments s, json_each(tk_probed_words(s.line)) w`,
  ...FTS5_INDEXES.map((fts) => `INSERT INTO ${fts}(${fts}) VALUES ('optimize')`),
];
