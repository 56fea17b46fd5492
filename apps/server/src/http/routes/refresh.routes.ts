import {
  errorBody,
  refreshRequest,
  refreshStartQuery,
  refreshStartResponse,
  refreshStatus,
  refreshStatusQuery,
} from '@tubekeeper/contract';
import type { RoutesModule } from '../types.ts';

/** Reindex requests and the reindex queue's state (upstream §1.3). */
export const refreshRoutes: RoutesModule = (app, { refresh }) => {
  app.get(
    '/api/refresh/',
    {
      config: { permission: 'adminOnly' },
      schema: { querystring: refreshStatusQuery, response: { 200: refreshStatus, 400: errorBody } },
    },
    (request) => refresh.status(request.query),
  );

  app.post(
    '/api/refresh/',
    {
      config: { permission: 'adminOnly' },
      schema: {
        querystring: refreshStartQuery,
        body: refreshRequest,
        response: { 200: refreshStartResponse, 400: errorBody },
      },
    },
    (request) => refresh.start(request.body, request.query.extract_videos ?? false),
  );
};
