import {
  errorBody,
  manualImportRequest,
  notificationList,
  notificationQuery,
  rescanFilesystemRequest,
  taskCommandRequest,
  taskIdParams,
  taskNameParams,
  taskResult,
  taskResultList,
  taskStartResponse,
} from '@tubekeeper/contract';
import type { RoutesModule } from '../types.ts';

/** Task runs (upstream §1.8), the notification list (§4.3), the manual import and rescan starts (§1.9). */
export const taskRoutes: RoutesModule = (app, { tasks }) => {
  app.get(
    '/api/task/by-name/',
    { config: { permission: 'adminOnly' }, schema: { response: { 200: taskResultList } } },
    () => tasks.results(),
  );

  app.get(
    '/api/task/by-name/:name/',
    {
      config: { permission: 'adminOnly' },
      schema: { params: taskNameParams, response: { 200: taskResultList, 404: errorBody } },
    },
    (request) => tasks.results(request.params.name),
  );

  app.post(
    '/api/task/by-name/:name/',
    {
      config: { permission: 'adminOnly' },
      schema: { params: taskNameParams, response: { 200: taskStartResponse, 404: errorBody } },
    },
    (request) => tasks.startByName(request.params.name),
  );

  app.get(
    '/api/task/by-id/:id/',
    {
      config: { permission: 'adminOnly' },
      schema: { params: taskIdParams, response: { 200: taskResult, 404: errorBody } },
    },
    (request) => tasks.result(request.params.id),
  );

  app.post(
    '/api/task/by-id/:id/',
    {
      config: { permission: 'adminOnly' },
      schema: { params: taskIdParams, body: taskCommandRequest },
    },
    async (request, reply) => {
      await tasks.command(request.params.id, request.body.command);
      return reply.code(204).send();
    },
  );

  app.get(
    '/api/notification/',
    {
      config: { permission: 'authenticated' },
      schema: { querystring: notificationQuery, response: { 200: notificationList } },
    },
    (request) => tasks.notifications(request.query.filter),
  );

  app.post(
    '/api/appsettings/manual-import/',
    {
      config: { permission: 'adminOnly' },
      schema: { body: manualImportRequest, response: { 200: taskStartResponse } },
    },
    (request) =>
      tasks.start('manual_import', {
        ignore_error: request.body.ignore_error,
        prefer_local: request.body.prefer_local,
      }),
  );

  app.post(
    '/api/appsettings/rescan-filesystem/',
    {
      config: { permission: 'adminOnly' },
      schema: { body: rescanFilesystemRequest, response: { 200: taskStartResponse } },
    },
    (request) =>
      tasks.start('rescan_filesystem', {
        ignore_error: request.body.ignore_error,
        prefer_local: request.body.prefer_local,
      }),
  );
};
