import { sql, type Insertable, type Kysely } from 'kysely';
import type { Database } from '../db/tables.ts';

type Table = keyof Database;

/** Rows per INSERT: wide rows stay well under SQLite's and PostgreSQL's bound-parameter limits. */
const BATCH = 200;

/**
 * What a restore writes, on the transaction it runs in: the archive's tables emptied, then filled again
 * from the backup's documents. The search indexes and the kept totals follow through their triggers.
 */
export class BackupWriteRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Empties the archive (children first); media files are not touched. */
  async clearArchive(): Promise<void> {
    const tables: Table[] = [
      'video_watches',
      'watch_progress',
      'playlist_entries',
      'playlists',
      'comments',
      'subtitle_fragments',
      'subtitles',
      'videos',
      'channels',
      'download_queue',
    ];
    for (const table of tables) await this.db.deleteFrom(table).execute();
  }

  /**
   * Watched marks of restored videos (each must be in the archive); a mark carries its video's type and
   * duration (migration 0030), taken from the video rows. Marks already there are kept.
   */
  async insertWatches(
    rows: { user_id: number; youtube_id: string; watched_date: number | null }[],
  ): Promise<void> {
    for (let i = 0; i < rows.length; i += BATCH) {
      const batch = rows.slice(i, i + BATCH);
      const videos = await this.db
        .selectFrom('videos')
        .select([
          'youtube_id',
          'vid_type',
          // rounded as the totals' triggers round it, so the figures add up to the millisecond
          sql<number>`CAST(round(duration * 1000) AS bigint)`.as('duration_ms'),
        ])
        .where('youtube_id', 'in', [...new Set(batch.map((r) => r.youtube_id))])
        .execute();
      const videoOf = new Map(videos.map((v) => [v.youtube_id, v]));
      const marks = batch.flatMap((row) => {
        const video = videoOf.get(row.youtube_id);
        if (!video) return [];
        return [{ ...row, vid_type: video.vid_type, duration_ms: Number(video.duration_ms) }];
      });
      if (marks.length > 0) await this.insertNew('video_watches', marks);
    }
  }

  async clearSettings(keys: string[]): Promise<void> {
    if (keys.length > 0) await this.db.deleteFrom('app_settings').where('key', 'in', keys).execute();
  }

  async settingKeys(): Promise<string[]> {
    return (await this.db.selectFrom('app_settings').select('key').execute()).map((r) => r.key);
  }

  async putSetting(key: string, value: unknown): Promise<void> {
    const text = JSON.stringify(value);
    await this.db.deleteFrom('app_settings').where('key', '=', key).execute();
    await this.db.insertInto('app_settings').values({ key, value: text }).execute();
  }

  async putUserConfig(userId: number, config: unknown): Promise<void> {
    await this.db.deleteFrom('user_configs').where('user_id', '=', userId).execute();
    await this.db
      .insertInto('user_configs')
      .values({ user_id: userId, config: JSON.stringify(config) })
      .execute();
  }

  async userIds(): Promise<Map<string, number>> {
    const rows = await this.db.selectFrom('users').select(['id', 'username']).execute();
    return new Map(rows.map((r) => [r.username, r.id]));
  }

  /** Creates the account, or updates the one of that name (its id, sessions and token stay). */
  async upsertUser(user: Omit<Insertable<Database['users']>, 'id'>): Promise<number> {
    const existing = await this.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', user.username)
      .executeTakeFirst();
    if (existing) {
      await this.db.updateTable('users').set(user).where('id', '=', existing.id).execute();
      return existing.id;
    }
    const created = await this.db.insertInto('users').values(user).returning('id').executeTakeFirstOrThrow();
    return created.id;
  }

  async replaceSchedules(rows: Insertable<Database['schedules']>[]): Promise<void> {
    await this.db.deleteFrom('schedules').execute();
    await this.insert('schedules', rows);
  }

  async clearBlocklist(): Promise<void> {
    await this.db.deleteFrom('download_blocklist').execute();
  }

  /** Plain inserts in batches; the caller has removed duplicates the table's key would refuse. */
  async insert<T extends Table>(table: T, rows: Insertable<Database[T]>[]): Promise<void> {
    for (let i = 0; i < rows.length; i += BATCH) {
      await this.db
        .insertInto(table)
        // eslint-disable-next-line @typescript-eslint/no-explicit-any -- one generic insert over the tables
        .values(rows.slice(i, i + BATCH) as any)
        .execute();
    }
  }

  /** Inserts, skipping rows whose key is already there (comments or entries named twice in a backup). */
  async insertNew<T extends Table>(table: T, rows: Insertable<Database[T]>[]): Promise<void> {
    for (let i = 0; i < rows.length; i += BATCH) {
      await this.db
        .insertInto(table)
        // eslint-disable-next-line @typescript-eslint/no-explicit-any -- one generic insert over the tables
        .values(rows.slice(i, i + BATCH) as any)
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
  }
}
