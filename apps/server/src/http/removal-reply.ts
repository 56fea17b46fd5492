import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RemovalResult } from '../services/archive-removal.service.ts';

/**
 * The answer of a delete: 204 when everything is gone; 200 naming the files left behind when the rows
 * are gone but some files could not be removed (also logged, so an operator can clean up).
 */
export function sendRemoval(request: FastifyRequest, reply: FastifyReply, result: RemovalResult) {
  for (const warning of result.warnings) request.log.warn(warning);
  if (result.failedFiles.length === 0) return reply.code(204).send();
  request.log.warn({ failedFiles: result.failedFiles }, 'deleted, but some files could not be removed');
  return reply.code(200).send({
    message: `deleted, but ${result.failedFiles.length} file(s) could not be removed`,
    failed_files: result.failedFiles,
  });
}
