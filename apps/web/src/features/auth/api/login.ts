import { useMutation } from '@tanstack/react-query';
import type { LoginBody } from '@tubekeeper/contract';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';

/** 204 on success; the server sets the session cookie and rotates the CSRF token. */
export async function login(body: LoginBody): Promise<void> {
  try {
    // A failed sign-in is an answer for this page, not a reason to run the global log-out handler.
    await apiRequest<void>('/api/user/login/', { method: 'POST', body, authRedirect: false });
  } catch (error) {
    if (error instanceof ApiError && error.status === 403) {
      console.warn('Login answered 403: possibly a session already exists in this browser.');
    }
    throw error;
  }
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
