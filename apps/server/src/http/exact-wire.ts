import type { FastifySchema, FastifySerializerCompiler } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The handler answers exactly what goes on the wire (every key the response schema names, in its
     * order, nothing else), so its answer is written with JSON.stringify alone, without going through the
     * zod schema first (exactWireSerializer). Set on the hot reads (the video list, statistics, ping).
     */
    exactWire?: boolean;
  }
}

/** `true` in the bundle, where build.mjs defines it; not defined when the sources run (tests, `npm run dev`). */
declare const __TK_BUNDLE__: boolean | undefined;

/**
 * Whether exact-wire routes still check their answers against the zod schema: always in the sources; not in
 * the bundle that `npm start` and the image run. The zod pass was 3-9 % of a video list request's CPU in
 * profiles (docs/ARCHITECTURE.md).
 */
export const wireCheckOn = () => typeof __TK_BUNDLE__ === 'undefined' || !__TK_BUNDLE__;

type SerializerCompiler = FastifySerializerCompiler<FastifySchema>;

/**
 * The serializer of an exact-wire route. Every other route goes through the zod schema (parsed, then
 * stringified: what it answers is the schema's output, unknown keys dropped, keys in the schema's order).
 * An exact-wire route skips that parse in production; with the check on it serializes both ways and fails
 * the request (500) when they differ, so a handler that drifts from its schema, or answers a key the schema
 * would have dropped, fails its tests instead of changing the wire.
 */
export function exactWireSerializer(check: boolean): SerializerCompiler {
  return (routeSchema) => {
    if (!check) return (data: unknown) => JSON.stringify(data);
    const throughSchema = serializerCompiler(routeSchema as Parameters<typeof serializerCompiler>[0]);
    return (data: unknown) => {
      const expected = throughSchema(data);
      const written = JSON.stringify(data);
      if (written !== expected) {
        let at = 0;
        while (written[at] === expected[at]) at++;
        const around = (text: string) => text.slice(Math.max(0, at - 100), at + 100);
        throw new Error(
          `${routeSchema.method} ${routeSchema.url}: the answer is not exactly its response schema's ` +
            `output (a key it would drop, reorder or transform) at character ${at}: answered ` +
            `…${around(written)}…, the schema gives …${around(expected)}…`,
        );
      }
      return written;
    };
  };
}
