import {
  commentList,
  errorBody,
  player,
  playlistNav,
  similarVideos,
  video,
  videoIdParams,
  videoList,
  videoListQuery,
} from '@tubekeeper/contract';
import type { RoutesModule } from '../types.ts';

/** Video reads (upstream §1.4); permissions per upstream §1.1. */
export const videoRoutes: RoutesModule = (app, { videos, videoRelations }) => {
  const authenticated = { permission: 'authenticated' as const };

  app.get(
    '/api/video/',
    { config: authenticated, schema: { querystring: videoListQuery, response: { 200: videoList } } },
    (request) => videos.list(request.user!.id, request.query, request.url),
  );

  app.get(
    '/api/video/:id/',
    {
      config: { permission: 'adminWrite' },
      schema: { params: videoIdParams, response: { 200: video, 404: errorBody } },
    },
    (request) => videos.get(request.user!.id, request.params.id),
  );

  app.get(
    '/api/video/:id/similar/',
    {
      config: authenticated,
      schema: { params: videoIdParams, response: { 200: similarVideos, 404: errorBody } },
    },
    (request) => videos.similar(request.user!.id, request.params.id),
  );

  app.get(
    '/api/video/:id/comment/',
    {
      config: authenticated,
      schema: { params: videoIdParams, response: { 200: commentList, 404: errorBody } },
    },
    (request) => videoRelations.comments(request.params.id),
  );

  app.get(
    '/api/video/:id/nav/',
    {
      config: authenticated,
      schema: { params: videoIdParams, response: { 200: playlistNav, 404: errorBody } },
    },
    (request) => videoRelations.nav(request.params.id),
  );

  app.get(
    '/api/video/:id/progress/',
    { config: authenticated, schema: { params: videoIdParams, response: { 200: player, 404: errorBody } } },
    (request) => videos.playerState(request.user!.id, request.params.id),
  );
};
