import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminUser } from '@tubekeeper/contract';
import { apiRequest } from '../../../lib/api-client.ts';

export const usersKeys = { all: ['admin-users'] as const };

export async function listUsers(signal?: AbortSignal): Promise<AdminUser[]> {
  const body = await apiRequest<{ data: AdminUser[] }>('/api/admin/users/', { signal });
  return body.data;
}

export const usersQueryOptions = () =>
  queryOptions({ queryKey: usersKeys.all, queryFn: ({ signal }) => listUsers(signal) });

/** Staff may read the list; only call this for staff, a 403 would end the session (spec §4). */
export function useUsers() {
  return useQuery(usersQueryOptions());
}
