import { z } from 'zod';
import {
  errorBody,
  notifyTestRequest,
  notifyTestResponse,
  notifyUrlAdd,
  notifyUrlDelete,
  notifyUrlList,
} from '@tubekeeper/contract';
import type { RoutesModule } from '../types.ts';

/** Apprise URLs per task (upstream §1.8) and the test send. */
export const taskNotificationRoutes: RoutesModule = (app, { taskNotify }) => {
  app.get(
    '/api/task/notification/',
    { config: { permission: 'adminOnly' }, schema: { response: { 200: notifyUrlList } } },
    () => taskNotify.list(),
  );

  app.post(
    '/api/task/notification/',
    {
      config: { permission: 'adminOnly' },
      schema: { body: notifyUrlAdd, response: { 200: notifyUrlList, 400: errorBody } },
    },
    (request) => taskNotify.add(request.body.task_name, request.body.url),
  );

  app.delete(
    '/api/task/notification/',
    { config: { permission: 'adminOnly' }, schema: { body: notifyUrlDelete } },
    async (request, reply) => {
      await taskNotify.remove(request.body.task_name, request.body.url);
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/task/notification/test/',
    {
      config: { permission: 'adminOnly' },
      schema: {
        body: notifyTestRequest,
        // 400 is a failed send, or a body that is not a test request
        response: { 200: notifyTestResponse, 400: z.union([notifyTestResponse, errorBody]) },
      },
    },
    async (request, reply) => {
      const result = await taskNotify.test(request.body.url, request.body.task_name);
      return reply.code(result.success ? 200 : 400).send(result);
    },
  );
};
