import type { FastifySchema, FastifySerializerCompiler } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { exactJson } from '../services/wire/exact-json.ts';

export { wireCheckOn } from '../services/wire/exact-json.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The handler answers exactly what goes on the wire (every key the response schema names, in its
     * order, nothing else), so its answer is written with JSON.stringify alone, without going through the
     * zod schema first (exactWireSerializer). Set on the hot reads (statistics, ping).
     */
    exactWire?: boolean;
  }
}

type SerializerCompiler = FastifySerializerCompiler<FastifySchema>;

/**
 * The serializer of an exact-wire route. Every other route goes through the zod schema (parsed, then
 * stringified: what it answers is the schema's output, unknown keys dropped, keys in the schema's order).
 * An exact-wire route skips that parse in production; with the check on it serializes both ways and fails
 * the request (500) when they differ (`services/wire/exact-json.ts`).
 */
export function exactWireSerializer(check: boolean): SerializerCompiler {
  return (routeSchema) => {
    const throughSchema = check
      ? (serializerCompiler(routeSchema as Parameters<typeof serializerCompiler>[0]) as (
          d: unknown,
        ) => string)
      : () => '';
    return exactJson(throughSchema, `${routeSchema.method} ${routeSchema.url}`, check);
  };
}
