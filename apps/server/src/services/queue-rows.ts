import type { NewQueueItem, QueueStatus } from '../repositories/download-queue.repository.ts';
import type { YtdlpJson } from '../repositories/ytdlp.repository.ts';
import { channelNameOf, publishedMs, type VidType } from './metadata-mapper.ts';
import type { YtdlpInfo } from './ytdlp-info.ts';

export interface RowContext {
  id: string;
  status: QueueStatus;
  vidType?: VidType;
  source?: { channelId?: string; channelName?: string };
  autoStart: boolean;
  now: number;
}

/**
 * A queue item from a video's full metadata (upstream §4.1 "Queue document"), or why it is not queued:
 * an answer for another id (a redirect, often a block), a live or upcoming stream, a missing title.
 */
export function queueRowFromInfo(json: YtdlpJson, context: RowContext): NewQueueItem | string {
  const info = json as YtdlpInfo;
  if (info.id !== context.id) {
    return `the provider answered with ${info.id ?? 'another video'} (redirect or premium; you may be blocked)`;
  }
  if (info.live_status === 'is_live' || info.live_status === 'is_upcoming') {
    return 'is live or upcoming; queue it again once the stream has ended';
  }
  return row(info, context, published(info));
}

/** A queue item from a flat listing entry: no exact date, channel from the listing when missing. */
export function queueRowFromFlat(json: YtdlpJson, context: RowContext): NewQueueItem | string {
  const info = json as YtdlpInfo;
  if (info.live_status === 'is_live' || info.live_status === 'is_upcoming') {
    return 'is live or upcoming; queue it again once the stream has ended';
  }
  return row(info, context, published(info));
}

function row(info: YtdlpInfo, context: RowContext, publishedAt: number | null): NewQueueItem | string {
  const title = info.title || info.fulltitle;
  if (!title) return 'the provider gave no title';
  const channelId = info.channel_id || context.source?.channelId;
  if (!channelId) return 'the provider named no channel';
  const named = info.channel || info.uploader;
  return {
    youtube_id: context.id,
    title,
    channel_id: channelId,
    channel_name: named ? channelNameOf(info) : (context.source?.channelName ?? channelId),
    vid_thumb_url: info.thumbnail || info.thumbnails?.filter((t) => t.url).at(-1)?.url || null,
    vid_type: context.vidType ?? 'videos',
    published: publishedAt,
    duration: typeof info.duration === 'number' ? info.duration : null,
    auto_start: context.autoStart && context.status === 'pending' ? 1 : 0,
    message: null,
    timestamp: context.now,
    status: context.status,
  };
}

/** The publish time when the metadata has one; flat listings usually do not. */
function published(info: YtdlpInfo): number | null {
  if (!info.timestamp && !info.release_timestamp && !info.upload_date) return null;
  return publishedMs(info, 0) || null;
}
