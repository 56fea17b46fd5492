import { z } from 'zod';

export const STYLESHEETS = ['dark', 'light', 'matrix', 'midnight'] as const;
/** Upstream's spelling of the same themes; clients written for upstream store and compare these. */
export const UPSTREAM_STYLESHEETS = ['dark.css', 'light.css', 'matrix.css', 'midnight.css'] as const;
/** Either spelling is stored as sent, so each client reads back the value it wrote. */
export const STORED_STYLESHEETS = [...STYLESHEETS, ...UPSTREAM_STYLESHEETS] as const;
export const SORT_FIELDS = [
  'published',
  'downloaded',
  'views',
  'likes',
  'duration',
  'mediasize',
  'width',
  'height',
] as const;
export const SORT_ORDERS = ['asc', 'desc'] as const;
export const VIEW_STYLES = ['grid', 'list'] as const;
/** Home has a third view, the table (upstream §7.2). */
export const HOME_VIEW_STYLES = ['grid', 'list', 'table'] as const;
export const VIDEO_TYPES = ['videos', 'streams', 'shorts'] as const;
export const FILE_SIZE_UNITS = ['binary', 'metric'] as const;
export const GRID_ITEMS_MIN = 3;
export const GRID_ITEMS_MAX = 7;
export const DEFAULT_PAGE_SIZE = 12;
export const MAX_PAGE_SIZE = 500;

export const loginBody = z.strictObject({
  username: z.string().min(1, 'username is required').max(150, 'username has at most 150 characters'),
  password: z.string().min(1, 'password is required').max(1024),
  remember_me: z.enum(['on', 'off']).optional(),
});
export type LoginBody = z.infer<typeof loginBody>;

export const versionUpdate = z.object({ status: z.boolean(), version: z.string(), is_breaking: z.boolean() });
export type VersionUpdate = z.infer<typeof versionUpdate>;

export const pingResponse = z.object({
  response: z.literal('pong'),
  user: z.number(),
  version: z.string(),
  ta_update: versionUpdate.nullable(),
});
export type PingResponse = z.infer<typeof pingResponse>;

export const userAccount = z.object({
  id: z.number(),
  name: z.string(),
  is_superuser: z.boolean(),
  is_staff: z.boolean(),
  groups: z.array(z.number()),
  user_permissions: z.array(z.number()),
  last_login: z.string().nullable(),
});
export type UserAccount = z.infer<typeof userAccount>;

/** The stored user config with its defaults (spec §9; upstream §7.2 for the keys the spec does not list). */
export const userConfig = z.object({
  stylesheet: z.enum(STORED_STYLESHEETS),
  page_size: z.number().int(),
  sort_by: z.enum(SORT_FIELDS),
  sort_order: z.enum(SORT_ORDERS),
  view_style_home: z.enum(HOME_VIEW_STYLES),
  view_style_channel: z.enum(VIEW_STYLES),
  view_style_downloads: z.enum(VIEW_STYLES),
  view_style_playlist: z.enum(VIEW_STYLES),
  vid_type_filter: z.enum(VIDEO_TYPES).nullable(),
  grid_items: z.number().int(),
  /** true: unwatched only; false, or upstream's null: every watched state. */
  hide_watched: z.boolean().nullable(),
  hide_watched_channel: z.boolean().nullable(),
  hide_watched_playlist: z.boolean().nullable(),
  file_size_unit: z.enum(FILE_SIZE_UNITS),
  show_ignored_only: z.boolean(),
  show_subed_only: z.boolean().nullable(),
  show_subed_only_playlists: z.boolean().nullable(),
  show_help_text: z.boolean(),
});
export type UserConfig = z.infer<typeof userConfig>;

export const USER_CONFIG_DEFAULTS: UserConfig = {
  stylesheet: 'dark',
  page_size: DEFAULT_PAGE_SIZE,
  sort_by: 'published',
  sort_order: 'desc',
  view_style_home: 'grid',
  view_style_channel: 'list',
  view_style_downloads: 'list',
  view_style_playlist: 'grid',
  vid_type_filter: null,
  grid_items: GRID_ITEMS_MIN,
  hide_watched: false,
  hide_watched_channel: null,
  hide_watched_playlist: null,
  file_size_unit: 'binary',
  show_ignored_only: false,
  show_subed_only: null,
  show_subed_only_playlists: null,
  show_help_text: true,
};

/** Upstream stores stylesheets as "dark.css"; both spellings are accepted and kept as sent. */
const stylesheetInput = z.enum(STORED_STYLESHEETS, {
  message: `stylesheet must be one of ${STORED_STYLESHEETS.join(', ')}`,
});

/** Page size: empty (null or "") falls back to the default of 12 (spec §5). */
const pageSizeInput = z.preprocess(
  (v) => (v === null || v === '' ? DEFAULT_PAGE_SIZE : v),
  z
    .number({ message: 'page_size must be a number' })
    .int('page_size must be a whole number')
    .min(1, 'page_size must be at least 1')
    .max(MAX_PAGE_SIZE, `page_size must be at most ${MAX_PAGE_SIZE}`),
);

export const userConfigUpdate = z.strictObject({
  stylesheet: stylesheetInput.optional(),
  page_size: pageSizeInput.optional(),
  sort_by: z.enum(SORT_FIELDS).optional(),
  sort_order: z.enum(SORT_ORDERS).optional(),
  view_style_home: z.enum(HOME_VIEW_STYLES).optional(),
  view_style_channel: z.enum(VIEW_STYLES).optional(),
  view_style_downloads: z.enum(VIEW_STYLES).optional(),
  view_style_playlist: z.enum(VIEW_STYLES).optional(),
  vid_type_filter: z.enum(VIDEO_TYPES).nullable().optional(),
  grid_items: z
    .number()
    .int()
    .min(GRID_ITEMS_MIN, `grid_items must be between ${GRID_ITEMS_MIN} and ${GRID_ITEMS_MAX}`)
    .max(GRID_ITEMS_MAX, `grid_items must be between ${GRID_ITEMS_MIN} and ${GRID_ITEMS_MAX}`)
    .optional(),
  hide_watched: z.boolean().nullable().optional(),
  hide_watched_channel: z.boolean().nullable().optional(),
  hide_watched_playlist: z.boolean().nullable().optional(),
  file_size_unit: z.enum(FILE_SIZE_UNITS).optional(),
  show_ignored_only: z.boolean().optional(),
  show_subed_only: z.boolean().nullable().optional(),
  show_subed_only_playlists: z.boolean().nullable().optional(),
  show_help_text: z.boolean().optional(),
});
export type UserConfigUpdate = z.infer<typeof userConfigUpdate>;

export const tokenResponse = z.object({ token: z.string() });
