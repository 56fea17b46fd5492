import { z } from 'zod';

/** Every error answer of the API: `{ "error": "what went wrong" }`. */
export const errorBody = z.object({ error: z.string() });
export type ErrorBody = z.infer<typeof errorBody>;

/** The product version shown in the footer and returned by ping. */
export const APP_VERSION = 'v0.1.0';
