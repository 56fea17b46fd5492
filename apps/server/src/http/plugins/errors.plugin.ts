import fp from 'fastify-plugin';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { AppError } from '../../errors.ts';

/** Field path plus reason, e.g. "page_size: page_size must be at least 1". */
function describeValidation(context: string, path: string, message: string): string {
  const field = path.replace(/^\//, '').replaceAll('/', '.');
  return field ? `${field}: ${message}` : `${context}: ${message}`;
}

/**
 * PostgreSQL refuses text it cannot store: a NUL byte (22021), a character outside the encoding (22P05).
 * Such a value can only come from the request (an id or a field with %00 in it), so it is bad input, as
 * SQLite, which stores it and finds nothing, would answer.
 */
const UNSTORABLE_TEXT = new Set(['22021', '22P05']);

async function errorsPlugin(app: FastifyInstance): Promise<void> {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.code(error.status).headers(error.headers).send({ error: error.message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const context = error.validationContext ?? 'body';
      const messages = error.validation.map((v) =>
        describeValidation(context, v.instancePath, v.message ?? 'invalid'),
      );
      return reply.code(400).send({ error: messages.join('; ') });
    }
    if (error instanceof ZodError) {
      const messages = error.issues.map((i) => describeValidation('body', i.path.join('/'), i.message));
      return reply.code(400).send({ error: messages.join('; ') });
    }
    if (UNSTORABLE_TEXT.has(String((error as { code?: unknown }).code))) {
      return reply.code(400).send({ error: 'text with a NUL byte or an invalid character is not accepted' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) return reply.code(status).send({ error: error.message });
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ error: 'Internal server error' });
  });
}

export default fp(errorsPlugin, { name: 'errors' });
