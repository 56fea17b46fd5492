import { apiRequest } from '../../../lib/api-client.ts';

/**
 * Ends the server session. Never triggers the global 401/403 handler: that handler calls this itself,
 * and a session that is already gone is the outcome we want anyway.
 */
export async function logout(): Promise<void> {
  try {
    await apiRequest<void>('/api/user/logout/', { method: 'POST', authRedirect: false });
  } catch (error) {
    console.warn('Logout request failed; the browser session is cleared anyway.', error);
  }
}
