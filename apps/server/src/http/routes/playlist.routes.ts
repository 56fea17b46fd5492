import {
  customPlaylistActionBody,
  customPlaylistCreateBody,
  deleteReport,
  errorBody,
  playlist,
  playlistDeleteQuery,
  playlistList,
  playlistListQuery,
  playlistUpdateBody,
} from '@tubekeeper/contract';
import { z } from 'zod';
import { sendRemoval } from '../removal-reply.ts';
import type { RoutesModule } from '../types.ts';

const playlistIdParams = z.object({ id: z.string().min(1).max(128) });

/** Playlists (upstream §1.6); permissions per upstream §1.1: every write is staff-only. */
export const playlistRoutes: RoutesModule = (app, { playlists, playlistEdits, removals }) => {
  const adminWrite = { permission: 'adminWrite' as const };
  // Spec §6 lets every signed-in user manage playlist membership, so custom playlists are not staff-only
  // (upstream makes them AdminWriteOnly; the spec wins where the two differ).
  const member = { permission: 'authenticated' as const };
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

  app.post(
    '/api/playlist/custom/',
    { config: member, schema: { body: customPlaylistCreateBody, response: { 200: playlist } } },
    async (request) => {
      const result = await playlistEdits.createCustom(request.body.playlist_name);
      for (const warning of result.warnings) request.log.warn(warning);
      return result.playlist;
    },
  );

  app.post(
    '/api/playlist/custom/:id/',
    {
      config: member,
      schema: {
        params: playlistIdParams,
        body: customPlaylistActionBody,
        response: { 200: playlist, 400: errorBody, 404: errorBody },
      },
    },
    async (request) => {
      const result = await playlistEdits.applyCustom(request.user!.id, request.params.id, request.body);
      for (const warning of result.warnings) request.log.warn(warning);
      return result.playlist;
    },
  );

  app.post(
    '/api/playlist/:id/',
    {
      config: adminWrite,
      schema: {
        params: playlistIdParams,
        body: playlistUpdateBody,
        response: { 200: playlist, 400: errorBody, 404: errorBody },
      },
    },
    (request) => playlistEdits.updateSettings(request.params.id, request.body),
  );

  app.delete(
    '/api/playlist/:id/',
    {
      config: adminWrite,
      schema: {
        params: playlistIdParams,
        querystring: playlistDeleteQuery,
        response: { 200: deleteReport, 404: errorBody },
      },
    },
    async (request, reply) => {
      const withVideos = Boolean(request.query['delete-videos'] ?? request.query.delete_videos);
      return sendRemoval(request, reply, await removals.deletePlaylist(request.params.id, withVideos));
    },
  );
};
