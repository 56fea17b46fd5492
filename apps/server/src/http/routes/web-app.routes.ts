import fs from 'node:fs';
import path from 'node:path';
import type { RoutesModule } from '../types.ts';

/**
 * The built web app (apps/web/dist): real files as they are, any other path gets index.html so the
 * client router can show the page (or its not-found page). Unknown /api/ paths answer JSON 404.
 */
export const webAppRoutes: RoutesModule = (app, { config }) => {
  const root = config.webDir;
  // Upstream's user management is Django admin at /admin/; clients and bookmarks link there.
  for (const url of ['/admin', '/admin/*']) {
    app.get(url, { config: { permission: 'public' }, schema: { hide: true } }, (request, reply) =>
      reply.redirect(request.user ? '/settings/users/' : '/login/'),
    );
  }
  app.get('/*', { config: { permission: 'public' } }, async (request, reply) => {
    const pathname = decodeURIComponent(request.url.split('?')[0] ?? '/');
    if (pathname.startsWith('/api/')) return reply.code(404).send({ error: 'not found' });
    const file = path.resolve(root, '.' + pathname);
    if (file.startsWith(root + path.sep) && fs.statSync(file, { throwIfNoEntry: false })?.isFile()) {
      const immutable = pathname.startsWith('/assets/');
      reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      return reply.sendFile(path.relative(root, file), root);
    }
    if (!fs.existsSync(path.join(root, 'index.html'))) {
      return reply
        .code(503)
        .type('text/plain')
        .send('The web app is not built yet: run `npm run build` (npm start does it for you).');
    }
    reply.header('cache-control', 'no-cache');
    return reply.sendFile('index.html', root);
  });
};
