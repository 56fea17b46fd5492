import { serializerCompiler } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';

/** `true` in the bundle, where build.mjs defines it; not defined when the sources run (tests, `npm run dev`). */
declare const __TK_BUNDLE__: boolean | undefined;

/**
 * Whether exact-wire answers are still checked against their zod schema: always in the sources; not in the
 * bundle that `npm start` and the image run. The zod pass was 3-9 % of a video list request's CPU in
 * profiles (docs/ARCHITECTURE.md).
 */
export const wireCheckOn = () => typeof __TK_BUNDLE__ === 'undefined' || !__TK_BUNDLE__;

/**
 * The JSON text of an answer built to be exactly its schema's output (every key the schema names, in its
 * order, nothing else): JSON.stringify alone. With `check`, it is also written through the schema, and a
 * difference throws (naming where), so a builder that drifts from its schema fails its tests instead of
 * changing the wire. `what` names the answer in that error.
 */
export function exactJson(
  throughSchema: (data: unknown) => string,
  what: string,
  check: boolean,
): (data: unknown) => string {
  if (!check) return (data) => JSON.stringify(data);
  return (data) => {
    const expected = throughSchema(data);
    const written = JSON.stringify(data);
    if (written !== expected) {
      let at = 0;
      while (written[at] === expected[at]) at++;
      const around = (text: string) => text.slice(Math.max(0, at - 100), at + 100);
      throw new Error(
        `${what}: the answer is not exactly its response schema's output (a key it would drop, reorder or ` +
          `transform) at character ${at}: answered …${around(written)}…, the schema gives …${around(expected)}…`,
      );
    }
    return written;
  };
}

/** exactJson for a zod schema outside a route (e.g. an answer a read thread writes). */
export function exactJsonOf(schema: ZodType, what: string, check = wireCheckOn()): (data: unknown) => string {
  const through = serializerCompiler({ schema, method: 'GET', url: what, httpStatus: '200' }) as (
    data: unknown,
  ) => string;
  return exactJson(through, what, check);
}
