import { z } from 'zod';

/** `POST /api/channel/`: ids, channel URLs, @handles or video URLs (a video subscribes its channel). */
export const channelSubscribeRequest = z.object({
  data: z
    .array(
      z.object({
        channel_id: z.string().trim().min(1, 'channel_id is empty').max(2000),
        channel_subscribed: z.boolean().default(true),
      }),
    )
    .max(1000, 'at most 1000 entries per request'),
});
export type ChannelSubscribeRequest = z.input<typeof channelSubscribeRequest>;

/** The request body echoed (upstream), plus the id of the subscribe task when one was started. */
export const channelSubscribeResponse = z.object({
  data: z.array(z.object({ channel_id: z.string(), channel_subscribed: z.boolean() })),
  task_id: z.string().optional(),
});
export type ChannelSubscribeResponse = z.infer<typeof channelSubscribeResponse>;

/** `POST /api/playlist/`: playlist ids or URLs. */
export const playlistSubscribeRequest = z.object({
  data: z
    .array(
      z.object({
        playlist_id: z.string().trim().min(1, 'playlist_id is empty').max(2000),
        playlist_subscribed: z.boolean().default(true),
      }),
    )
    .max(1000, 'at most 1000 entries per request'),
});
export type PlaylistSubscribeRequest = z.input<typeof playlistSubscribeRequest>;

export const playlistSubscribeResponse = z.object({
  message: z.string(),
  task_id: z.string().optional(),
});
export type PlaylistSubscribeResponse = z.infer<typeof playlistSubscribeResponse>;

/** `/api/websub/{channelId}/`: the callback the WebSub hub calls (issue 16). */
export const websubParams = z.object({ channelId: z.string().min(1).max(64) });

/** The hub's verification of intent (GET): echo `hub.challenge` when we asked for this mode and topic. */
export const websubVerification = z.object({
  'hub.mode': z.string().max(32).optional(),
  'hub.topic': z.string().max(2048).optional(),
  'hub.challenge': z.string().max(1024).optional(),
  'hub.lease_seconds': z.string().max(32).optional(),
  'hub.reason': z.string().max(1024).optional(),
});
