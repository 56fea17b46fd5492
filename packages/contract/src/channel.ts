import { z } from 'zod';
import { listOf, pageParam, documentMeta } from './pagination.ts';

/** Per-channel overrides of the application config (spec §3, upstream §7.6); a missing key means "inherit". */
export const channelOverwrites = z.object({
  autodelete_days: z.number().int().nullable().optional(),
  download_format: z.string().nullable().optional(),
  index_playlists: z.boolean().nullable().optional(),
  integrate_sponsorblock: z.boolean().nullable().optional(),
  subscriptions_channel_size: z.number().int().nullable().optional(),
  subscriptions_live_channel_size: z.number().int().nullable().optional(),
  subscriptions_shorts_channel_size: z.number().int().nullable().optional(),
});
export type ChannelOverwrites = z.infer<typeof channelOverwrites>;

export const CHANNEL_TABS = ['videos', 'streams', 'shorts'] as const;

/** A channel as the API shows it (upstream §1.11); keys in alphabetical order like upstream. */
export const channel = z.object({
  ...documentMeta,
  channel_active: z.boolean(),
  /** `/cache/channels/<id>_banner.jpg`, or null when the provider had no banner */
  channel_banner_url: z.string().nullable(),
  channel_description: z.string().nullable(),
  channel_id: z.string(),
  /** ISO-8601 UTC */
  channel_last_refresh: z.string(),
  channel_name: z.string(),
  channel_overwrites: channelOverwrites,
  channel_subs: z.number().int(),
  channel_subscribed: z.boolean(),
  channel_tabs: z.array(z.string()),
  channel_tags: z.array(z.string()),
  channel_thumb_url: z.string().nullable(),
  channel_tvart_url: z.string().nullable(),
  channel_views: z.number().int(),
});
export type Channel = z.infer<typeof channel>;

export const channelListQuery = z.object({
  filter: z.enum(['subscribed', 'unsubscribed']).optional(),
  page: pageParam.optional(),
});
export type ChannelListQuery = z.infer<typeof channelListQuery>;

export const channelList = listOf(channel);
export type ChannelList = z.infer<typeof channelList>;

/** Which sub-pages a channel has (upstream §1.5). */
export const channelNav = z.object({
  has_pending: z.boolean(),
  has_ignored: z.boolean(),
  has_playlists: z.boolean(),
  has_videos: z.boolean(),
  has_streams: z.boolean(),
  has_shorts: z.boolean(),
});
export type ChannelNav = z.infer<typeof channelNav>;

/** Totals over a channel's videos (upstream §1.5). */
export const channelAggs = z.object({
  total_items: z.object({ value: z.number().int() }),
  total_size: z.object({ value: z.number().int() }),
  total_duration: z.object({ value: z.number().int(), value_str: z.string() }),
});
export type ChannelAggs = z.infer<typeof channelAggs>;
