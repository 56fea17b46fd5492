import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { usersKeys } from './list-users.ts';

export function deleteUser(id: number): Promise<void> {
  return apiRequest<void>(`/api/admin/users/${id}/`, { method: 'DELETE' });
}

export function useDeleteUser(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteUser(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKeys.all }),
  });
}
