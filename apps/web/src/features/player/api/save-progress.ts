import type { Player } from '@tubekeeper/contract';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * `POST /api/video/{id}/progress/`: stores the caller's position; the answer says whether the video
 * crossed its watched threshold (upstream §1.4).
 */
export function saveProgress(youtubeId: string, position: number): Promise<Player> {
  return apiRequest<Player>(`/api/video/${encodeURIComponent(youtubeId)}/progress/`, {
    method: 'POST',
    body: { position: Math.round(position * 10) / 10 },
  });
}
