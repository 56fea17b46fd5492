/**
 * The one way the web app talks to the server (spec §7 "Behaviour on answers"):
 * - every call sends JSON with the CSRF token from the `csrftoken` cookie and same-origin credentials;
 * - 204 is an empty success (resolves to undefined);
 * - a body that is not JSON fails with "error fetching data";
 * - a body with an `error` field fails with that message;
 * - 401/403 end the session in the browser (see setUnauthorizedHandler) unless the caller opts out.
 * Failures are thrown as ApiError so TanStack Query and loaders see them as errors.
 */

export const NON_JSON_MESSAGE = 'error fetching data';
export const GENERIC_ERROR_MESSAGE = 'An error occurred while processing the request.';
export const UNAUTHORIZED_MESSAGE = 'Unauthorized: Redirecting to login.';
export const FORBIDDEN_MESSAGE = 'Forbidden: Access denied.';

export class ApiError extends Error {
  constructor(
    message: string,
    /** HTTP status, or 0 when the server could not be reached at all. */
    readonly status: number,
    /** True when the message is the server's own `error` text rather than one of ours. */
    readonly fromServer = false,
    /** The JSON body of a failed answer that carried no `error` field, for callers that read it. */
    readonly body?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /**
   * Set to false where a 401/403 is an expected answer the caller handles itself: the login call
   * (wrong session state) and the pings that decide whether someone is signed in.
   */
  authRedirect?: boolean;
}

type UnauthorizedHandler = (status: 401 | 403) => void;
let onUnauthorized: UnauthorizedHandler = () => {};

/** The app registers what "log out and go to /login/" means; the client stays free of router code. */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): void {
  onUnauthorized = handler;
}

export function readCookie(name: string): string | undefined {
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, signal, authRedirect = true } = options;
  const headers: Record<string, string> = { Accept: 'application/json' };
  // Read the cookie on every call: the server rotates the token at sign-in.
  const csrf = readCookie('csrftoken');
  if (csrf) headers['X-CSRFToken'] = csrf;
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      credentials: 'same-origin',
      ...(body !== undefined && { body: JSON.stringify(body) }),
      ...(signal && { signal }),
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(NON_JSON_MESSAGE, 0);
  }

  if ((response.status === 401 || response.status === 403) && authRedirect) {
    const message = response.status === 401 ? UNAUTHORIZED_MESSAGE : FORBIDDEN_MESSAGE;
    console.warn(message);
    onUnauthorized(response.status);
    throw new ApiError(message, response.status);
  }
  if (response.status === 204) return undefined as T;

  let data: unknown;
  try {
    data = await response.json();
  } catch {
    throw new ApiError(NON_JSON_MESSAGE, response.status);
  }
  if (isErrorBody(data)) throw new ApiError(data.error, response.status, true);
  if (!response.ok) throw new ApiError(GENERIC_ERROR_MESSAGE, response.status, false, data);
  return data as T;
}

function isErrorBody(data: unknown): data is { error: string } {
  return typeof data === 'object' && data !== null && typeof (data as { error?: unknown }).error === 'string';
}

/** The message to show for any thrown value; components use it to render server errors verbatim. */
export function errorMessage(error: unknown, fallback = GENERIC_ERROR_MESSAGE): string {
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}
