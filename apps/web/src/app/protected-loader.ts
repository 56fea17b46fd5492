import type { QueryClient } from '@tanstack/react-query';
import { redirect, type LoaderFunctionArgs } from 'react-router';
import { ApiError } from '../lib/api-client.ts';
import {
  accountQueryOptions,
  appConfigQueryOptions,
  ping,
  sessionKeys,
  userConfigQueryOptions,
} from '../features/session/index.ts';

/**
 * Entry check of every signed-in page (spec §2): ping first, and on a 403 or any failure go to the
 * login page. Then load what every page needs (user config, account, app config) into the query cache,
 * so components read it synchronously and the theme is right on first paint.
 */
export function protectedLoader(queryClient: QueryClient) {
  return async ({ request }: LoaderFunctionArgs) => {
    try {
      queryClient.setQueryData(sessionKeys.ping, await ping(request.signal));
    } catch (error) {
      if (request.signal.aborted) throw error;
      return redirect('/login/');
    }
    try {
      await Promise.all([
        queryClient.ensureQueryData(userConfigQueryOptions()),
        queryClient.ensureQueryData(accountQueryOptions()),
        queryClient.ensureQueryData(appConfigQueryOptions()),
      ]);
    } catch (error) {
      // The session ended between the ping and these calls: go to login rather than the Oops page.
      // (The API client's sign-out handler heads there too; both lead to the same place.)
      if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
        return redirect('/login/');
      }
      throw error;
    }
    return null;
  };
}
