import { afterEach, describe, expect, test, vi } from 'vitest';
import { json, mockApi, noContent } from '../test/api-mock.ts';
import { ApiError, apiRequest, setUnauthorizedHandler } from './api-client.ts';

afterEach(() => {
  setUnauthorizedHandler(() => {});
  document.cookie = 'csrftoken=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
});

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('apiRequest', () => {
  test('returns the JSON body of a success', async () => {
    mockApi({ 'GET /api/user/me/': json(200, { page_size: 12 }) });
    await expect(apiRequest('/api/user/me/')).resolves.toEqual({ page_size: 12 });
  });

  test('treats 204 as an empty success', async () => {
    mockApi({ 'POST /api/user/logout/': noContent() });
    await expect(apiRequest('/api/user/logout/', { method: 'POST' })).resolves.toBeUndefined();
  });

  test('a body that is not JSON fails with "error fetching data"', async () => {
    mockApi({ 'GET /api/ping/': new Response('<html>Bad gateway</html>', { status: 502 }) });
    const error = await failure(apiRequest('/api/ping/'));
    expect(error.message).toBe('error fetching data');
    expect(error.status).toBe(502);
  });

  test('a body with an error field fails with that message, even with status 200', async () => {
    mockApi({
      'POST /api/user/me/': json(400, { error: 'page_size: page_size must be at least 1' }),
      'GET /api/odd/': json(200, { error: 'something broke' }),
    });
    const error = await failure(apiRequest('/api/user/me/', { method: 'POST', body: { page_size: 0 } }));
    expect(error.message).toBe('page_size: page_size must be at least 1');
    expect(error.status).toBe(400);
    expect(error.fromServer).toBe(true);
    expect((await failure(apiRequest('/api/odd/'))).message).toBe('something broke');
  });

  test('an error status without an error field gets the generic message', async () => {
    mockApi({ 'GET /api/x/': json(500, { detail: 'nope' }) });
    const error = await failure(apiRequest('/api/x/'));
    expect(error.message).toBe('An error occurred while processing the request.');
    expect(error.fromServer).toBe(false);
  });

  test('an unreachable server is a network error with status 0', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const error = await failure(apiRequest('/api/ping/'));
    expect(error.isNetworkError).toBe(true);
    expect(error.message).toBe('error fetching data');
  });

  test('sends JSON with the CSRF token from the cookie and same-origin credentials', async () => {
    document.cookie = 'csrftoken=token-123; path=/';
    const api = mockApi({ 'POST /api/user/me/': json(200, {}) });
    await apiRequest('/api/user/me/', { method: 'POST', body: { stylesheet: 'light' } });

    const [, init] = api.fetchMock.mock.calls[0]!;
    expect(init?.credentials).toBe('same-origin');
    expect(init?.body).toBe('{"stylesheet":"light"}');
    expect(api.calls[0]!.headers).toMatchObject({
      'X-CSRFToken': 'token-123',
      'Content-Type': 'application/json',
    });
  });

  test.each([
    [401, 'Unauthorized: Redirecting to login.'],
    [403, 'Forbidden: Access denied.'],
  ])('a %i runs the sign-out handler and fails with "%s"', async (status, message) => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    mockApi({
      'GET /api/user/me/': json(status, { error: 'Authentication credentials were not provided.' }),
    });

    const error = await failure(apiRequest('/api/user/me/'));
    expect(error.message).toBe(message);
    expect(handler).toHaveBeenCalledWith(status);
  });

  test('callers that expect a 403 (ping, login) opt out of the sign-out handler', async () => {
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    mockApi({ 'GET /api/ping/': json(403, { error: 'Authentication credentials were not provided.' }) });

    const error = await failure(apiRequest('/api/ping/', { authRedirect: false }));
    expect(error.status).toBe(403);
    expect(error.message).toBe('Authentication credentials were not provided.');
    expect(handler).not.toHaveBeenCalled();
  });
});
