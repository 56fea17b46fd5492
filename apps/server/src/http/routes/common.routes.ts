import { APP_VERSION, pingResponse } from '@tubekeeper/contract';
import { z } from 'zod';
import type { RoutesModule } from '../types.ts';

export const commonRoutes: RoutesModule = (app, { versionCheck }) => {
  app.get(
    '/api/ping/',
    { config: { permission: 'authenticated' }, schema: { response: { 200: pingResponse } } },
    async (request) => ({
      response: 'pong' as const,
      user: request.user!.id,
      version: APP_VERSION,
      ta_update: await versionCheck.pendingUpdate(),
    }),
  );

  app.get(
    '/api/health/',
    { config: { permission: 'public' }, schema: { response: { 200: z.string() } } },
    async () => JSON.stringify('OK'),
  );
};
