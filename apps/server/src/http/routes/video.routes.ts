import {
  commentList,
  deleteReport,
  errorBody,
  player,
  playlistNav,
  progressBody,
  progressReply,
  similarVideos,
  video,
  videoIdParams,
  videoList,
  videoListQuery,
} from '@tubekeeper/contract';
import { sendRemoval } from '../removal-reply.ts';
import type { RoutesModule } from '../types.ts';

/** Video reads (upstream §1.4); permissions per upstream §1.1. */
export const videoRoutes: RoutesModule = (app, { videos, videoRelations, watchState, removals }) => {
  const authenticated = { permission: 'authenticated' as const };

  app.get(
    '/api/video/',
    // the page comes as its JSON text, written where it was read (a read thread, services/video-list-pages.ts)
    // and checked there against the schema where the sources run; the schema here documents it
    {
      config: authenticated,
      schema: { querystring: videoListQuery, response: { 200: videoList } },
    },
    async (request, reply) => {
      const json = await videos.listJson(request.user!.id, request.query, request.url);
      // JSON bytes with a JSON type go out as they are (no serializer); the typed reply expects the object
      return reply.type('application/json; charset=utf-8').send(json as never);
    },
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

  app.post(
    '/api/video/:id/progress/',
    {
      config: authenticated,
      schema: { params: videoIdParams, body: progressBody, response: { 200: progressReply, 404: errorBody } },
    },
    (request) => watchState.saveProgress(request.user!.id, request.params.id, request.body.position),
  );

  app.delete(
    '/api/video/:id/progress/',
    { config: authenticated, schema: { params: videoIdParams } },
    async (request, reply) => {
      await watchState.clearProgress(request.user!.id, request.params.id);
      return reply.code(204).send();
    },
  );

  // the file, its subtitles and thumbnail, the rows; provider playlists keep the entry (upstream §1.4)
  app.delete(
    '/api/video/:id/',
    {
      config: { permission: 'adminWrite' },
      schema: { params: videoIdParams, response: { 200: deleteReport, 404: errorBody } },
    },
    async (request, reply) => sendRemoval(request, reply, await removals.deleteVideo(request.params.id)),
  );
};
