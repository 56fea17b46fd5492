import { z } from 'zod';

/**
 * The pagination object of every list (upstream §1.2), with real totals: `max_hits` is always false
 * because we have no 10 000 result window.
 */
export const paginate = z.object({
  page_size: z.number().int(),
  page_from: z.number().int(),
  prev_pages: z.array(z.number().int()).nullable(),
  current_page: z.number().int(),
  max_hits: z.boolean(),
  params: z.string(),
  last_page: z.union([z.number().int(), z.literal(false)]),
  next_pages: z.array(z.number().int()),
  total_hits: z.number().int(),
});
export type Paginate = z.infer<typeof paginate>;

/** `page`: 0 or absent means the first page, as upstream. */
export const pageParam = z.coerce
  .number({ message: 'page must be a number' })
  .int('page must be a whole number')
  .min(0, 'page must be 0 or more')
  .max(1_000_000, 'page must be at most 1000000');

/** A query-string flag: true/false (also 1/0, yes/no, on/off, any case), as DRF's BooleanField reads it. */
export const queryBoolean = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(
    z.enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'], {
      message: 'expected true or false',
    }),
  )
  .transform((v) => ['true', '1', 'yes', 'on'].includes(v));

/** A list answer: one page of items and its pagination. */
export const listOf = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item), paginate });

/**
 * Upstream gives every document it answers its index name and relevance (§1.11): `_index` ("ta_video",
 * "ta_channel", "ta_playlist", "ta_download") and `_score` (0 outside search, which sorts by relevance).
 * Optional in the type only because the same schemas describe embedded documents (a video's channel),
 * which upstream answers without them.
 */
export const documentMeta = { _index: z.string().optional(), _score: z.number().optional() };
