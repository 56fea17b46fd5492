import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserConfig, UserConfigUpdate } from '@tubekeeper/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { sessionKeys } from './query-keys.ts';

/** page_size may be sent as null: the server stores its default (12) then (spec §5). */
export type UserConfigChanges = Omit<UserConfigUpdate, 'page_size'> & { page_size?: number | null };

/** Partial update; the server answers with the whole stored config. */
export function updateUserConfig(changes: UserConfigChanges): Promise<UserConfig> {
  return apiRequest<UserConfig>('/api/user/me/', { method: 'POST', body: changes });
}

export function useUpdateUserConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUserConfig,
    // The answer is the full config, so the cache can take it as is without a refetch.
    onSuccess: (config) => queryClient.setQueryData(sessionKeys.userConfig, config),
  });
}
