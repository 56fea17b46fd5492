import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import type { UserAccount } from '@tubekeeper/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { sessionKeys } from './query-keys.ts';

export function getAccount(signal?: AbortSignal): Promise<UserAccount> {
  return apiRequest<UserAccount>('/api/user/account/', { signal });
}

export const accountQueryOptions = () =>
  queryOptions({ queryKey: sessionKeys.account, queryFn: ({ signal }) => getAccount(signal) });

export function useAccount(): UserAccount {
  return useSuspenseQuery(accountQueryOptions()).data;
}

/** Spec §6: staff or superuser unlock the management controls. */
export function isStaff(account: Pick<UserAccount, 'is_staff' | 'is_superuser'>): boolean {
  return account.is_staff || account.is_superuser;
}
