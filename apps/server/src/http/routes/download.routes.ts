import {
  downloadAddQuery,
  downloadAddRequest,
  downloadAggs,
  downloadAggsQuery,
  downloadBulkQuery,
  downloadBulkUpdate,
  downloadDeleteQuery,
  downloadIdParams,
  downloadItem,
  downloadItemUpdate,
  downloadList,
  downloadListQuery,
  downloadTaskStarted,
  errorBody,
} from '@tubekeeper/contract';
import type { RoutesModule } from '../types.ts';

/** The download queue (spec §7, upstream §1.7): staff only, except the channel counts. */
export const downloadRoutes: RoutesModule = (app, { downloadQueue }) => {
  app.get(
    '/api/download/',
    {
      config: { permission: 'adminOnly' },
      schema: { querystring: downloadListQuery, response: { 200: downloadList } },
    },
    (request) => downloadQueue.list(request.user!.id, request.query, request.url),
  );

  app.post(
    '/api/download/',
    {
      config: { permission: 'adminOnly' },
      schema: {
        querystring: downloadAddQuery,
        body: downloadAddRequest,
        response: { 200: downloadTaskStarted },
      },
    },
    (request) => downloadQueue.add(request.body, request.query),
  );

  app.patch(
    '/api/download/',
    {
      config: { permission: 'adminOnly' },
      schema: { querystring: downloadBulkQuery, body: downloadBulkUpdate },
    },
    async (request, reply) => {
      await downloadQueue.bulkUpdate(request.query, request.body.status);
      return reply.code(204).send();
    },
  );

  app.delete(
    '/api/download/',
    { config: { permission: 'adminOnly' }, schema: { querystring: downloadDeleteQuery } },
    async (request, reply) => {
      await downloadQueue.clear(request.query);
      return reply.code(204).send();
    },
  );

  app.get(
    '/api/download/aggs/',
    {
      config: { permission: 'authenticated' },
      schema: { querystring: downloadAggsQuery, response: { 200: downloadAggs } },
    },
    (request) => downloadQueue.aggs(request.query.filter),
  );

  app.get(
    '/api/download/:id/',
    {
      config: { permission: 'adminOnly' },
      schema: { params: downloadIdParams, response: { 200: downloadItem, 404: errorBody } },
    },
    (request) => downloadQueue.get(request.params.id),
  );

  app.post(
    '/api/download/:id/',
    {
      config: { permission: 'adminOnly' },
      schema: {
        params: downloadIdParams,
        body: downloadItemUpdate,
        response: { 200: downloadItemUpdate, 404: errorBody },
      },
    },
    (request) => downloadQueue.setStatus(request.params.id, request.body.status),
  );

  app.delete(
    '/api/download/:id/',
    { config: { permission: 'adminOnly' }, schema: { params: downloadIdParams } },
    async (request, reply) => {
      await downloadQueue.deleteItem(request.params.id);
      return reply.code(204).send();
    },
  );
};
