import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminUser, AdminUserUpdate } from '@tubekeeper/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { sessionKeys } from '../../session/index.ts';
import { usersKeys } from './list-users.ts';

export function updateUser(id: number, changes: AdminUserUpdate): Promise<AdminUser> {
  return apiRequest<AdminUser>(`/api/admin/users/${id}/`, { method: 'PATCH', body: changes });
}

export function useUpdateUser(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: AdminUserUpdate) => updateUser(id, changes),
    onSuccess: (user) => {
      queryClient.setQueryData<AdminUser[]>(usersKeys.all, (users) =>
        users?.map((existing) => (existing.id === user.id ? user : existing)),
      );
      // Changing one's own roles changes what the shell may show (Downloads, staff pages).
      void queryClient.invalidateQueries({ queryKey: sessionKeys.account });
    },
  });
}
