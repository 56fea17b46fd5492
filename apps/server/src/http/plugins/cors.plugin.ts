import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';

/** Upstream's browser extension calls the API from its own origin, with a token or the session cookie. */
const EXTENSION_ORIGIN = /^(moz|chrome)-extension:\/\/[^/]+$/;
const ALLOWED_METHODS = 'DELETE, GET, OPTIONS, PATCH, POST, PUT';
// django-cors-headers' default request headers plus `mode`, which upstream allows for the extension
const ALLOWED_HEADERS =
  'accept, authorization, content-type, user-agent, x-csrftoken, x-requested-with, mode';

export interface CorsPluginOptions {
  /** the origins of TK_HOST, trusted as upstream trusts TA_HOST */
  trustedOrigins: string[];
}

/**
 * Cross-origin access as upstream grants it (§1.10): credentialed requests from browser extensions
 * (moz-extension://, chrome-extension://) and from the configured origins. Preflights are answered
 * here, before the auth check, because browsers send them without credentials.
 */
async function corsPlugin(app: FastifyInstance, options: CorsPluginOptions): Promise<void> {
  app.addHook('onRequest', async (request, reply) => {
    const origin = request.headers.origin;
    if (!origin || !(EXTENSION_ORIGIN.test(origin) || options.trustedOrigins.includes(origin))) return;
    reply
      .header('access-control-allow-origin', origin)
      .header('access-control-allow-credentials', 'true')
      .header('vary', 'Origin');
    if (request.method === 'OPTIONS' && request.headers['access-control-request-method']) {
      return reply
        .code(200)
        .header('access-control-allow-methods', ALLOWED_METHODS)
        .header('access-control-allow-headers', ALLOWED_HEADERS)
        .header('access-control-max-age', '86400')
        .send();
    }
  });
}

export default fp(corsPlugin, { name: 'cors' });
