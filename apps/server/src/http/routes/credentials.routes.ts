import { cookieState, cookieUpdate, errorBody, noBody, poTokenBody } from '@tubekeeper/contract';
import { badRequest } from '../../errors.ts';
import type { RoutesModule } from '../types.ts';

/** The provider cookie (upstream §7.5) and PO token (spec §7): staff only, like every appsettings call. */
export const credentialsRoutes: RoutesModule = (app, { cookies, poToken }) => {
  app.get(
    '/api/appsettings/cookie/',
    { config: { permission: 'adminOnly' }, schema: { response: { 200: cookieState } } },
    () => cookies.state(),
  );

  app.put(
    '/api/appsettings/cookie/',
    {
      config: { permission: 'adminOnly' },
      schema: { body: cookieUpdate, response: { 200: cookieState, 400: errorBody } },
    },
    (request) => cookies.put(request.body.cookie),
  );

  app.post(
    '/api/appsettings/cookie/',
    {
      config: { permission: 'adminOnly' },
      schema: { body: noBody, response: { 200: cookieState } },
    },
    (request) => {
      // no body (upstream clients send their JSON content type anyway) reads as null too; a JSON null
      // that was sent on purpose is a mistake worth naming
      const sentSomething = Number(request.headers['content-length'] ?? 0) > 0;
      if (
        request.body === null &&
        sentSomething &&
        String(request.headers['content-type']).includes('json')
      ) {
        throw badRequest('body: send no body, or {}');
      }
      return cookies.validate();
    },
  );

  app.delete('/api/appsettings/cookie/', { config: { permission: 'adminOnly' } }, async (_request, reply) => {
    await cookies.revoke();
    return reply.code(204).send();
  });

  app.get(
    '/api/appsettings/potoken/',
    { config: { permission: 'adminOnly' }, schema: { response: { 200: poTokenBody, 404: errorBody } } },
    () => poToken.get(),
  );

  app.post(
    '/api/appsettings/potoken/',
    { config: { permission: 'adminOnly' }, schema: { body: poTokenBody, response: { 200: poTokenBody } } },
    (request) => poToken.set(request.body.potoken),
  );

  app.delete(
    '/api/appsettings/potoken/',
    { config: { permission: 'adminOnly' } },
    async (_request, reply) => {
      await poToken.revoke();
      return reply.code(204).send();
    },
  );
};
