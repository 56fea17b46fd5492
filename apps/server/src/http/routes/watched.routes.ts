import { errorBody, watchedBody } from '@tubekeeper/contract';
import type { RoutesModule } from '../types.ts';

/**
 * Watched state (upstream §1.3, §7.3): any signed-in user may mark videos, channels and playlists, each
 * for themselves (watched is per user here, migration 0030).
 */
export const watchedRoutes: RoutesModule = (app, { watchState }) => {
  app.post(
    '/api/watched/',
    {
      config: { permission: 'authenticated' },
      schema: { body: watchedBody, response: { 200: watchedBody, 404: errorBody } },
    },
    (request) => watchState.mark(request.user!.id, request.body),
  );
};
