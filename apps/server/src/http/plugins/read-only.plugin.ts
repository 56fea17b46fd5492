import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { ReadOnlyState } from '../../services/read-only.ts';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** While the server is read-only (a full disk stopped start-up recovery), every write answers 503 with why. */
export default fp(async (app: FastifyInstance, options: { readOnly: ReadOnlyState }) => {
  app.addHook('onRequest', async (request, reply) => {
    const status = options.readOnly.status;
    if (!status || READS.has(request.method)) return;
    return reply
      .code(503)
      .header('retry-after', '30')
      .send({ error: `the server is read-only: ${status.reason}` });
  });
});
