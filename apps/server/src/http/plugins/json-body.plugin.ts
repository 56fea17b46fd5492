import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';

/**
 * Upstream clients (its web app, the browser extension, media-server plugins) send
 * `Content-Type: application/json` on every call, also on bodiless POST and DELETE calls (logout, deletes,
 * starting a task). Django reads those as an empty body; Fastify's own parser refuses them with 400.
 * An empty (or whitespace-only) JSON body is therefore read as no body, a literal `null` is refused; anything
 * else goes through Fastify's default parser, with its prototype-poisoning protection.
 */
async function jsonBodyPlugin(app: FastifyInstance): Promise<void> {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    const trimmed = text.trim();
    if (trimmed === '') return done(null, undefined);
    // Fastify reads a missing body as null too, so a literal `null` would pass for "no body" on the routes that
    // take none (starting a backup, validating the cookie): no client sends it, and every other route refuses it
    if (trimmed === 'null')
      return done(Object.assign(new Error('body must be a JSON object'), { statusCode: 400 }));
    parseJson(request, text, done);
  });
}

export default fp(jsonBodyPlugin, { name: 'json-body' });
