import { APP_VERSION, healthQuery, healthReport, pingResponse } from '@tubekeeper/contract';
import { AppError, forbidden } from '../../errors.ts';
import { z } from 'zod';
import type { RoutesModule } from '../types.ts';

export const commonRoutes: RoutesModule = (app, { versionCheck, health }) => {
  app.get(
    '/api/ping/',
    {
      config: { permission: 'authenticated', exactWire: true },
      schema: { response: { 200: pingResponse } },
    },
    async (request) => ({
      response: 'pong' as const,
      user: request.user!.id,
      version: APP_VERSION,
      ta_update: await versionCheck.pendingUpdate(),
    }),
  );

  // upstream's public "OK" (503 with the reason while read-only, so monitoring notices); with
  // ?details=true (staff) the monitoring report of issue 16
  app.get(
    '/api/health/',
    {
      config: { permission: 'public' },
      schema: { querystring: healthQuery, response: { 200: z.union([z.string(), healthReport]) } },
    },
    async (request) => {
      if (request.query.details !== 'true') {
        const reason = health.readOnlyReason();
        if (reason) throw new AppError(503, `the server is read-only: ${reason}`);
        return JSON.stringify('OK');
      }
      const user = request.user;
      if (!user || !(user.is_staff === 1 || user.is_superuser === 1))
        throw forbidden('the health details are for staff');
      return health.report();
    },
  );
};
