import type { BackupReadRepository } from '../../repositories/backup-read.repository.ts';
import { channelDoc, downloadDoc, playlistDoc, videoDoc } from './archive-documents.ts';
import { fragmentId, subtitleDoc, commentDoc } from './text-documents.ts';
import { NOT_BACKED_UP_SETTINGS, CONFIG_DOC_SETTINGS } from './backup-format.ts';

/** One file of a backup: `es_<index>` bulk pages (upstream §4.5) or our `tk_<kind>` extras. */
export interface BackupPage {
  /** `es_video`, `tk_users`, …; the writer adds `-<date>-<page>.json` */
  name: string;
  /** ndjson lines: for `es_*` an action line before each document, as Elasticsearch's `_bulk` takes them */
  lines: string[];
  /** how many documents the page holds */
  documents: number;
}

/** Page sizes as upstream's: 500 documents, comments 100 (whole threads per video), subtitle lines 10 000. */
const PAGE = 500;
const COMMENT_PAGE = 100;
const SUBTITLE_PAGE = 10_000;

const bulk = (index: string, id: string, source: unknown) => [
  JSON.stringify({ index: { _index: `ta_${index}`, _id: id } }),
  JSON.stringify(source),
];

/** Counted first, so a backup can say how far it got. */
export async function countDocuments(read: BackupReadRepository): Promise<number> {
  const counts = await Promise.all(
    (['channels', 'videos', 'playlists', 'download_queue', 'subtitle_fragments'] as const).map((t) =>
      read.count(t),
    ),
  );
  return counts.reduce((a, b) => a + b, 0);
}

/**
 * Every document of the archive, page by page, in upstream's backup format plus our extras. Reads one page
 * at a time, so memory holds one page whatever the archive's size.
 */
export async function* exportArchive(read: BackupReadRepository): AsyncGenerator<BackupPage> {
  yield await configPage(read);
  yield* paged(
    'es_channel',
    PAGE,
    read.channels.bind(read),
    (row) => row.channel_id,
    (rows) => rows.flatMap((row) => bulk('channel', row.channel_id, channelDoc(row))),
  );
  yield* videoPages(read);
  yield* paged(
    'es_playlist',
    PAGE,
    read.playlists.bind(read),
    (row) => row.playlist_id,
    async (rows) => {
      const entries = await read.entriesOf(rows.map((row) => row.playlist_id));
      return rows.flatMap((row) => {
        const own = entries
          .filter((e) => e.playlist_id === row.playlist_id)
          .map((e) => ({
            youtube_id: e.youtube_id,
            title: e.title,
            uploader: e.uploader,
            idx: e.idx,
            downloaded: Number(e.downloaded) === 1,
          }));
        return bulk('playlist', row.playlist_id, playlistDoc(row, own));
      });
    },
  );
  yield* paged(
    'es_download',
    PAGE,
    read.queue.bind(read),
    (row) => row.youtube_id,
    (rows) =>
      rows.flatMap((row) =>
        bulk('download', row.youtube_id, downloadDoc(row, Number(row.channel_indexed) === 1)),
      ),
  );
  yield* paged(
    'es_comment',
    COMMENT_PAGE,
    read.commentedVideos.bind(read),
    (row) => row.youtube_id,
    async (rows) => {
      const comments = await read.commentsOf(rows.map((row) => row.youtube_id));
      return rows.flatMap((row) =>
        bulk(
          'comment',
          row.youtube_id,
          commentDoc(
            row.youtube_id,
            row.channel_id,
            row.vid_last_refresh,
            comments.filter((c) => c.youtube_id === row.youtube_id),
          ),
        ),
      );
    },
  );
  yield* subtitlePages(read);
  yield* extraPages(read);
}

/** Pages of one table by key; `render` turns a page of rows into its lines. */
async function* paged<Row>(
  name: string,
  size: number,
  fetch: (after: string, limit: number) => Promise<Row[]>,
  key: (row: Row) => string,
  render: (rows: Row[]) => string[] | Promise<string[]>,
): AsyncGenerator<BackupPage> {
  for (let after = ''; ;) {
    const rows = await fetch(after, size);
    if (rows.length === 0) return;
    yield { name, lines: await render(rows), documents: rows.length };
    if (rows.length < size) return;
    after = key(rows.at(-1)!);
  }
}

async function* videoPages(read: BackupReadRepository): AsyncGenerator<BackupPage> {
  yield* paged(
    'es_video',
    PAGE,
    read.videos.bind(read),
    (row) => row.youtube_id,
    async (rows) => {
      const ids = rows.map((row) => row.youtube_id);
      const [channels, subtitles, memberships, watched] = await Promise.all([
        read.channelsByIds([...new Set(rows.map((row) => row.channel_id))]),
        read.subtitlesOf(ids),
        read.playlistIdsOf(ids),
        read.watchedOf(ids),
      ]);
      const channelOf = new Map(channels.map((c) => [c.channel_id, c]));
      const watchedOf = new Map(watched.map((w) => [w.youtube_id, w]));
      return rows.flatMap((row) =>
        bulk(
          'video',
          row.youtube_id,
          videoDoc(row, {
            channel: channelOf.get(row.channel_id)!,
            subtitles: subtitles.filter((s) => s.youtube_id === row.youtube_id),
            playlists: memberships.filter((m) => m.youtube_id === row.youtube_id).map((m) => m.playlist_id),
            watched: watchedOf.get(row.youtube_id),
          }),
        ),
      );
    },
  );
}

async function* subtitlePages(read: BackupReadRepository): AsyncGenerator<BackupPage> {
  for (let after = 0; ;) {
    const rows = await read.fragments(after, SUBTITLE_PAGE);
    if (rows.length === 0) return;
    yield {
      name: 'es_subtitle',
      lines: rows.flatMap((row) => bulk('subtitle', fragmentId(row), subtitleDoc(row))),
      documents: rows.length,
    };
    if (rows.length < SUBTITLE_PAGE) return;
    after = rows.at(-1)!.id;
  }
}

/** ta_config: `appsettings`, `notify` and `user_<id>` documents, as upstream keeps them. */
async function configPage(read: BackupReadRepository): Promise<BackupPage> {
  const lines: string[] = [];
  for (const { key, value } of await read.appSettings()) {
    if (CONFIG_DOC_SETTINGS.has(key)) lines.push(...bulk('config', key, JSON.parse(value)));
  }
  for (const { user_id, config } of await read.userConfigs()) {
    lines.push(...bulk('config', `user_${user_id}`, { config: JSON.parse(config) }));
  }
  return { name: 'es_config', lines, documents: lines.length / 2 };
}

/**
 * What upstream's format has no place for: accounts, positions, each user's watched marks, schedules, other
 * settings, the blocklist.
 */
async function* extraPages(read: BackupReadRepository): AsyncGenerator<BackupPage> {
  const users = await read.users();
  yield page(
    'tk_users',
    users.map((u) => ({
      id: u.id,
      username: u.username,
      password_hash: u.password_hash,
      is_staff: u.is_staff === 1,
      is_superuser: u.is_superuser === 1,
      is_active: u.is_active === 1,
      date_joined: u.date_joined,
      last_login: u.last_login,
    })),
  );
  const names = new Map(users.map((u) => [u.id, u.username]));
  for (let after = { user: -1, video: '' }; ;) {
    const rows = await read.progress(after.user, after.video, SUBTITLE_PAGE);
    if (rows.length === 0) break;
    yield page(
      'tk_progress',
      rows.map((r) => ({
        username: names.get(r.user_id),
        youtube_id: r.youtube_id,
        position: r.position,
        updated_at: r.updated_at,
      })),
    );
    if (rows.length < SUBTITLE_PAGE) break;
    after = { user: rows.at(-1)!.user_id, video: rows.at(-1)!.youtube_id };
  }
  // written even when empty: a restore takes each user's marks from it instead of upstream's one flag
  let watches = 0;
  for (let after = { user: -1, video: '' }; ;) {
    const rows = await read.watches(after.user, after.video, SUBTITLE_PAGE);
    if (rows.length === 0) break;
    watches += rows.length;
    yield page(
      'tk_watches',
      rows.map((r) => ({
        username: names.get(r.user_id),
        youtube_id: r.youtube_id,
        watched_date: r.watched_date,
      })),
    );
    if (rows.length < SUBTITLE_PAGE) break;
    after = { user: rows.at(-1)!.user_id, video: rows.at(-1)!.youtube_id };
  }
  if (watches === 0) yield page('tk_watches', []);
  yield page('tk_schedules', await read.schedules());
  yield page(
    'tk_settings',
    (await read.appSettings())
      .filter(({ key }) => !CONFIG_DOC_SETTINGS.has(key) && !NOT_BACKED_UP_SETTINGS.has(key))
      .map(({ key, value }) => ({ key, value: JSON.parse(value) as unknown })),
  );
  let blocked = 0;
  for await (const part of paged(
    'tk_blocklist',
    SUBTITLE_PAGE,
    read.blocklist.bind(read),
    (row) => row.youtube_id,
    (rows) => rows.map((row) => JSON.stringify(row)),
  )) {
    blocked += part.documents;
    yield part;
  }
  // written even when empty: restoring it empties the blocklist
  if (blocked === 0) yield page('tk_blocklist', []);
}

const page = (name: string, rows: unknown[]): BackupPage => ({
  name,
  lines: rows.map((row) => JSON.stringify(row)),
  documents: rows.length,
});
