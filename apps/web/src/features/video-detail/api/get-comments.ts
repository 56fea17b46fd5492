import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Comment } from '@tubekeeper/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { videoKeys } from '../../videos/index.ts';

/** The comment tree: root comments, each with its replies. */
export function getComments(id: string, signal?: AbortSignal): Promise<Comment[]> {
  return apiRequest<Comment[]>(`/api/video/${encodeURIComponent(id)}/comment/`, { signal });
}

export const commentsQueryOptions = (id: string) =>
  queryOptions({ queryKey: videoKeys.comments(id), queryFn: ({ signal }) => getComments(id, signal) });

/** Only asked for when the video has comments (a video without any answers 404 upstream). */
export function useComments(id: string, enabled: boolean) {
  return useQuery({ ...commentsQueryOptions(id), enabled });
}
