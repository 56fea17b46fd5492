import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';

/** Origin of Google's cast sender script (apps/web cast-sender.ts), allowed only while cast is on. */
export const CAST_SCRIPT_ORIGIN = 'https://www.gstatic.com';

/**
 * The web app's Content-Security-Policy: scripts, styles, media, images and calls from this origin only (the
 * built app has no inline script; React sets styles through the CSSOM, which CSP allows), no plugins, no
 * framing, forms and <base> to self.
 */
export function webAppPolicy(castEnabled: boolean): string {
  return [
    "default-src 'self'",
    `script-src 'self'${castEnabled ? ` ${CAST_SCRIPT_ORIGIN}` : ''}`,
    "style-src 'self'",
    "img-src 'self'",
    "media-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Everything that is not a page of the app (JSON, media files): nothing in it may load or run anything. */
const NOTHING_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** The API's own documentation page brings its own inline script; it keeps the other headers only. */
const OWN_POLICY_PREFIX = '/api/docs';

async function securityHeaders(app: FastifyInstance): Promise<void> {
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'same-origin');
    reply.header('x-frame-options', 'DENY');
    if (!reply.hasHeader('content-security-policy') && !request.url.startsWith(OWN_POLICY_PREFIX)) {
      reply.header('content-security-policy', NOTHING_POLICY);
    }
    return payload;
  });
}

export default fp(securityHeaders, { name: 'security-headers' });
