import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminUser, AdminUserCreate } from '@tubekeeper/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { usersKeys } from './list-users.ts';

export function createUser(body: AdminUserCreate): Promise<AdminUser> {
  return apiRequest<AdminUser>('/api/admin/users/', { method: 'POST', body });
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKeys.all }),
  });
}
