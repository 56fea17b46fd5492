import { useQuery } from '@tanstack/react-query';
import type { HealthReport } from '@tubekeeper/contract';
import { apiRequest } from '../../../lib/api-client.ts';

/** Workers come and go and change what they run: the dashboard looks again this often. */
const HEALTH_POLL_MS = 5_000;

/** `GET /api/health/?details=true` (staff): yt-dlp, the last download, failing feeds and the task runners. */
export function getHealthDetails(signal?: AbortSignal): Promise<HealthReport> {
  return apiRequest<HealthReport>('/api/health/?details=true', { signal });
}

/** `poll: false` for a page that needs the report once (the Downloads page's yt-dlp line). */
export function useHealthDetails({ poll = true }: { poll?: boolean } = {}) {
  return useQuery({
    queryKey: ['health', 'details'],
    queryFn: ({ signal }) => getHealthDetails(signal),
    refetchInterval: poll ? HEALTH_POLL_MS : false,
  });
}
