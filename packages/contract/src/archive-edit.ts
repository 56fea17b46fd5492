import { z } from 'zod';
import { queryBoolean } from './pagination.ts';

/*
 * Bodies of the archive's write calls (upstream §1.5, §1.6): channel subscription and overwrites,
 * custom playlists, playlist settings, deletes.
 */

const size = z.number().int('must be a whole number').min(0, 'must be 0 or more').max(100_000);

/** Overwrites to set; `null` removes a key (the channel follows the app setting again). Unknown keys: 400. */
export const channelOverwritesUpdate = z.strictObject({
  download_format: z
    .string()
    .trim()
    .min(1, 'download_format must not be empty')
    .max(1000)
    .nullable()
    .optional(),
  autodelete_days: size.nullable().optional(),
  index_playlists: z.boolean().nullable().optional(),
  integrate_sponsorblock: z.boolean().nullable().optional(),
  subscriptions_channel_size: size.nullable().optional(),
  subscriptions_live_channel_size: size.nullable().optional(),
  subscriptions_shorts_channel_size: size.nullable().optional(),
});
export type ChannelOverwritesUpdate = z.infer<typeof channelOverwritesUpdate>;

export const channelUpdateBody = z.strictObject({
  channel_subscribed: z.boolean().optional(),
  channel_overwrites: channelOverwritesUpdate.optional(),
});
export type ChannelUpdateBody = z.infer<typeof channelUpdateBody>;

export const customPlaylistCreateBody = z.strictObject({
  playlist_name: z.string().trim().min(1, 'playlist_name is required').max(300, 'playlist_name is too long'),
});
export type CustomPlaylistCreateBody = z.infer<typeof customPlaylistCreateBody>;

export const CUSTOM_PLAYLIST_ACTIONS = ['create', 'remove', 'top', 'up', 'down', 'bottom'] as const;
export type CustomPlaylistAction = (typeof CUSTOM_PLAYLIST_ACTIONS)[number];

export const customPlaylistActionBody = z.strictObject({
  action: z.enum(CUSTOM_PLAYLIST_ACTIONS, {
    message: `action must be one of ${CUSTOM_PLAYLIST_ACTIONS.join(', ')}`,
  }),
  video_id: z.string().min(1, 'video_id is required').max(64),
});
export type CustomPlaylistActionBody = z.infer<typeof customPlaylistActionBody>;

export const playlistUpdateBody = z
  .strictObject({
    playlist_subscribed: z.boolean().optional(),
    playlist_sort_order: z.enum(['top', 'bottom']).optional(),
  })
  .refine((body) => body.playlist_subscribed !== undefined || body.playlist_sort_order !== undefined, {
    message: 'expect playlist_subscribed or playlist_sort_order',
  });
export type PlaylistUpdateBody = z.infer<typeof playlistUpdateBody>;

/** `DELETE /api/playlist/{id}/?delete-videos=true` (upstream spells it delete_videos; both work). */
export const playlistDeleteQuery = z.object({
  'delete-videos': queryBoolean.optional(),
  delete_videos: queryBoolean.optional(),
});

/** A delete whose rows are gone but some files could not be removed (they are named, and logged). */
export const deleteReport = z.object({ message: z.string(), failed_files: z.array(z.string()) });
export type DeleteReport = z.infer<typeof deleteReport>;
