import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from './app.ts';
import { sessionClient } from './app.ts';

export type UpstreamAuth =
  { kind: 'session'; cookie: string; csrf: string } | { kind: 'token'; token: string };

/**
 * A client written for the upstream API, calling the way its web app, the browser extension and
 * media-server plugins do: `Content-Type: application/json` on every request, a body or not, and either
 * the session cookie with the X-CSRFToken header or `Authorization: Token <key>` (no cookies, no CSRF).
 */
export class UpstreamClient {
  constructor(
    private readonly t: TestApp,
    readonly auth: UpstreamAuth,
  ) {}

  headers(): Record<string, string> {
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      accept: 'application/json',
    };
    if (this.auth.kind === 'token') headers.authorization = `Token ${this.auth.token}`;
    else {
      headers.cookie = `sessionid=${this.auth.cookie}; csrftoken=${this.auth.csrf}`;
      headers['x-csrftoken'] = this.auth.csrf;
    }
    return headers;
  }

  request(method: string, url: string, body?: unknown): Promise<LightMyRequestResponse> {
    return this.t.app.inject({
      method: method as 'GET',
      url,
      headers: this.headers(),
      ...(body !== undefined && { payload: JSON.stringify(body) }),
    });
  }
}

/** An upstream client signed in as `userId` through a session. */
export async function upstreamSessionClient(t: TestApp, userId: number): Promise<UpstreamClient> {
  const browser = await sessionClient(t, userId);
  return new UpstreamClient(t, {
    kind: 'session',
    cookie: browser.cookies.get('sessionid')!,
    csrf: browser.cookies.get('csrftoken') ?? randomBytes(16).toString('hex'),
  });
}

/** An upstream client using the user's API token (GET /api/appsettings/token/ creates it). */
export async function upstreamTokenClient(t: TestApp, userId: number): Promise<UpstreamClient> {
  return new UpstreamClient(t, { kind: 'token', token: await t.container.auth.getOrCreateToken(userId) });
}
