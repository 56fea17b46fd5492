// The shapes of POST /api/admin/users/ (packages/contract admin-users.ts), restated so this package
// needs no dependency on the contract for two fields.
interface NewUser {
  username: string;
  password: string;
  is_staff?: boolean;
  is_superuser?: boolean;
}

interface CreatedUser {
  id: number;
  username: string;
}

interface Credentials {
  username: string;
  password: string;
}

/** Signs in over HTTP and reads (creating on first read) the user's API token. */
export async function adminToken(baseURL: string, admin: Credentials): Promise<string> {
  const login = await fetch(`${baseURL}/api/user/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...admin, remember_me: 'off' }),
  });
  if (login.status !== 204) throw new Error(`admin login failed: ${login.status} ${await login.text()}`);
  const cookie = login.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  const response = await fetch(`${baseURL}/api/appsettings/token/`, { headers: { cookie } });
  if (!response.ok) throw new Error(`token request failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
}

/** Seeds a user through the API (token auth needs no CSRF token). */
export async function createUser(baseURL: string, token: string, user: NewUser): Promise<CreatedUser> {
  const response = await fetch(`${baseURL}/api/admin/users/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Token ${token}` },
    body: JSON.stringify(user),
  });
  if (response.status !== 201) {
    throw new Error(`creating user ${user.username} failed: ${response.status} ${await response.text()}`);
  }
  return (await response.json()) as CreatedUser;
}

/** A call with the admin token (no CSRF needed); fails with the answer when it is not 2xx. */
export async function apiRequest<T = unknown>(
  baseURL: string,
  token: string,
  path: string,
  options: { method?: string; body?: unknown } = {},
): Promise<T> {
  const response = await fetch(`${baseURL}${path}`, {
    method: options.method ?? 'GET',
    headers: {
      authorization: `Token ${token}`,
      ...(options.body !== undefined && { 'content-type': 'application/json' }),
    },
    ...(options.body !== undefined && { body: JSON.stringify(options.body) }),
  });
  if (!response.ok)
    throw new Error(`${options.method ?? 'GET'} ${path}: ${response.status} ${await response.text()}`);
  return (response.status === 204 ? undefined : await response.json()) as T;
}
