import { apiRequest } from '../../../lib/api-client.ts';

/**
 * `POST /api/download/{id}/` {status: ignore-force} (spec §4): puts the video on the ignore list, queued
 * or not, so a rescan never downloads it again.
 */
export function ignoreVideo(youtubeId: string): Promise<unknown> {
  return apiRequest(`/api/download/${encodeURIComponent(youtubeId)}/`, {
    method: 'POST',
    body: { status: 'ignore-force' },
  });
}
