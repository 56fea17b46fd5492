import { z } from 'zod';

/** Application config defaults: upstream §7.1 plus the spec's downloads.potoken and downloads.add_thumbnail. */
export const APP_CONFIG_DEFAULTS = {
  subscriptions: {
    channel_size: 50,
    live_channel_size: 50,
    shorts_channel_size: 50,
    playlist_size: 50,
    auto_start: false,
    extract_flat: false,
  },
  downloads: {
    limit_speed: null as number | null,
    sleep_interval: 10 as number | null,
    autodelete_days: null as number | null,
    format: null as string | null,
    format_sort: null as string | null,
    add_metadata: false,
    add_thumbnail: false,
    subtitle: null as string | null,
    subtitle_source: null as 'auto' | 'user' | null,
    subtitle_index: false,
    comment_max: null as string | null,
    comment_sort: 'top' as 'top' | 'new' | null,
    cookie_import: false,
    potoken: false,
    pot_provider_url: null as string | null,
    throttledratelimit: null as number | null,
    extractor_lang: null as string | null,
    integrate_ryd: false,
    integrate_sponsorblock: false,
    /** ours: how many videos download_pending downloads at once (upstream: always one) */
    concurrency: 1,
  },
  application: { enable_snapshot: true, enable_cast: false },
};

const count = z.number().int().min(0);
const optionalCount = count.nullable();
const text = z.string().trim().max(1000).nullable();
/** comment_max: max-comments,max-parents,max-replies,max-replies-per-thread, each a number or "all". */
const commentMax = z
  .string()
  .regex(/^(\d+|all)(,(\d+|all)){0,3}$/, 'comment_max is up to four comma-separated numbers or "all"')
  .nullable();

export const appConfig = z.object({
  subscriptions: z.object({
    channel_size: count,
    live_channel_size: count,
    shorts_channel_size: count,
    playlist_size: count,
    auto_start: z.boolean(),
    extract_flat: z.boolean(),
  }),
  downloads: z.object({
    limit_speed: optionalCount,
    sleep_interval: optionalCount,
    autodelete_days: optionalCount,
    format: text,
    format_sort: text,
    add_metadata: z.boolean(),
    add_thumbnail: z.boolean(),
    subtitle: text,
    subtitle_source: z.enum(['auto', 'user']).nullable(),
    subtitle_index: z.boolean(),
    comment_max: commentMax,
    comment_sort: z.enum(['top', 'new']).nullable(),
    cookie_import: z.boolean(),
    potoken: z.boolean(),
    pot_provider_url: text,
    throttledratelimit: optionalCount,
    extractor_lang: z
      .string()
      .regex(/^[a-z]{2}$/, 'extractor_lang is a two-letter language code')
      .nullable(),
    integrate_ryd: z.boolean(),
    integrate_sponsorblock: z.boolean(),
    concurrency: z
      .number()
      .int('concurrency must be a whole number')
      .min(1, 'concurrency must be at least 1')
      .max(8, 'concurrency must be at most 8'),
  }),
  application: z.object({ enable_snapshot: z.boolean(), enable_cast: z.boolean() }),
});
export type AppConfig = z.infer<typeof appConfig>;

/**
 * The update body: any subset of keys per section; `null` resets a key to its default.
 * Unknown sections or keys are refused (strict objects).
 */
function partialSection<T extends z.ZodRawShape>(section: z.ZodObject<T>) {
  const shape = Object.fromEntries(
    Object.entries(section.shape).map(([key, schema]) => [key, (schema as z.ZodType).nullable().optional()]),
  );
  return z.strictObject(shape);
}

export const appConfigUpdate = z.strictObject({
  subscriptions: partialSection(appConfig.shape.subscriptions).optional(),
  downloads: partialSection(appConfig.shape.downloads).optional(),
  application: partialSection(appConfig.shape.application).optional(),
});
export type AppConfigUpdate = {
  [S in keyof AppConfig]?: { [K in keyof AppConfig[S]]?: AppConfig[S][K] | null };
};
