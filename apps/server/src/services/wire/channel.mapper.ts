import { channelOverwrites, type Channel, type ChannelOverwrites } from '@tubekeeper/contract';
import type { ChannelRow } from '../../db/tables.ts';
import { channelArtUrl } from './urls.ts';
import { isoUtc, jsonObject, jsonStrings } from './format.ts';

/** The channel's art URL, or null when the provider had none (upstream §1.11). */
const artUrl = (channelId: string, remote: string | null, kind: 'thumb' | 'banner' | 'tvart') =>
  remote ? channelArtUrl(channelId, kind) : null;

export function toChannel(row: ChannelRow): Channel {
  return {
    channel_active: row.channel_active === 1,
    channel_banner_url: artUrl(row.channel_id, row.channel_banner_url, 'banner'),
    channel_description: row.channel_description,
    channel_id: row.channel_id,
    channel_last_refresh: isoUtc(row.channel_last_refresh),
    channel_name: row.channel_name,
    channel_overwrites: readOverwrites(row.channel_overwrites),
    channel_subs: row.channel_subs,
    channel_subscribed: row.channel_subscribed === 1,
    channel_tabs: jsonStrings(row.channel_tabs),
    channel_tags: jsonStrings(row.channel_tags),
    channel_thumb_url: artUrl(row.channel_id, row.channel_thumb_url, 'thumb'),
    channel_tvart_url: artUrl(row.channel_id, row.channel_tvart_url, 'tvart'),
    channel_views: row.channel_views,
  };
}

/** Known keys with valid values only, so one bad stored value cannot break every answer that embeds the channel. */
export function readOverwrites(text: string): ChannelOverwrites {
  const stored = jsonObject(text) ?? {};
  const result: Record<string, unknown> = {};
  for (const [key, schema] of Object.entries(channelOverwrites.shape)) {
    if (stored[key] !== undefined && schema.safeParse(stored[key]).success) result[key] = stored[key];
  }
  return result as ChannelOverwrites;
}
