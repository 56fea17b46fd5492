import {
  errorBody,
  scheduledTask,
  scheduleList,
  scheduleRequest,
  scheduleUpdateResponse,
  taskNameParams,
} from '@tubekeeper/contract';
import type { RoutesModule } from '../types.ts';

/** Task schedules (upstream §7.4). */
export const scheduleRoutes: RoutesModule = (app, { schedules }) => {
  app.get(
    '/api/task/schedule/',
    { config: { permission: 'adminOnly' }, schema: { response: { 200: scheduleList } } },
    () => schedules.list(),
  );

  app.get(
    '/api/task/schedule/:name/',
    {
      config: { permission: 'adminOnly' },
      schema: { params: taskNameParams, response: { 200: scheduledTask, 404: errorBody } },
    },
    (request) => schedules.get(request.params.name),
  );

  app.post(
    '/api/task/schedule/:name/',
    {
      config: { permission: 'adminOnly' },
      schema: {
        params: taskNameParams,
        body: scheduleRequest,
        response: { 200: scheduleUpdateResponse, 400: errorBody },
      },
    },
    (request) => schedules.save(request.params.name, request.body),
  );

  app.delete(
    '/api/task/schedule/:name/',
    {
      config: { permission: 'adminOnly' },
      schema: { params: taskNameParams },
    },
    async (request, reply) => {
      await schedules.remove(request.params.name);
      return reply.code(204).send();
    },
  );
};
