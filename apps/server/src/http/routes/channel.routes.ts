import {
  channel,
  channelAggs,
  channelList,
  channelListQuery,
  channelNav,
  channelUpdateBody,
  deleteReport,
  errorBody,
} from '@tubekeeper/contract';
import { z } from 'zod';
import { sendRemoval } from '../removal-reply.ts';
import type { RoutesModule } from '../types.ts';

const channelIdParams = z.object({ id: z.string().min(1).max(64) });

/** Channels (upstream §1.5); permissions per upstream §1.1. */
export const channelRoutes: RoutesModule = (app, { channels, channelLookup, channelEdits, removals }) => {
  app.get(
    '/api/channel/',
    {
      config: { permission: 'adminWrite' },
      schema: { querystring: channelListQuery, response: { 200: channelList } },
    },
    (request) => channels.list(request.user!.id, request.query, request.url),
  );

  // a static path: it wins over /api/channel/:id/ in the router
  app.get(
    '/api/channel/search/',
    {
      config: { permission: 'authenticated' },
      schema: {
        querystring: z.object({ q: z.string({ message: 'q is required' }).min(1, 'q is required').max(500) }),
        response: { 200: channel, 400: errorBody, 404: errorBody },
      },
    },
    (request) => channelLookup.find(request.query.q),
  );

  app.get(
    '/api/channel/:id/',
    {
      config: { permission: 'adminWrite' },
      schema: { params: channelIdParams, response: { 200: channel, 404: errorBody } },
    },
    (request) => channels.get(request.params.id),
  );

  app.get(
    '/api/channel/:id/nav/',
    {
      config: { permission: 'authenticated' },
      schema: { params: channelIdParams, response: { 200: channelNav, 404: errorBody } },
    },
    (request) => channels.nav(request.params.id),
  );

  app.get(
    '/api/channel/:id/aggs/',
    {
      config: { permission: 'authenticated' },
      schema: { params: channelIdParams, response: { 200: channelAggs, 404: errorBody } },
    },
    (request) => channels.aggs(request.params.id),
  );

  app.post(
    '/api/channel/:id/',
    {
      config: { permission: 'adminWrite' },
      schema: {
        params: channelIdParams,
        body: channelUpdateBody,
        response: { 200: channelUpdateBody, 404: errorBody },
      },
    },
    (request) => channelEdits.update(request.params.id, request.body),
  );

  // the media folder, videos, comments, subtitles and the channel's playlists
  app.delete(
    '/api/channel/:id/',
    {
      config: { permission: 'adminWrite' },
      schema: { params: channelIdParams, response: { 200: deleteReport, 404: errorBody } },
    },
    async (request, reply) => sendRemoval(request, reply, await removals.deleteChannel(request.params.id)),
  );
};
