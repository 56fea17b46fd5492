import { z } from 'zod';

/** `/api/appsettings/cookie/` (upstream §7.5): whether a cookie is in use and its last validation. */
export const cookieState = z.object({
  cookie_enabled: z.boolean(),
  /** the result of the last validation; absent before the first one */
  status: z.boolean().optional(),
  /** epoch seconds of the last validation */
  validated: z.number().int().optional(),
  /** "YYYY-MM-DD HH:MM" in the server's time zone */
  validated_str: z.string().optional(),
  /** why the last validation could not tell (the provider unreachable, yt-dlp missing); absent when it could */
  message: z.string().optional(),
});
export type CookieState = z.infer<typeof cookieState>;

/** A Netscape cookies.txt (as browser extensions export it). */
export const cookieUpdate = z.strictObject({
  cookie: z.string().min(1, 'cookie is empty').max(1_000_000, 'cookie is larger than 1 MB'),
});
export type CookieUpdate = z.infer<typeof cookieUpdate>;

/** The PO token prefix the settings field starts with (spec §9). */
export const POTOKEN_PREFIX = 'web+';

/** `/api/appsettings/potoken/` (spec §7; upstream v0.5.9 and older, §11). */
export const poTokenBody = z.strictObject({
  potoken: z
    .string()
    .trim()
    .min(1, 'potoken is empty')
    .max(4000, 'potoken is longer than 4000 characters')
    .refine((v) => v !== POTOKEN_PREFIX, 'potoken has nothing after the web+ prefix'),
});
export type PoTokenBody = z.infer<typeof poTokenBody>;
