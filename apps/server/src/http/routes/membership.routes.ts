import type { RoutesModule } from '../types.ts';

/** Why the membership endpoints answer 404: they front upstream's paid members service, which we do not run. */
export const MEMBERSHIP_NOT_AVAILABLE =
  'membership is not available: Tubekeeper has no members service (upstream members.tubearchivist.com)';

/**
 * Upstream's sponsor-only endpoints (§1.9 "Membership"): token/ (GET, POST, DELETE), profile/ (GET) and
 * sync/ (POST). They exist so clients that call them get a JSON answer that says why, not an HTML page.
 * Staff-only as upstream, so the answer does not tell anonymous callers more than any other admin route.
 */
export const membershipRoutes: RoutesModule = (app) => {
  const endpoints: [path: string, methods: ('GET' | 'POST' | 'DELETE')[]][] = [
    ['/api/appsettings/membership/token/', ['GET', 'POST', 'DELETE']],
    ['/api/appsettings/membership/profile/', ['GET']],
    ['/api/appsettings/membership/sync/', ['POST']],
  ];
  for (const [url, methods] of endpoints) {
    app.route({
      method: methods,
      url,
      config: { permission: 'adminOnly' },
      schema: { summary: 'Not available: upstream membership (paid service)' },
      handler: (_request, reply) => reply.code(404).send({ error: MEMBERSHIP_NOT_AVAILABLE }),
    });
  }
};
