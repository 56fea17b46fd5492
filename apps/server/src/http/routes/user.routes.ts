import { loginBody, userAccount, userConfig, userConfigUpdate } from '@tubekeeper/contract';
import { CSRF_COOKIE, SESSION_COOKIE, setCsrfCookie } from '../plugins/auth.plugin.ts';
import type { RoutesModule } from '../types.ts';

export const userRoutes: RoutesModule = (app, { auth, userConfig: configs }) => {
  app.post(
    '/api/user/login/',
    { config: { permission: 'public', csrfExempt: true }, schema: { body: loginBody } },
    async (request, reply) => {
      const { username, password, remember_me } = request.body;
      const session = await auth.login(username, password, remember_me === 'on', request.ip);
      reply.setCookie(SESSION_COOKIE, session.key, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        ...(session.cookieMaxAge !== undefined && { maxAge: session.cookieMaxAge }),
      });
      setCsrfCookie(reply); // rotate on sign-in, as Django does
      return reply.code(204).send();
    },
  );

  app.post('/api/user/logout/', { config: { permission: 'authenticated' } }, async (request, reply) => {
    const key = request.cookies[SESSION_COOKIE];
    if (key) await auth.logout(key);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    reply.clearCookie(CSRF_COOKIE, { path: '/' });
    return reply.code(204).send();
  });

  app.get(
    '/api/user/account/',
    { config: { permission: 'authenticated' }, schema: { response: { 200: userAccount } } },
    async (request) => {
      const user = request.user!;
      return {
        id: user.id,
        name: user.username,
        is_superuser: user.is_superuser === 1,
        is_staff: user.is_staff === 1 || user.is_superuser === 1,
        groups: [],
        user_permissions: [],
        last_login: user.last_login === null ? null : new Date(user.last_login).toISOString(),
      };
    },
  );

  app.get(
    '/api/user/me/',
    { config: { permission: 'authenticated' }, schema: { response: { 200: userConfig } } },
    (request) => configs.get(request.user!.id),
  );

  app.post(
    '/api/user/me/',
    {
      config: { permission: 'authenticated' },
      schema: { body: userConfigUpdate, response: { 200: userConfig } },
    },
    (request) => configs.update(request.user!.id, request.body),
  );
};
