import type { QueryClient } from '@tanstack/react-query';
import { redirect, type LoaderFunctionArgs } from 'react-router';
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
    await Promise.all([
      queryClient.ensureQueryData(userConfigQueryOptions()),
      queryClient.ensureQueryData(accountQueryOptions()),
      queryClient.ensureQueryData(appConfigQueryOptions()),
    ]);
    return null;
  };
}
