import type { QueryClient } from '@tanstack/react-query';
import { logout } from '../features/session/index.ts';
import { setUnauthorizedHandler } from '../lib/api-client.ts';

type Navigate = (to: string, options?: { replace?: boolean }) => void | Promise<void>;

/**
 * Ends the session on the server, leaves the protected pages, then drops every cached answer so the
 * next person signing in on this browser never sees the previous one's data. The cache is cleared
 * after leaving so mounted pages do not refetch (and fail) in between.
 */
export async function signOut(navigate: Navigate, queryClient: QueryClient): Promise<void> {
  await logout();
  await navigate('/login/', { replace: true });
  queryClient.clear();
}

/** Spec §4/§8: a 401 or 403 on any call logs the user out and redirects to /login/. */
export function installUnauthorizedHandler(navigate: Navigate, queryClient: QueryClient): void {
  let running = false;
  setUnauthorizedHandler(() => {
    // Several queries failing together should end the session once, not race each other.
    if (running) return;
    running = true;
    void signOut(navigate, queryClient).finally(() => {
      running = false;
    });
  });
}
