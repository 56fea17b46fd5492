import {
  channelSubscribeRequest,
  channelSubscribeResponse,
  errorBody,
  playlistSubscribeRequest,
  playlistSubscribeResponse,
} from '@tubekeeper/contract';
import type { RoutesModule } from '../types.ts';

/** Batch subscribe and unsubscribe (upstream §1.5, §1.6): ids, URLs and handles, one line each. */
export const subscriptionRoutes: RoutesModule = (app, { subscriptions }) => {
  app.post(
    '/api/channel/',
    {
      config: { permission: 'adminWrite' },
      schema: { body: channelSubscribeRequest, response: { 200: channelSubscribeResponse } },
    },
    (request) => subscriptions.channels(request.body),
  );

  app.post(
    '/api/playlist/',
    {
      config: { permission: 'adminWrite' },
      schema: {
        body: playlistSubscribeRequest,
        response: { 200: playlistSubscribeResponse, 400: errorBody },
      },
    },
    (request) => subscriptions.playlists(request.body),
  );
};
