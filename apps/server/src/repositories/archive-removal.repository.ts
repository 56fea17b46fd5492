import type { Kysely, SelectQueryBuilder, Transaction } from 'kysely';
import type { Database } from '../db/tables.ts';

/** The files that belonged to removed rows, for the caller to delete once the rows are gone. */
export interface RemovedRows {
  /** media-root-relative paths of the videos' media and subtitle files */
  mediaFiles: string[];
  videoIds: string[];
  playlistIds: string[];
  /** custom playlists that lost entries (their art shows the first entry) */
  changedCustomPlaylists: string[];
}

type Trx = Transaction<Database>;
type IdQuery = SelectQueryBuilder<Database, keyof Database, { youtube_id: string }>;

/**
 * Deletes archive rows in one transaction each (DESIGN §1 "nothing is lost": rows first, files after).
 * A removed video leaves every custom playlist, whose entries are renumbered; provider playlists keep
 * their entry, which then counts as not downloaded (upstream §1.4). Subtitles, their fragments,
 * comments and saved positions go with the video row (foreign keys cascade).
 */
export class ArchiveRemovalRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async deleteVideo(youtubeId: string): Promise<RemovedRows | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const exists = await trx
        .selectFrom('videos')
        .select('youtube_id')
        .where('youtube_id', '=', youtubeId)
        .executeTakeFirst();
      if (!exists) return undefined;
      const removed = await removeVideos(trx, () =>
        trx.selectFrom('videos').select('youtube_id').where('youtube_id', '=', youtubeId),
      );
      return { ...removed, playlistIds: [] };
    });
  }

  /** The channel, its videos and the playlists it owns. */
  async deleteChannel(channelId: string): Promise<RemovedRows | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const exists = await trx
        .selectFrom('channels')
        .select('channel_id')
        .where('channel_id', '=', channelId)
        .executeTakeFirst();
      if (!exists) return undefined;
      const removed = await removeVideos(trx, () =>
        trx.selectFrom('videos').select('youtube_id').where('channel_id', '=', channelId),
      );
      const playlists = await trx
        .selectFrom('playlists')
        .select('playlist_id')
        .where('playlist_channel_id', '=', channelId)
        .execute();
      await trx.deleteFrom('playlists').where('playlist_channel_id', '=', channelId).execute();
      await trx.deleteFrom('channels').where('channel_id', '=', channelId).execute();
      const playlistIds = playlists.map((p) => p.playlist_id);
      return {
        ...removed,
        playlistIds,
        changedCustomPlaylists: removed.changedCustomPlaylists.filter((id) => !playlistIds.includes(id)),
      };
    });
  }

  /** The playlist; with `withVideos` also every archived video it lists. */
  async deletePlaylist(playlistId: string, withVideos: boolean): Promise<RemovedRows | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const exists = await trx
        .selectFrom('playlists')
        .select('playlist_id')
        .where('playlist_id', '=', playlistId)
        .executeTakeFirst();
      if (!exists) return undefined;
      const removed = withVideos
        ? await removeVideos(trx, () =>
            trx
              .selectFrom('videos')
              .select('youtube_id')
              .where('youtube_id', 'in', (eb) =>
                eb.selectFrom('playlist_entries').select('youtube_id').where('playlist_id', '=', playlistId),
              ),
          )
        : { mediaFiles: [], videoIds: [], changedCustomPlaylists: [] };
      await trx.deleteFrom('playlists').where('playlist_id', '=', playlistId).execute();
      return {
        ...removed,
        playlistIds: [playlistId],
        changedCustomPlaylists: removed.changedCustomPlaylists.filter((id) => id !== playlistId),
      };
    });
  }
}

/** Removes the videos `ids()` names; `ids` builds a fresh subquery for each statement. */
async function removeVideos(trx: Trx, ids: () => IdQuery): Promise<Omit<RemovedRows, 'playlistIds'>> {
  const videos = await trx
    .selectFrom('videos')
    .select(['youtube_id', 'media_url'])
    .where('youtube_id', 'in', ids())
    .execute();
  if (videos.length === 0) return { mediaFiles: [], videoIds: [], changedCustomPlaylists: [] };
  const subtitles = await trx
    .selectFrom('subtitles')
    .select('media_url')
    .where('youtube_id', 'in', ids())
    .execute();
  const custom = await trx
    .selectFrom('playlist_entries')
    .innerJoin('playlists', 'playlists.playlist_id', 'playlist_entries.playlist_id')
    .select('playlist_entries.playlist_id')
    .distinct()
    .where('playlists.playlist_type', '=', 'custom')
    .where('playlist_entries.youtube_id', 'in', ids())
    .execute();
  const changedCustomPlaylists = custom.map((c) => c.playlist_id);
  for (const playlistId of changedCustomPlaylists) {
    await trx
      .deleteFrom('playlist_entries')
      .where('playlist_id', '=', playlistId)
      .where('youtube_id', 'in', ids())
      .execute();
    await renumber(trx, playlistId);
  }
  await trx.deleteFrom('videos').where('youtube_id', 'in', ids()).execute();
  return {
    mediaFiles: [...videos.map((v) => v.media_url), ...subtitles.map((s) => s.media_url)],
    videoIds: videos.map((v) => v.youtube_id),
    changedCustomPlaylists,
  };
}

/** Closes the gaps: idx 0..n-1 in the old order. Ascending updates never collide on the primary key. */
async function renumber(trx: Trx, playlistId: string): Promise<void> {
  const entries = await trx
    .selectFrom('playlist_entries')
    .select('idx')
    .where('playlist_id', '=', playlistId)
    .orderBy('idx')
    .execute();
  for (const [position, entry] of entries.entries()) {
    if (entry.idx === position) continue;
    await trx
      .updateTable('playlist_entries')
      .set({ idx: position })
      .where('playlist_id', '=', playlistId)
      .where('idx', '=', entry.idx)
      .execute();
  }
}
