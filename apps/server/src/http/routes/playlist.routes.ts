import { errorBody, playlist, playlistList, playlistListQuery } from '@tubekeeper/contract';
import { z } from 'zod';
import type { RoutesModule } from '../types.ts';

const playlistIdParams = z.object({ id: z.string().min(1).max(128) });

/** Playlist reads (upstream §1.6); permissions per upstream §1.1. */
export const playlistRoutes: RoutesModule = (app, { playlists }) => {
  app.get(
    '/api/playlist/',
    {
      config: { permission: 'adminWrite' },
      schema: { querystring: playlistListQuery, response: { 200: playlistList } },
    },
    (request) => playlists.list(request.user!.id, request.query, request.url),
  );

  app.get(
    '/api/playlist/:id/',
    {
      config: { permission: 'adminWrite' },
      schema: { params: playlistIdParams, response: { 200: playlist, 404: errorBody } },
    },
    (request) => playlists.get(request.params.id),
  );
};
