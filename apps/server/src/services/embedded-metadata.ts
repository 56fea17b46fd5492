import type { YtdlpInfo } from './ytdlp-info.ts';

const isUrl = (value: string | undefined) => /^https?:\/\//i.test(value ?? '');

/**
 * Metadata from a media file's own tags (ffprobe format tags, keys lower-cased), as yt-dlp's
 * FFmpegMetadata post-processor and most taggers write them: title, artist (the channel), description or
 * synopsis, date (upload date), purl/comment (the page URL), genre. Undefined when there is no title,
 * because then the tags do not describe the video.
 */
export function infoFromTags(tags: Record<string, string>): YtdlpInfo | undefined {
  const title = tags.title?.trim();
  if (!title) return undefined;
  const info: YtdlpInfo = { title };
  const channel = tags.artist ?? tags.album_artist;
  if (channel) info.channel = channel;
  const description = tags.description ?? tags.synopsis ?? (isUrl(tags.comment) ? undefined : tags.comment);
  if (description) info.description = description;
  const date = uploadDate(tags.date);
  if (date) info.upload_date = date;
  const url = [tags.purl, tags.comment].find(isUrl);
  if (url) info.webpage_url = url;
  if (tags.genre) info.categories = [tags.genre];
  return info;
}

/** YYYYMMDD from "20240131", "2024-01-31", "2024-01-31T10:00:00Z" or "2024". */
function uploadDate(value: string | undefined): string | undefined {
  const match = /^(\d{4})-?(\d{2})?-?(\d{2})?/.exec(value?.trim() ?? '');
  if (!match) return undefined;
  return `${match[1]}${match[2] ?? '01'}${match[3] ?? '01'}`;
}

/**
 * Two metadata sources combined field by field: every field the preferred one has wins, the other fills
 * the gaps (an info.json's stats and comments stay when the embedded tags are preferred, for example).
 */
export function mergeInfo(
  preferred: YtdlpInfo | undefined,
  other: YtdlpInfo | undefined,
): YtdlpInfo | undefined {
  if (!preferred || !other) return preferred ?? other;
  const merged: Record<string, unknown> = { ...other };
  for (const [key, value] of Object.entries(preferred)) {
    if (value !== undefined && value !== null && value !== '') merged[key] = value;
  }
  return merged as YtdlpInfo;
}
