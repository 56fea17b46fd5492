import { appConfig, appConfigUpdate, tokenResponse, type AppConfigUpdate } from '@tubekeeper/contract';
import type { RoutesModule } from '../types.ts';

export const appSettingsRoutes: RoutesModule = (app, { appConfig: configs, auth }) => {
  app.get(
    '/api/appsettings/config/',
    { config: { permission: 'adminWrite' }, schema: { response: { 200: appConfig } } },
    () => configs.get(),
  );

  app.post(
    '/api/appsettings/config/',
    { config: { permission: 'adminWrite' }, schema: { body: appConfigUpdate, response: { 200: appConfig } } },
    (request) => configs.update(request.body as AppConfigUpdate),
  );

  app.get(
    '/api/appsettings/token/',
    { config: { permission: 'adminOnly' }, schema: { response: { 200: tokenResponse } } },
    async (request) => ({ token: await auth.getOrCreateToken(request.user!.id) }),
  );

  app.delete('/api/appsettings/token/', { config: { permission: 'adminOnly' } }, async (request, reply) => {
    await auth.revokeToken(request.user!.id);
    return reply.code(204).send();
  });
};
