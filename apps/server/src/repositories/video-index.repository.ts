import { sql, type Insertable, type Kysely, type Transaction } from 'kysely';
import type {
  ChannelsTable,
  CommentsTable,
  Database,
  PlaylistEntriesTable,
  PlaylistsTable,
  SubtitleFragmentsTable,
  SubtitlesTable,
  VideosTable,
} from '../db/tables.ts';

/** Everything the archive stores about one video, written together. */
export interface VideoBundle {
  /** inserted when the channel is not known yet; an existing channel is kept (only its tabs grow) */
  channel: Insertable<ChannelsTable>;
  video: Insertable<VideosTable> & Pick<VideosTable, 'youtube_id' | 'vid_type'>;
  subtitles: Insertable<SubtitlesTable>[];
  fragments: Insertable<SubtitleFragmentsTable>[];
  /** null keeps the stored comments and comment_count (the new source had none) */
  comments: Insertable<CommentsTable>[] | null;
}

export interface StoredVideoFiles {
  channel_id: string;
  media_url: string;
  vid_last_refresh: number;
  subtitle_urls: string[];
}

/**
 * Rows per INSERT. On SQLite each statement runs on the main thread, search triggers included: 500
 * subtitle lines held it for ~40 ms, 100 for ~8 ms, and between statements the API answers (its reads
 * use their own connection, `db/sqlite-read-routing.ts`). Well under both engines' parameter limits.
 */
const CHUNK = 100;

/** The fields a re-index keeps: the download date (watched marks and positions live in their own tables). */
const KEEP_ON_REINDEX = new Set(['youtube_id', 'date_downloaded']);

/** Writes a video's bundle somewhere other than the caller's thread (SQLite's video writer thread). */
export interface VideoBundleWriter {
  writeVideo(bundle: VideoBundle): Promise<void>;
}

/** Writes of indexed videos, channels and playlists, each in one transaction. */
export class VideoIndexRepository {
  /** `bundles`: where `writeVideo` hands a video (SQLite's writer thread); without it, written here in chunks */
  constructor(
    private readonly db: Kysely<Database>,
    private readonly bundles?: VideoBundleWriter,
  ) {}

  /** Where the stored video's files are, so a re-index can remove the ones it no longer uses. */
  async storedFiles(videoId: string): Promise<StoredVideoFiles | undefined> {
    const video = await this.db
      .selectFrom('videos')
      .select(['channel_id', 'media_url', 'vid_last_refresh'])
      .where('youtube_id', '=', videoId)
      .executeTakeFirst();
    if (!video) return undefined;
    const subtitles = await this.db
      .selectFrom('subtitles')
      .select('media_url')
      .where('youtube_id', '=', videoId)
      .execute();
    return { ...video, subtitle_urls: subtitles.map((s) => s.media_url) };
  }

  /**
   * The video with its channel, subtitles, fragments and comments, and its removal from the download
   * queue, all or nothing. A video that is already stored is updated in place, so its watch progress,
   * playlist membership and watched marks survive.
   */
  async writeVideo(bundle: VideoBundle): Promise<void> {
    if (this.bundles) return this.bundles.writeVideo(bundle);
    await writeVideoBundle(this.db, bundle, insertChunked);
  }

  /** A channel from its own metadata: replaces name, counts, description, tags and art, keeps the rest. */
  async writeChannel(channel: Insertable<ChannelsTable>): Promise<void> {
    const { channel_subscribed: _s, channel_overwrites: _o, channel_tabs: _t, ...update } = channel;
    await this.db
      .transaction()
      .execute((trx) => upsert(trx, 'channels', 'channel_id', channel.channel_id, channel, update));
  }

  /** A regular playlist and its entries; the subscription and sort order of a stored one are kept. */
  async writePlaylist(
    playlist: Insertable<PlaylistsTable> & { playlist_id: string },
    entries: Insertable<PlaylistEntriesTable>[],
  ): Promise<void> {
    const { playlist_subscribed: _s, playlist_sort_order: _o, ...update } = playlist;
    await this.db.transaction().execute(async (trx) => {
      await upsert(trx, 'playlists', 'playlist_id', playlist.playlist_id, playlist, update);
      await trx.deleteFrom('playlist_entries').where('playlist_id', '=', playlist.playlist_id).execute();
      await insertChunked(trx, 'playlist_entries', entries);
    });
  }

  /** Which of these ids are archived videos, in the given order. */
  async archivedIds(ids: string[]): Promise<string[]> {
    if (!ids.length) return [];
    const rows = await this.db
      .selectFrom('videos')
      .select('youtube_id')
      .where('youtube_id', 'in', ids)
      .execute();
    const found = new Set(rows.map((r) => r.youtube_id));
    return ids.filter((id) => found.has(id));
  }
}

/** How a write puts many rows into a table inside its transaction. */
export type RowInserter = typeof insertChunked;

/** `VideoIndexRepository.writeVideo`'s transaction, on `db`, with the many rows inserted by `insertRows`. */
export async function writeVideoBundle(
  db: Kysely<Database>,
  bundle: VideoBundle,
  insertRows: RowInserter,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await ensureChannel(trx, bundle.channel, bundle.video.vid_type);
    const update = Object.fromEntries(
      Object.entries(bundle.video).filter(
        ([key]) => !KEEP_ON_REINDEX.has(key) && !(key === 'comment_count' && bundle.comments === null),
      ),
    );
    const id = bundle.video.youtube_id;
    await upsert(trx, 'videos', 'youtube_id', id, bundle.video, update);
    await trx.deleteFrom('subtitle_fragments').where('youtube_id', '=', id).execute();
    await trx.deleteFrom('subtitles').where('youtube_id', '=', id).execute();
    if (bundle.subtitles.length) await trx.insertInto('subtitles').values(bundle.subtitles).execute();
    await insertRows(trx, 'subtitle_fragments', bundle.fragments);
    if (bundle.comments) {
      await trx.deleteFrom('comments').where('youtube_id', '=', id).execute();
      await insertRows(trx, 'comments', bundle.comments);
    }
    await trx.deleteFrom('download_queue').where('youtube_id', '=', id).execute();
  });
}

/** Inserts the channel when unknown; either way records that it has this kind of video. */
async function ensureChannel(
  trx: Transaction<Database>,
  channel: Insertable<ChannelsTable>,
  vidType: string,
): Promise<void> {
  const row = await trx
    .selectFrom('channels')
    .select('channel_tabs')
    .where('channel_id', '=', channel.channel_id)
    .executeTakeFirst();
  if (!row) {
    await trx.insertInto('channels').values(channel).execute();
    return;
  }
  const tabs = JSON.parse(row.channel_tabs) as string[];
  if (tabs.includes(vidType)) return;
  await trx
    .updateTable('channels')
    .set({ channel_tabs: JSON.stringify([...tabs, vidType]) })
    .where('channel_id', '=', channel.channel_id)
    .execute();
}

/**
 * Update, else insert, inside the caller's transaction (one import runs at a time, so nothing inserts the
 * same key in between). Not INSERT … ON CONFLICT DO UPDATE: SQLite lets an upsert's conflict handling
 * override the OR IGNORE inside triggers, and the search index's triggers rely on OR IGNORE.
 */
async function upsert<T extends 'videos' | 'channels' | 'playlists'>(
  trx: Transaction<Database>,
  table: T,
  key: string,
  id: string,
  row: Insertable<Database[T]>,
  update: Record<string, unknown>,
): Promise<void> {
  // Kysely cannot relate a generic table name to its columns; the signature above keeps callers honest
  const updated = await trx
    .updateTable(table as 'videos')
    .set(update as never)
    .where(key as 'youtube_id', '=', id)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0)
    await trx
      .insertInto(table)
      .values(row as never)
      .execute();
}

/**
 * Rows inserted a chunk at a time (SQLite caps the bound parameters of one statement). Between chunks the
 * event loop answers waiting requests: on SQLite every statement runs synchronously on the main thread, the
 * search index's triggers with it, and awaiting a resolved query yields to nothing but microtasks, so a
 * video's subtitle lines (three 600-line tracks: 60 ms) blocked the API at a stretch. The transaction stays
 * one: readers (their own connection, WAL) see the video whole or not at all.
 */
export async function insertChunked<T extends 'subtitle_fragments' | 'comments' | 'playlist_entries'>(
  trx: Transaction<Database>,
  table: T,
  rows: Insertable<Database[T]>[],
): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) {
    if (i > 0) await new Promise((resolve) => setImmediate(resolve));
    // Kysely cannot relate a generic table name to its row type; the signature above keeps callers honest
    await trx
      .insertInto(table)
      .values(rows.slice(i, i + CHUNK) as never)
      .execute();
  }
}

/**
 * Rows inserted by one statement (SQLite, off the main thread: the video writer thread). SQLite flushes an
 * FTS5 index's pending rows into a new segment at the start of every further statement of a transaction,
 * so `insertChunked` left a video's 1 800 subtitle lines in ~18 segments, and until the next tidy every
 * search looked each word up in each of them (the typo probes' statement: 1.5 → 3.5 ms under a download
 * run). One statement makes one segment. The rows travel as one JSON array (no parameter limit); they
 * must all have the same columns, else they go in chunks.
 */
export async function insertAtOnce<T extends 'subtitle_fragments' | 'comments' | 'playlist_entries'>(
  trx: Transaction<Database>,
  table: T,
  rows: Insertable<Database[T]>[],
): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0]!);
  const sameColumns = rows.every((row) => {
    const keys = Object.keys(row);
    return keys.length === columns.length && keys.every((key, i) => key === columns[i]);
  });
  if (!sameColumns) return insertChunked(trx, table, rows);
  const values = JSON.stringify(rows.map((row) => Object.values(row)));
  await sql`INSERT INTO ${sql.table(table)} (${sql.join(columns.map((c) => sql.ref(c)))})
    SELECT ${sql.join(columns.map((_, i) => sql`r.value ->> ${sql.lit(i)}`))} FROM json_each(${values}) r`.execute(
    trx,
  );
}
