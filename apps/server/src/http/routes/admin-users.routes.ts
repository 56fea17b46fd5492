import { adminUser, adminUserCreate, adminUserList, adminUserUpdate } from '@tubekeeper/contract';
import { z } from 'zod';
import { SESSION_COOKIE } from '../plugins/auth.plugin.ts';
import type { RoutesModule } from '../types.ts';

const idParams = z.object({ id: z.coerce.number().int().positive() });

/** User management: staff may read the list, only superusers change it. */
export const adminUserRoutes: RoutesModule = (app, { userAdmin }) => {
  const config = { permission: 'superuserWrite' as const };

  app.get('/api/admin/users/', { config, schema: { response: { 200: adminUserList } } }, async () => ({
    data: await userAdmin.list(),
  }));

  app.post(
    '/api/admin/users/',
    { config, schema: { body: adminUserCreate, response: { 201: adminUser } } },
    async (request, reply) => reply.code(201).send(await userAdmin.create(request.body)),
  );

  app.patch(
    '/api/admin/users/:id/',
    { config, schema: { params: idParams, body: adminUserUpdate, response: { 200: adminUser } } },
    (request) => {
      const own = request.user!.id === request.params.id && request.authMethod === 'session';
      return userAdmin.update(
        request.params.id,
        request.body,
        own ? request.cookies[SESSION_COOKIE] : undefined,
      );
    },
  );

  app.delete('/api/admin/users/:id/', { config, schema: { params: idParams } }, async (request, reply) => {
    await userAdmin.delete(request.params.id);
    return reply.code(204).send();
  });
};
