import { z } from 'zod';

/** Every error answer of the API: `{ "error": "what went wrong" }`. */
export const errorBody = z.object({ error: z.string() });

/**
 * The body of a write that takes none (upstream's clients send nothing, or `{}` with the JSON type): anything
 * else is a client's mistake and answers 400 rather than starting work on a body we would silently ignore.
 */
export const noBody = z.strictObject({}).nullish();
export type ErrorBody = z.infer<typeof errorBody>;

/** The product version shown in the footer and returned by ping. */
export const APP_VERSION = 'v0.1.0';
