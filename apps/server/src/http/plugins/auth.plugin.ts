import { randomBytes, timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { UserRow } from '../../db/tables.ts';
import type { AuthService } from '../../services/auth.service.ts';
import type { RecentCredentials } from '../../services/recent-credentials.ts';
import { decide, isSafeMethod, type Permission } from '../permissions.ts';

export const SESSION_COOKIE = 'sessionid';
export const CSRF_COOKIE = 'csrftoken';
const CSRF_HEADER = 'x-csrftoken';
const CSRF_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

declare module 'fastify' {
  interface FastifyContextConfig {
    permission?: Permission;
    /** Skip the CSRF check (login, as upstream's csrf_exempt view). */
    csrfExempt?: boolean;
  }
  interface FastifyRequest {
    user: UserRow | null;
    authMethod: 'session' | 'token' | null;
  }
}

export interface AuthPluginOptions {
  auth: AuthService;
  /** users found for a credential moments ago, reused by reads */
  recentCredentials: RecentCredentials;
  allowedHosts: string[];
  trustedOrigins: string[];
}

export function setCsrfCookie(reply: FastifyReply, token = randomBytes(24).toString('base64url')): void {
  reply.setCookie(CSRF_COOKIE, token, { path: '/', sameSite: 'lax', maxAge: CSRF_COOKIE_MAX_AGE });
}

function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Where a request's credentials lead: a token in the header wins over the session cookie. */
function credentialOf(request: FastifyRequest): { key: string; method: 'session' | 'token' } | undefined {
  const header = request.headers.authorization;
  if (header?.startsWith('Token ')) return { key: header.slice(6).trim(), method: 'token' };
  const sessionKey = request.cookies[SESSION_COOKIE];
  return sessionKey ? { key: sessionKey, method: 'session' } : undefined;
}

async function resolveUser(
  request: FastifyRequest,
  auth: AuthService,
  recent: RecentCredentials | undefined,
): Promise<void> {
  request.user = null;
  request.authMethod = null;
  const credential = credentialOf(request);
  if (!credential) return;
  const lookup = () =>
    credential.method === 'token' ? auth.userForToken(credential.key) : auth.userForSession(credential.key);
  const user = recent
    ? await recent.userFor(`${credential.method}:${credential.key}`, lookup)
    : await lookup();
  if (!user) return;
  request.user = user;
  request.authMethod = credential.method;
}

/** Django's CSRF rules for session-authenticated unsafe requests: header equals cookie, origin trusted. */
function csrfFailure(request: FastifyRequest, trustedOrigins: string[]): string | undefined {
  const cookie = request.cookies[CSRF_COOKIE];
  const header = request.headers[CSRF_HEADER];
  if (!cookie || typeof header !== 'string' || !sameToken(cookie, header)) {
    return 'CSRF Failed: CSRF token missing or incorrect.';
  }
  const origin = request.headers.origin;
  if (origin && origin !== `${request.protocol}://${request.host}` && !trustedOrigins.includes(origin)) {
    return 'CSRF Failed: Origin checking failed - ' + origin + ' does not match any trusted origins.';
  }
  return undefined;
}

async function authPlugin(app: FastifyInstance, options: AuthPluginOptions): Promise<void> {
  app.decorateRequest('user', null);
  app.decorateRequest('authMethod', null);
  const recent = options.recentCredentials;
  // a write request may have changed any credential (logout, revoked token, new password, disabled user)
  app.addHook('onResponse', (request, _reply, done) => {
    if (!isSafeMethod(request.method)) recent.forget();
    done();
  });

  app.addHook('onRequest', async (request, reply) => {
    if (options.allowedHosts.length > 0 && !options.allowedHosts.includes(request.hostname)) {
      return reply.code(400).send({ error: `Invalid host header: ${request.hostname} is not in TK_HOST` });
    }
    const config = request.routeOptions.config;
    await resolveUser(request, options.auth, isSafeMethod(request.method) ? recent : undefined);
    // a token client is exempt from CSRF and keeps no cookies: minting one per request would be wasted work
    if (request.authMethod !== 'token' && !request.cookies[CSRF_COOKIE]) setCsrfCookie(reply);
    const decision = decide(config.permission ?? 'authenticated', request.user, request.method);
    if (decision === 'unauthenticated') {
      return reply.code(403).send({ error: 'Authentication credentials were not provided.' });
    }
    if (decision === 'forbidden') {
      return reply.code(403).send({ error: 'You do not have permission to perform this action.' });
    }
    if (request.authMethod === 'session' && !isSafeMethod(request.method) && !config.csrfExempt) {
      const failure = csrfFailure(request, options.trustedOrigins);
      if (failure) return reply.code(403).send({ error: failure });
    }
  });
}

export default fp(authPlugin, { name: 'auth' });
