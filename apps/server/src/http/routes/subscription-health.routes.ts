import {
  channelHealth,
  errorBody,
  failingChannels,
  failingPlaylists,
  playlistHealth,
} from '@tubekeeper/contract';
import { z } from 'zod';
import type { RoutesModule } from '../types.ts';

const idParams = z.object({ id: z.string().min(1).max(128) });

/**
 * Issue 16, staff: how new uploads of each subscription are found (last deep scan, feed check, push, the
 * errors they have now and the last failure with its diagnosis), for a channel's About tab, a playlist's
 * page and the Downloads page.
 */
export const subscriptionHealthRoutes: RoutesModule = (app, { subscriptionHealth }) => {
  app.get(
    '/api/health/channels/',
    { config: { permission: 'adminOnly' }, schema: { response: { 200: failingChannels } } },
    () => subscriptionHealth.failingChannels(),
  );

  app.get(
    '/api/health/playlists/',
    { config: { permission: 'adminOnly' }, schema: { response: { 200: failingPlaylists } } },
    () => subscriptionHealth.failingPlaylists(),
  );

  app.get(
    '/api/channel/:id/health/',
    {
      config: { permission: 'adminOnly' },
      schema: { params: idParams, response: { 200: channelHealth, 404: errorBody } },
    },
    (request) => subscriptionHealth.channel(request.params.id),
  );

  app.get(
    '/api/playlist/:id/health/',
    {
      config: { permission: 'adminOnly' },
      schema: { params: idParams, response: { 200: playlistHealth, 404: errorBody } },
    },
    (request) => subscriptionHealth.playlist(request.params.id),
  );
};
