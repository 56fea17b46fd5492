import type { SnapshotCreated, SnapshotList, SnapshotRestoreStarted } from '@tubekeeper/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const snapshotsKey = ['settings', 'snapshots'] as const;

/** `GET /api/appsettings/snapshot/`: next run, retention and the snapshots, newest first. */
export const snapshotsQueryOptions = () =>
  queryOptions({
    queryKey: snapshotsKey,
    queryFn: ({ signal }) => apiRequest<SnapshotList>('/api/appsettings/snapshot/', { signal }),
  });

export const useSnapshots = () => useQuery(snapshotsQueryOptions());

/** `POST /api/appsettings/snapshot/`: takes one now (as a task). */
export const createSnapshot = () =>
  apiRequest<SnapshotCreated>('/api/appsettings/snapshot/', { method: 'POST' });

/** `POST /api/appsettings/snapshot/{id}/`: restores it (as a task). */
export const restoreSnapshot = (id: string) =>
  apiRequest<SnapshotRestoreStarted>(`/api/appsettings/snapshot/${encodeURIComponent(id)}/`, {
    method: 'POST',
  });
