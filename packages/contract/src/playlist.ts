import { z } from 'zod';
import { listOf, pageParam, queryBoolean, documentMeta } from './pagination.ts';

export const PLAYLIST_TYPES = ['regular', 'custom'] as const;

export const playlistEntry = z.object({
  downloaded: z.boolean(),
  idx: z.number().int(),
  title: z.string().nullable(),
  uploader: z.string().nullable(),
  youtube_id: z.string(),
});
export type PlaylistEntry = z.infer<typeof playlistEntry>;

/** A playlist as the API shows it (upstream §1.11); `downloaded` is derived from the archive. */
export const playlist = z.object({
  ...documentMeta,
  playlist_active: z.boolean(),
  playlist_channel: z.string().nullable(),
  playlist_channel_id: z.string().nullable(),
  playlist_description: z.string().nullable(),
  playlist_entries: z.array(playlistEntry),
  playlist_id: z.string(),
  /** ISO-8601 UTC */
  playlist_last_refresh: z.string(),
  playlist_name: z.string(),
  playlist_sort_order: z.enum(['top', 'bottom']),
  playlist_subscribed: z.boolean(),
  /** `/cache/playlists/<id>.jpg` */
  playlist_thumbnail: z.string(),
  playlist_type: z.enum(PLAYLIST_TYPES),
});
export type Playlist = z.infer<typeof playlist>;

export const playlistListQuery = z.object({
  channel: z.string().min(1).max(64).optional(),
  subscribed: queryBoolean.optional(),
  type: z.enum(PLAYLIST_TYPES).optional(),
  page: pageParam.optional(),
});
export type PlaylistListQuery = z.infer<typeof playlistListQuery>;

export const playlistList = listOf(playlist);
export type PlaylistList = z.infer<typeof playlistList>;
