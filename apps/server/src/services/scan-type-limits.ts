import type { AppConfig, ChannelOverwrites } from '@tubekeeper/contract';
import type { FeedEntry } from '../repositories/feed.repository.ts';
import type { VidType } from './metadata-mapper.ts';
import { tabLimits } from './subscription-scan.service.ts';

/**
 * A channel's page sizes per video type (upstream §3.3: the channel's overwrite, else the config; 0: none
 * of that type, null: no bound), for what a feed or a push may queue. YouTube's channel feed mixes
 * videos, shorts and streams newest first, and mostly only the metadata tells them apart, so the sizes
 * are applied to the new videos once their type is known: the first `size` of each type in feed order
 * are kept. (The deep scan counts the videos it already has as well; a feed check does not know their
 * type and counts only the new ones, which differs only for page sizes below the feed's 15 entries.)
 */
export type TypeLimits = Record<VidType, number | null>;

/** The entries of a feed left out for their type, kept so a later check asks yt-dlp about them no more. */
export type LeftOut = Record<string, { type: VidType; over_limit?: true }>;

export function channelTypeLimits(
  subscriptions: AppConfig['subscriptions'],
  overwrites: ChannelOverwrites,
): TypeLimits {
  const limits = tabLimits(subscriptions, overwrites);
  return Object.fromEntries(limits.map(({ tab, limit }) => [tab, limit])) as TypeLimits;
}

/** How many of a channel feed's entries count (newest first): the largest page size; 0 when none is wanted. */
export function feedEntryLimit(limits: TypeLimits): number | null {
  const sizes = Object.values(limits);
  return sizes.includes(null) ? null : Math.max(...(sizes as number[]));
}

/** The type an entry is known to have before any metadata call: a `/shorts/` link, or an earlier check. */
export function knownType(entry: FeedEntry, leftOut: LeftOut): VidType | undefined {
  return entry.short ? 'shorts' : leftOut[entry.videoId]?.type;
}

/**
 * Whether an entry can be left out before asking yt-dlp: its type is known and not wanted now, or an
 * earlier check found it past its type's page size (it only sinks further as uploads come).
 */
export function leaveOutEarly(entry: FeedEntry, leftOut: LeftOut, limits: TypeLimits): boolean {
  const type = knownType(entry, leftOut);
  if (type === undefined) return false;
  if (limits[type] === 0) return true;
  return leftOut[entry.videoId]?.over_limit === true && limits[type] !== null;
}

/**
 * The rows within their type's page size, in the order given (newest first); the others are reported in
 * `leftOut` with their type.
 */
export function keepWithinTypeLimits<Row extends { youtube_id: string; vid_type: VidType }>(
  rows: Row[],
  limits: TypeLimits | undefined,
  leftOut: { id: string; vidType: VidType; overLimit: boolean }[],
): Row[] {
  if (!limits) return rows;
  const counts: Record<VidType, number> = { videos: 0, streams: 0, shorts: 0 };
  return rows.filter((row) => {
    const limit = limits[row.vid_type];
    if (limit === null || counts[row.vid_type] < limit) {
      counts[row.vid_type] += 1;
      return true;
    }
    leftOut.push({ id: row.youtube_id, vidType: row.vid_type, overLimit: limit !== 0 });
    return false;
  });
}

/**
 * The left-out record to keep after a check: what this check found, and the earlier findings it went by
 * (entries that went through to the queue this time, or left the feed, are dropped).
 */
export function nextLeftOut(
  before: LeftOut,
  leftEarly: FeedEntry[],
  found: { id: string; vidType: VidType; overLimit: boolean }[],
): LeftOut | null {
  const next: LeftOut = {};
  for (const { videoId } of leftEarly) if (before[videoId]) next[videoId] = before[videoId];
  for (const f of found) next[f.id] = { type: f.vidType, ...(f.overLimit && { over_limit: true as const }) };
  return Object.keys(next).length ? next : null;
}

export function parseLeftOut(text: string | null): LeftOut {
  if (!text) return {};
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' ? (value as LeftOut) : {};
  } catch {
    return {};
  }
}
