import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';

/**
 * Upstream clients (its web app, the browser extension, media-server plugins) send
 * `Content-Type: application/json` on every call, also on bodiless POST and DELETE calls (logout, deletes,
 * starting a task). Django reads those as an empty body; Fastify's own parser refuses them with 400.
 * An empty (or whitespace-only) JSON body is therefore read as no body; anything else goes through
 * Fastify's default parser, with its prototype-poisoning protection.
 */
async function jsonBodyPlugin(app: FastifyInstance): Promise<void> {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    parseJson(request, text, done);
  });
}

export default fp(jsonBodyPlugin, { name: 'json-body' });
