import type { Insertable } from 'kysely';
import type { Database } from '../../db/tables.ts';
import type { BackupWriteRepository } from '../../repositories/backup-write.repository.ts';
import { channelRow, downloadRow, playlistRows, videoRows } from './archive-documents.ts';
import { CONFIG_DOC_SETTINGS, NOT_BACKED_UP_SETTINGS } from './backup-format.ts';
import type { DocPage } from './backup-source.ts';
import { flag, num, objectOf, str } from './backup-values.ts';
import { commentRows, fragmentRow } from './text-documents.ts';

/** What a restore wrote, for its result text. */
export interface RestoreCounts {
  channels: number;
  videos: number;
  playlists: number;
  queued: number;
  subtitleLines: number;
  comments: number;
  users: number;
  skipped: number;
}

export interface ImportOptions {
  now: number;
  /** what the schedules' next run is computed from (null: the schedule is dropped as unreadable) */
  nextRun: (schedule: string) => number | null;
  /** told after each page, with the documents written so far */
  onPage?: (written: number) => void;
}

/**
 * Writes a backup's documents into an emptied archive, in one pass, on the caller's transaction. Rows that
 * point at something the backup lacks (a subtitle line of a video that is not in it, a position of an
 * unknown user) are skipped and counted; a video whose channel is missing brings its embedded channel.
 */
export class BackupImporter {
  private readonly channels = new Set<string>();
  private readonly videos = new Set<string>();
  /** user ids in the backup → ours */
  private readonly users = new Map<number, number>();
  private usernames = new Map<string, number>();
  /** ta_config `user_<id>` documents wait for the accounts (they come later, in tk_users) */
  private readonly userConfigs: { backupId: number; config: unknown }[] = [];
  private sawUsers = false;
  /**
   * Videos the backup's documents say are watched (upstream's one flag), with the date: without
   * `tk_watches` (an upstream backup, or ours from before watched was per user) they become watched for
   * every user there is once the accounts are restored, which is what each user saw.
   */
  private readonly watchedInDocs = new Map<string, number | null>();
  private sawWatches = false;
  /** extras replace ours from their first page on (a backup writes each, if only empty) */
  private readonly replaced = new Set<string>();
  private written = 0;
  readonly counts: RestoreCounts = {
    channels: 0,
    videos: 0,
    playlists: 0,
    queued: 0,
    subtitleLines: 0,
    comments: 0,
    users: 0,
    skipped: 0,
  };

  constructor(
    private readonly write: BackupWriteRepository,
    private readonly options: ImportOptions,
  ) {}

  async run(pages: AsyncIterable<DocPage>): Promise<RestoreCounts> {
    await this.write.clearArchive();
    const keys = await this.write.settingKeys();
    await this.write.clearSettings(keys.filter((k) => CONFIG_DOC_SETTINGS.has(k)));
    this.usernames = await this.write.userIds();
    for await (const page of pages) {
      await this.page(page);
      this.written += page.docs.length;
      this.options.onPage?.(this.written);
    }
    await this.writeUserConfigs();
    if (!this.sawWatches) await this.markWatchedForEveryone();
    return this.counts;
  }

  private async page({ name, docs }: DocPage): Promise<void> {
    const now = this.options.now;
    switch (name) {
      case 'es_config':
        return this.config(docs.map((d) => [d.id, d.doc] as const));
      case 'es_channel':
        return this.insertChannels(docs.map((d) => channelRow(d.doc, now)));
      case 'es_video':
        return this.insertVideos(
          docs.map((d) => ({ ...videoRows(d.doc, now), channel: objectOf(d.doc.channel) })),
        );
      case 'es_subtitle':
        return this.insertKnown(
          'subtitle_fragments',
          docs.map((d) => fragmentRow(d.doc)),
          'subtitleLines',
        );
      case 'es_comment':
        return this.insertComments(docs.flatMap((d) => commentRows(d.doc)));
      case 'es_playlist':
        return this.insertPlaylists(docs.map((d) => playlistRows(d.doc, now)));
      case 'es_download':
        await this.write.insertNew(
          'download_queue',
          docs.map((d) => downloadRow(d.doc, now)),
        );
        this.counts.queued += docs.length;
        return;
      case 'tk_users':
        return this.restoreUsers(docs.map((d) => d.doc));
      case 'tk_progress':
        return this.insertProgress(docs.map((d) => d.doc));
      case 'tk_watches':
        return this.insertWatches(docs.map((d) => d.doc));
      case 'tk_schedules':
        return this.replaceSchedules(docs.map((d) => d.doc));
      case 'tk_settings':
        return this.restoreSettings(docs.map((d) => d.doc));
      case 'tk_blocklist':
        if (this.firstOf(name)) await this.write.clearBlocklist();
        await this.write.insertNew(
          'download_blocklist',
          docs.map((d) => ({ youtube_id: str(d.doc.youtube_id), blocked_at: num(d.doc.blocked_at, now) })),
        );
        return;
    }
  }

  private firstOf(name: string): boolean {
    if (this.replaced.has(name)) return false;
    this.replaced.add(name);
    return true;
  }

  private async config(docs: (readonly [string, Record<string, unknown>])[]): Promise<void> {
    for (const [id, doc] of docs) {
      if (CONFIG_DOC_SETTINGS.has(id)) await this.write.putSetting(id, doc);
      const user = /^user_(\d+)$/.exec(id);
      if (user) this.userConfigs.push({ backupId: Number(user[1]), config: objectOf(doc.config) });
    }
  }

  private async insertChannels(rows: Insertable<Database['channels']>[]): Promise<void> {
    const fresh = rows.filter((row) => row.channel_id !== '' && !this.channels.has(row.channel_id));
    for (const row of fresh) this.channels.add(row.channel_id);
    await this.write.insert('channels', fresh);
    this.counts.channels += fresh.length;
  }

  private async insertVideos(
    docs: (ReturnType<typeof videoRows> & { channel: Record<string, unknown> })[],
  ): Promise<void> {
    // a video whose channel document is missing (upstream keeps a copy in every video) brings it along
    await this.insertChannels(
      docs
        .filter((d) => !this.channels.has(d.video.channel_id))
        .map((d) => channelRow(d.channel, this.options.now)),
    );
    const fresh = docs.filter(
      (d) =>
        d.video.youtube_id !== '' &&
        this.channels.has(d.video.channel_id) &&
        !this.videos.has(d.video.youtube_id),
    );
    this.counts.skipped += docs.length - fresh.length;
    for (const d of fresh) {
      this.videos.add(d.video.youtube_id);
      if (d.watched) this.watchedInDocs.set(d.video.youtube_id, d.watched.watched_date);
    }
    await this.write.insert(
      'videos',
      fresh.map((d) => d.video),
    );
    await this.write.insertNew(
      'subtitles',
      fresh.flatMap((d) => d.subtitles),
    );
    this.counts.videos += fresh.length;
  }

  private async insertKnown(
    table: 'subtitle_fragments',
    rows: Insertable<Database['subtitle_fragments']>[],
    counter: 'subtitleLines',
  ): Promise<void> {
    const known = rows.filter((row) => this.videos.has(row.youtube_id));
    this.counts.skipped += rows.length - known.length;
    await this.write.insert(table, known);
    this.counts[counter] += known.length;
  }

  private async insertComments(rows: Insertable<Database['comments']>[]): Promise<void> {
    const known = rows.filter((row) => this.videos.has(row.youtube_id));
    this.counts.skipped += rows.length - known.length;
    await this.write.insertNew('comments', known);
    this.counts.comments += known.length;
  }

  private async insertPlaylists(docs: ReturnType<typeof playlistRows>[]): Promise<void> {
    const fresh = docs.filter((d) => d.playlist.playlist_id !== '');
    await this.write.insertNew(
      'playlists',
      fresh.map((d) => d.playlist),
    );
    await this.write.insertNew(
      'playlist_entries',
      fresh.flatMap((d) => d.entries),
    );
    this.counts.playlists += fresh.length;
  }

  /** Accounts are merged by name, never removed: the one restoring keeps signing in. */
  private async restoreUsers(docs: Record<string, unknown>[]): Promise<void> {
    this.sawUsers = true;
    for (const doc of docs) {
      const username = str(doc.username);
      if (username === '' || typeof doc.password_hash !== 'string') continue;
      const id = await this.write.upsertUser({
        username,
        password_hash: doc.password_hash,
        is_staff: flag(doc.is_staff),
        is_superuser: flag(doc.is_superuser),
        is_active: doc.is_active === undefined ? 1 : flag(doc.is_active),
        date_joined: num(doc.date_joined, this.options.now),
        last_login: doc.last_login === null || doc.last_login === undefined ? null : num(doc.last_login),
      });
      this.usernames.set(username, id);
      if (typeof doc.id === 'number') this.users.set(doc.id, id);
      this.counts.users += 1;
    }
  }

  private async insertProgress(docs: Record<string, unknown>[]): Promise<void> {
    const rows = docs
      .map((doc) => ({
        user_id: this.usernames.get(str(doc.username)) ?? -1,
        youtube_id: str(doc.youtube_id),
        position: num(doc.position),
        updated_at: num(doc.updated_at, this.options.now),
      }))
      .filter((row) => row.user_id >= 0 && this.videos.has(row.youtube_id));
    this.counts.skipped += docs.length - rows.length;
    await this.write.insertNew('watch_progress', rows);
  }

  /** Our own backup's per-user marks: they replace what the documents' one flag would give everyone. */
  private async insertWatches(docs: Record<string, unknown>[]): Promise<void> {
    this.sawWatches = true;
    const rows = docs
      .map((doc) => ({
        user_id: this.usernames.get(str(doc.username)) ?? -1,
        youtube_id: str(doc.youtube_id),
        watched_date:
          doc.watched_date === null || doc.watched_date === undefined ? null : num(doc.watched_date),
      }))
      .filter((row) => row.user_id >= 0 && this.videos.has(row.youtube_id));
    this.counts.skipped += docs.length - rows.length;
    await this.write.insertWatches(rows);
  }

  /** Upstream's flag, per user: every watched video watched by every account (restored ones included). */
  private async markWatchedForEveryone(): Promise<void> {
    if (this.watchedInDocs.size === 0) return;
    const videos = [...this.watchedInDocs];
    for (const userId of new Set(this.usernames.values())) {
      await this.write.insertWatches(
        videos.map(([youtubeId, watchedDate]) => ({
          user_id: userId,
          youtube_id: youtubeId,
          watched_date: watchedDate,
        })),
      );
    }
  }

  private async replaceSchedules(docs: Record<string, unknown>[]): Promise<void> {
    if (!this.firstOf('tk_schedules')) return this.write.insertNew('schedules', this.scheduleRows(docs));
    await this.write.replaceSchedules(this.scheduleRows(docs));
  }

  private scheduleRows(docs: Record<string, unknown>[]): Insertable<Database['schedules']>[] {
    return docs.flatMap((doc) => {
      const schedule = str(doc.schedule);
      const next = this.options.nextRun(schedule);
      if (next === null || str(doc.name) === '') return [];
      const lastRun = doc.last_run_at === null || doc.last_run_at === undefined ? null : num(doc.last_run_at);
      return [{ name: str(doc.name), schedule, next_run_at: next, last_run_at: lastRun, last_task_id: null }];
    });
  }

  /** Our other settings: the ones the backup names replace ours; credentials stay as they are. */
  private async restoreSettings(docs: Record<string, unknown>[]): Promise<void> {
    if (this.firstOf('tk_settings')) {
      const keys = await this.write.settingKeys();
      await this.write.clearSettings(
        keys.filter((k) => !CONFIG_DOC_SETTINGS.has(k) && !NOT_BACKED_UP_SETTINGS.has(k)),
      );
    }
    for (const doc of docs) {
      const key = str(doc.key);
      if (key === '' || CONFIG_DOC_SETTINGS.has(key) || NOT_BACKED_UP_SETTINGS.has(key)) continue;
      await this.write.putSetting(key, doc.value);
    }
  }

  /**
   * Each `user_<id>` config goes to the account the id names: through the backup's accounts when it has
   * them (ours), else to our account with that id (a Tube Archivist backup carries no accounts).
   */
  private async writeUserConfigs(): Promise<void> {
    const ours = new Set(this.usernames.values());
    for (const { backupId, config } of this.userConfigs) {
      const target = this.sawUsers ? this.users.get(backupId) : ours.has(backupId) ? backupId : undefined;
      if (target === undefined) {
        this.counts.skipped += 1;
        continue;
      }
      await this.write.putUserConfig(target, config);
    }
  }
}

export const describeRestore = (file: string, c: RestoreCounts): string =>
  `Restored ${file}: ${c.channels} channels, ${c.videos} videos, ${c.playlists} playlists, ` +
  `${c.queued} queued, ${c.subtitleLines} subtitle lines, ${c.comments} comments` +
  (c.users > 0 ? `, ${c.users} users` : '') +
  (c.skipped > 0 ? `; ${c.skipped} entries skipped (pointing at something the backup lacks)` : '');
