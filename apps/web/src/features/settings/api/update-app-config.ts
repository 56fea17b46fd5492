import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AppConfig, AppConfigUpdate } from '@tubekeeper/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { sessionKeys } from '../../session/index.ts';

/** `POST /api/appsettings/config/` {section:{key:value}}: null resets a key; answers the whole config. */
export function updateAppConfig(changes: AppConfigUpdate): Promise<AppConfig> {
  return apiRequest<AppConfig>('/api/appsettings/config/', { method: 'POST', body: changes });
}

export function useUpdateAppConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAppConfig,
    onSuccess: (config) => queryClient.setQueryData(sessionKeys.appConfig, config),
  });
}
