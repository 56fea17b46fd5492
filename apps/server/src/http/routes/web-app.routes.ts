import fs from 'node:fs';
import path from 'node:path';
import { decodeFilePath } from '../file-request.ts';
import { webAppPolicy } from '../plugins/security-headers.plugin.ts';
import type { RoutesModule } from '../types.ts';

/**
 * The built web app (apps/web/dist): real files as they are, any other path gets index.html so the
 * client router can show the page (or its not-found page). Unknown /api/ paths answer JSON 404.
 */
export const webAppRoutes: RoutesModule = (app, { config, appConfig, repositories: { storage } }) => {
  const root = config.webDir;
  // Upstream's user management is Django admin at /admin/; clients and bookmarks link there.
  for (const url of ['/admin', '/admin/*']) {
    app.get(url, { config: { permission: 'public' }, schema: { hide: true } }, (request, reply) =>
      reply.redirect(request.user ? '/settings/users/' : '/login/'),
    );
  }
  // read per page load (not per asset): turning cast on or off applies at the next load
  const pagePolicy = async () => webAppPolicy((await appConfig.get()).application.enable_cast);
  app.get('/*', { config: { permission: 'public' } }, async (request, reply) => {
    const rawPath = request.url.split('?')[0] ?? '/';
    const pathname = decodedOrUndefined(rawPath);
    // a NUL byte or broken escape is no page of the app; file systems refuse NUL with an exception
    if (pathname === undefined || pathname.includes('\0')) {
      return reply.code(400).send({ error: 'invalid path' });
    }
    if (pathname.startsWith('/api/')) return reply.code(404).send({ error: 'not found' });
    // the same rules as the media files: no `..`, no encoded separator, the real path stays inside
    const segments = decodeFilePath(rawPath, '/');
    const file = segments && (await storage.resolveInside(root, segments.join('/')));
    if (file) {
      const immutable = pathname.startsWith('/assets/');
      reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      if (file.endsWith('.html')) reply.header('content-security-policy', await pagePolicy());
      return reply.sendFile(path.basename(file), path.dirname(file));
    }
    if (!fs.existsSync(path.join(root, 'index.html'))) {
      return reply
        .code(503)
        .type('text/plain')
        .send('The web app is not built yet: run `npm run build` (npm start does it for you).');
    }
    reply.header('cache-control', 'no-cache').header('content-security-policy', await pagePolicy());
    return reply.sendFile('index.html', root);
  });
};

function decodedOrUndefined(raw: string): string | undefined {
  try {
    return decodeURIComponent(raw);
  } catch {
    return undefined;
  }
}
