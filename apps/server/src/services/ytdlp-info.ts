/**
 * The parts of yt-dlp's info JSON (`--dump-json`, `--write-info-json`) the archive reads, named as yt-dlp
 * names them. Every field is optional: extractors, flat listings and old files leave many out.
 */
export interface YtdlpThumbnail {
  url?: string;
  id?: string;
  width?: number;
  height?: number;
  preference?: number;
}

export interface YtdlpSubtitleFormat {
  ext?: string;
  url?: string;
  name?: string;
}

export interface YtdlpComment {
  id?: string;
  parent?: string;
  text?: string;
  author?: string;
  author_id?: string;
  author_thumbnail?: string;
  author_is_uploader?: boolean;
  timestamp?: number;
  like_count?: number;
  is_favorited?: boolean;
}

export interface YtdlpInfo {
  _type?: string;
  id?: string;
  title?: string;
  fulltitle?: string;
  description?: string | null;
  channel_id?: string;
  channel?: string;
  uploader?: string;
  uploader_id?: string;
  channel_follower_count?: number | null;
  timestamp?: number | string | null;
  release_timestamp?: number | null;
  upload_date?: string | null;
  view_count?: number | null;
  like_count?: number | null;
  dislike_count?: number | null;
  average_rating?: number | null;
  comment_count?: number | null;
  tags?: string[] | null;
  categories?: string[] | null;
  thumbnail?: string | null;
  thumbnails?: YtdlpThumbnail[] | null;
  duration?: number | null;
  was_live?: boolean | null;
  live_status?: string | null;
  media_type?: string | null;
  webpage_url?: string | null;
  original_url?: string | null;
  subtitles?: Record<string, YtdlpSubtitleFormat[]> | null;
  automatic_captions?: Record<string, YtdlpSubtitleFormat[]> | null;
  comments?: YtdlpComment[] | null;
  entries?: YtdlpInfo[] | null;
  width?: number | null;
  height?: number | null;
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
