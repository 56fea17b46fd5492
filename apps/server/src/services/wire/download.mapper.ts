import type { DownloadItem } from '@tubekeeper/contract';
import type { QueueItemRow } from '../../repositories/download-queue.repository.ts';
import { durationStr, epochSeconds, isoUtc } from './format.ts';
import { videoThumbUrl } from './urls.ts';
import { CATEGORY_LABELS } from '../../repositories/ytdlp-diagnosis.ts';

/** A queue row as the API shows it (upstream §1.11 "Download item"). */
export function toDownloadItem(row: QueueItemRow): DownloadItem {
  return {
    _index: 'ta_download',
    _score: 0,
    auto_start: row.auto_start === 1,
    channel_id: row.channel_id,
    channel_indexed: Number(row.channel_indexed) === 1,
    channel_name: row.channel_name,
    ...(row.message !== null &&
      row.error_category !== null && {
        diagnosis: {
          category: row.error_category,
          label: CATEGORY_LABELS[row.error_category],
          advice: row.error_advice ?? '',
          retry_at: row.retry_at === null ? null : isoUtc(row.retry_at),
        },
      }),
    duration: durationStr(row.duration),
    ...(row.message !== null && { message: row.message }),
    published: row.published === null ? null : isoUtc(row.published),
    // stored statuses are pending and ignore; older rows may carry the request names
    status: row.status === 'ignore' || row.status === 'ignore-force' ? 'ignore' : 'pending',
    timestamp: epochSeconds(row.timestamp),
    title: row.title,
    vid_thumb_url: row.vid_thumb_url ? videoThumbUrl(row.youtube_id) : null,
    vid_type: row.vid_type,
    youtube_id: row.youtube_id,
  };
}
