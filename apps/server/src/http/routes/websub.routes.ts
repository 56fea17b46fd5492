import { errorBody, websubParams, websubVerification } from '@tubekeeper/contract';
import { z } from 'zod';
import type { App, RoutesModule } from '../types.ts';

/**
 * The WebSub callback (issue 16). Public, because the hub has no account: the verification answers only
 * what we asked the hub for, and a push counts only with the subscription's HMAC signature. Bodies are
 * read as raw bytes (any content type) because the signature is over the exact bytes the hub sent.
 */
export const websubRoutes: RoutesModule = (app, { websub }) => {
  void app.register(async (scope: App) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

    scope.get(
      '/api/websub/:channelId/',
      {
        config: { permission: 'public' },
        schema: {
          params: websubParams,
          querystring: websubVerification,
          response: { 200: z.string(), 404: errorBody },
        },
      },
      async (request, reply) => {
        const challenge = await websub.verify(request.params.channelId, request.query);
        return reply.type('text/plain; charset=utf-8').send(challenge);
      },
    );

    scope.post(
      '/api/websub/:channelId/',
      {
        config: { permission: 'public', csrfExempt: true },
        schema: { params: websubParams },
      },
      async (request, reply) => {
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const signature = request.headers['x-hub-signature'];
        await websub.receive(
          request.params.channelId,
          body,
          typeof signature === 'string' ? signature : undefined,
        );
        return reply.code(204).send();
      },
    );
  });
};
