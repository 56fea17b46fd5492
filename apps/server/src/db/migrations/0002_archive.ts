/* eslint-disable @typescript-eslint/no-explicit-any -- a migration sees the schema of its own time, not the current types */
import type { Kysely } from 'kysely';
import type { Engine } from '../dialect.ts';
import { idColumn } from './helpers.ts';

/**
 * The archive: channels, videos, subtitles (files and searchable fragments), comments, playlists with
 * ordered entries, per-user watch progress, the download queue and task records. Designed for the later
 * features too (search, queue, stats): every list query has an index that serves its filter and sort.
 */
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  await db.schema
    .createTable('channels')
    .addColumn('channel_id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('channel_name', 'text', (c) => c.notNull())
    .addColumn('channel_subs', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('channel_subscribed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('channel_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('channel_last_refresh', 'bigint', (c) => c.notNull())
    .addColumn('channel_views', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('channel_description', 'text')
    .addColumn('channel_tags', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('channel_tabs', 'text', (c) => c.notNull().defaultTo('[]'))
    // remote artwork URLs; null means the provider had none (the API then answers null, upstream §1.11)
    .addColumn('channel_thumb_url', 'text')
    .addColumn('channel_banner_url', 'text')
    .addColumn('channel_tvart_url', 'text')
    .addColumn('channel_overwrites', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
  await db.schema.createIndex('channels_name_idx').on('channels').columns(['channel_name']).execute();
  await db.schema
    .createIndex('channels_subscribed_idx')
    .on('channels')
    .columns(['channel_subscribed', 'channel_name'])
    .execute();

  await db.schema
    .createTable('videos')
    .addColumn('youtube_id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('channel_id', 'varchar(64)', (c) =>
      c.notNull().references('channels.channel_id').onDelete('cascade'),
    )
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('category', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('tags', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('vid_type', 'varchar(16)', (c) => c.notNull().defaultTo('videos'))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('published', 'bigint', (c) => c.notNull())
    .addColumn('date_downloaded', 'bigint', (c) => c.notNull())
    .addColumn('vid_last_refresh', 'bigint', (c) => c.notNull())
    // media_url relative to the media root: <channel_id>/<youtube_id>.mp4
    .addColumn('media_url', 'text', (c) => c.notNull())
    .addColumn('media_size', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('duration', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('width', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('height', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('streams', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('view_count', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('like_count', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('dislike_count', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('average_rating', 'double precision')
    .addColumn('comment_count', 'integer')
    .addColumn('sponsorblock', 'text')
    .addColumn('thumb_url', 'text')
    // watched is global (upstream §7.3); the position is per user in watch_progress
    .addColumn('watched', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('watched_date', 'bigint')
    .execute();
  const videoIndexes: [string, string[]][] = [
    ['videos_channel_published_idx', ['channel_id', 'published']],
    ['videos_published_idx', ['published']],
    ['videos_downloaded_idx', ['date_downloaded']],
    ['videos_views_idx', ['view_count']],
    ['videos_likes_idx', ['like_count']],
    ['videos_duration_idx', ['duration']],
    ['videos_size_idx', ['media_size']],
    ['videos_width_idx', ['width']],
    ['videos_height_idx', ['height']],
    ['videos_type_published_idx', ['vid_type', 'published']],
    ['videos_watched_published_idx', ['watched', 'published']],
    ['videos_refresh_idx', ['vid_last_refresh']],
  ];
  for (const [name, columns] of videoIndexes) {
    await db.schema.createIndex(name).on('videos').columns(columns).execute();
  }

  await db.schema
    .createTable('subtitles')
    .addColumn('youtube_id', 'varchar(64)', (c) =>
      c.notNull().references('videos.youtube_id').onDelete('cascade'),
    )
    .addColumn('lang', 'varchar(32)', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('source', 'varchar(8)', (c) => c.notNull()) // user | auto | file
    .addColumn('ext', 'varchar(8)', (c) => c.notNull().defaultTo('vtt'))
    .addColumn('media_url', 'text', (c) => c.notNull()) // <channel_id>/<id>.<lang>.vtt
    .addColumn('url', 'text')
    .addPrimaryKeyConstraint('subtitles_pk', ['youtube_id', 'lang'])
    .execute();

  await idColumn(db.schema.createTable('subtitle_fragments'), engine)
    .addColumn('youtube_id', 'varchar(64)', (c) =>
      c.notNull().references('videos.youtube_id').onDelete('cascade'),
    )
    .addColumn('lang', 'varchar(32)', (c) => c.notNull())
    .addColumn('source', 'varchar(8)', (c) => c.notNull())
    .addColumn('fragment_index', 'integer', (c) => c.notNull())
    .addColumn('start_ms', 'bigint', (c) => c.notNull())
    .addColumn('end_ms', 'bigint', (c) => c.notNull())
    .addColumn('line', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('subtitle_fragments_video_idx')
    .on('subtitle_fragments')
    .columns(['youtube_id', 'lang', 'fragment_index'])
    .execute();

  await db.schema
    .createTable('comments')
    .addColumn('comment_id', 'varchar(128)', (c) => c.primaryKey())
    .addColumn('youtube_id', 'varchar(64)', (c) =>
      c.notNull().references('videos.youtube_id').onDelete('cascade'),
    )
    .addColumn('parent_id', 'varchar(128)') // null for a root comment
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('author', 'text', (c) => c.notNull())
    .addColumn('author_id', 'text')
    .addColumn('author_thumbnail', 'text')
    .addColumn('author_is_uploader', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('timestamp', 'bigint', (c) => c.notNull()) // seconds, as upstream's comment_timestamp
    .addColumn('like_count', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('is_favorited', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('comments_video_idx')
    .on('comments')
    .columns(['youtube_id', 'position'])
    .execute();

  await db.schema
    .createTable('playlists')
    .addColumn('playlist_id', 'varchar(128)', (c) => c.primaryKey())
    .addColumn('playlist_name', 'text', (c) => c.notNull())
    .addColumn('playlist_type', 'varchar(16)', (c) => c.notNull().defaultTo('regular')) // regular | custom
    .addColumn('playlist_channel', 'text')
    .addColumn('playlist_channel_id', 'varchar(64)')
    .addColumn('playlist_description', 'text')
    .addColumn('playlist_subscribed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('playlist_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('playlist_last_refresh', 'bigint', (c) => c.notNull())
    .addColumn('playlist_sort_order', 'varchar(8)', (c) => c.notNull().defaultTo('top'))
    .addColumn('playlist_thumb_url', 'text')
    .execute();
  await db.schema.createIndex('playlists_name_idx').on('playlists').columns(['playlist_name']).execute();
  await db.schema
    .createIndex('playlists_channel_idx')
    .on('playlists')
    .columns(['playlist_channel_id', 'playlist_name'])
    .execute();

  await db.schema
    .createTable('playlist_entries')
    .addColumn('playlist_id', 'varchar(128)', (c) =>
      c.notNull().references('playlists.playlist_id').onDelete('cascade'),
    )
    .addColumn('idx', 'integer', (c) => c.notNull())
    .addColumn('youtube_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('title', 'text')
    .addColumn('uploader', 'text')
    .addPrimaryKeyConstraint('playlist_entries_pk', ['playlist_id', 'idx'])
    .execute();
  // "downloaded" is derived by joining videos, so it can never disagree with the archive
  await db.schema
    .createIndex('playlist_entries_video_idx')
    .on('playlist_entries')
    .columns(['youtube_id'])
    .execute();

  await db.schema
    .createTable('watch_progress')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('youtube_id', 'varchar(64)', (c) =>
      c.notNull().references('videos.youtube_id').onDelete('cascade'),
    )
    .addColumn('position', 'double precision', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('watch_progress_pk', ['user_id', 'youtube_id'])
    .execute();

  await db.schema
    .createTable('download_queue')
    .addColumn('youtube_id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('channel_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('channel_name', 'text', (c) => c.notNull())
    .addColumn('vid_thumb_url', 'text')
    .addColumn('vid_type', 'varchar(16)', (c) => c.notNull().defaultTo('videos'))
    .addColumn('published', 'bigint')
    .addColumn('duration', 'double precision')
    .addColumn('auto_start', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('message', 'text')
    .addColumn('timestamp', 'bigint', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('pending')) // pending | ignore | priority | ignore-force
    .execute();
  await db.schema
    .createIndex('download_queue_status_idx')
    .on('download_queue')
    .columns(['status', 'auto_start', 'timestamp'])
    .execute();
  await db.schema
    .createIndex('download_queue_channel_idx')
    .on('download_queue')
    .columns(['channel_id', 'status'])
    .execute();

  // One row per task run (DESIGN.md §6): the record behind notifications, stop commands and locking.
  await db.schema
    .createTable('tasks')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull()) // pending | running | success | failed | stopped
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('group_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('level', 'varchar(8)', (c) => c.notNull().defaultTo('info'))
    .addColumn('messages', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('progress', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('command', 'varchar(16)')
    .addColumn('payload', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('result', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('started_at', 'bigint')
    .addColumn('finished_at', 'bigint')
    // until when a finished task still shows as a notification (upstream: 5 s after success, 20 s after failure)
    .addColumn('visible_until', 'bigint')
    .execute();
  await db.schema.createIndex('tasks_name_status_idx').on('tasks').columns(['name', 'status']).execute();
  await db.schema
    .createIndex('tasks_status_created_idx')
    .on('tasks')
    .columns(['status', 'created_at'])
    .execute();
}
