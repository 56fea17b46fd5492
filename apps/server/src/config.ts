import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { REPO_ROOT } from './paths.ts';

/**
 * Runtime configuration, read once from the environment (and `.env`, loaded by main.ts).
 * A wrong value stops start-up with a message naming the variable.
 */
const port = z.coerce.number().int().min(1).max(65535);
const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined));

/** Base URL of an outside service; tests point it at a local stand-in. */
const serviceUrl = z
  .string()
  .trim()
  .regex(/^https?:\/\/[^\s/]+/, 'expected an http(s):// base URL')
  .transform((v) => v.replace(/\/+$/, ''));

const envSchema = z.object({
  TK_DATA_DIR: z.string().trim().min(1).default('./data'),
  TK_MEDIA_DIR: optionalText,
  TK_CACHE_DIR: optionalText,
  TK_PORT: port.default(8000),
  TK_LISTEN: z.string().trim().min(1).default('0.0.0.0'),
  TK_HOST: optionalText,
  TK_TRUSTED_PROXIES: optionalText.refine((v) => !v || splitList(v).every(isAddressOrCidr), {
    message:
      'expected IP addresses or CIDR ranges (e.g. 127.0.0.1, 10.0.0.0/8), separated by spaces or commas',
  }),
  DATABASE_URL: optionalText.refine((v) => !v || /^postgres(ql)?:\/\//.test(v), {
    message: 'expected a postgres://user@host:port/database URL, or unset for SQLite',
  }),
  REDIS_URL: optionalText.refine((v) => !v || /^rediss?:\/\//.test(v), {
    message: 'expected a redis://host:port URL, or unset for the embedded queue',
  }),
  TK_ADMIN_USERNAME: optionalText.refine((v) => !v || v.length <= 150, { message: 'at most 150 characters' }),
  TK_ADMIN_PASSWORD: optionalText,
  YTDLP_PATH: z.string().trim().min(1).default('yt-dlp'),
  TK_YTDLP_TIMEOUT_S: z.coerce.number().int().min(1).default(1800),
  APPRISE_PATH: z.string().trim().min(1).default('apprise'),
  FFMPEG_PATH: z.string().trim().min(1).default('ffmpeg'),
  FFPROBE_PATH: z.string().trim().min(1).default('ffprobe'),
  TZ: optionalText.refine((v) => !v || isValidTimeZone(v), {
    message: 'expected an IANA time zone such as Europe/Berlin',
  }),
  TK_WEB_DIR: optionalText,
  TK_SPONSORBLOCK_URL: serviceUrl.default('https://sponsor.ajay.app'),
  TK_RYD_URL: serviceUrl.default('https://returnyoutubedislikeapi.com'),
  TK_YOUTUBE_FEED_URL: serviceUrl.default('https://www.youtube.com/feeds/videos.xml'),
  TK_PUBLIC_URL: optionalText.pipe(serviceUrl.optional()),
  TK_WEBSUB_HUB: serviceUrl.default('https://pubsubhubbub.appspot.com/subscribe'),
  TK_SEARCH_THREADS: z.coerce.number().int().min(0).max(64).optional(),
  // off by default: mapped pages of the database count in the server's RSS once per search thread
  // (bench:downloading, 2 threads on a 167 MB database: up to 265 MB of its pages with 2048)
  TK_SEARCH_MMAP_MB: z.coerce.number().int().min(0).max(2048).default(0),
  TK_STALL_TIMEOUT_S: z.coerce.number().int().min(2).max(3600).default(30),
  TK_REDIS_PREFIX: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_.-]{1,64}$/, 'expected 1-64 letters, digits, dots, dashes or underscores')
    .default('tubekeeper'),
  TK_WORKERS: z.coerce.number().int().min(0).max(64).optional(),
  TK_LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

function splitList(value: string): string[] {
  return value.split(/[\s,]+/).filter(Boolean);
}

/** An IPv4/IPv6 address, optionally with a /prefix in range for its family. */
function isAddressOrCidr(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = net.isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

function isValidTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export interface AppConfigEnv {
  dataDir: string;
  mediaDir: string;
  cacheDir: string;
  port: number;
  listen: string;
  /** Host names (from TK_HOST) allowed in the Host header and trusted as CSRF origins; empty allows any. */
  allowedHosts: string[];
  trustedOrigins: string[];
  /**
   * Addresses/CIDRs of reverse proxies (TK_TRUSTED_PROXIES) whose X-Forwarded-For/-Host/-Proto are believed;
   * empty: forwarded headers are ignored and the peer address is the client.
   */
  trustedProxies: string[];
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  /** The first part of every Redis key Tubekeeper writes (BullMQ queues, worker registry). */
  redisPrefix: string;
  adminUsername: string | undefined;
  adminPassword: string | undefined;
  ytdlpPath: string;
  /** A yt-dlp metadata call still running after this long is stopped (TK_YTDLP_TIMEOUT_S). */
  ytdlpTimeoutMs: number;
  apprisePath: string;
  ffmpegPath: string;
  ffprobePath: string;
  timeZone: string;
  logLevel: string;
  /** The built web app served at / (apps/web/dist unless TK_WEB_DIR says otherwise). */
  webDir: string;
  /** SponsorBlock API base URL (upstream §8). */
  sponsorblockUrl: string;
  /** Return YouTube Dislike API base URL (upstream §3.3). */
  rydUrl: string;
  /** YouTube's Atom feed endpoint, `?channel_id=` / `?playlist_id=` appended (issue 16). */
  youtubeFeedUrl: string;
  /**
   * The address the WebSub hub reaches this server at (TK_PUBLIC_URL, no trailing slash); unset, no push
   * subscriptions are made (issue 16).
   */
  publicUrl: string | undefined;
  /** The WebSub hub channels' feeds are subscribed at (TK_WEBSUB_HUB, default YouTube's). */
  websubHub: string;
  /** Worker threads answering searches on SQLite (0: on the main thread); one per core, at most 4, by default. */
  searchThreads: number;
  /** Bytes of the SQLite file each search thread reads through a memory map (0: none). */
  searchMmapBytes: number;
  /** How long a killed worker's download claim and BullMQ job lock last before another worker takes over. */
  stallTimeoutMs: number;
  /** Embedded task workers of `tubekeeper serve` when REDIS_URL is set (TK_WORKERS; 0: the API only enqueues). */
  embeddedWorkers: number;
  /**
   * Where downloads stage: `<cache>/download`, or a folder of its own per worker process (set by the worker
   * command), because a run's start-up recovery clears what it finds there.
   */
  downloadDir?: string;
}

/** The staging folder of downloads this process uses. */
export function downloadDir(config: Pick<AppConfigEnv, 'cacheDir' | 'downloadDir'>): string {
  return config.downloadDir ?? path.join(config.cacheDir, 'download');
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfigEnv {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.TK_DATA_DIR);
  const { hosts, origins } = parseHosts(e.TK_HOST);
  return {
    dataDir,
    mediaDir: path.resolve(e.TK_MEDIA_DIR ?? path.join(dataDir, 'media')),
    cacheDir: path.resolve(e.TK_CACHE_DIR ?? path.join(dataDir, 'cache')),
    port: e.TK_PORT,
    listen: e.TK_LISTEN,
    allowedHosts: hosts,
    trustedOrigins: origins,
    trustedProxies: e.TK_TRUSTED_PROXIES ? splitList(e.TK_TRUSTED_PROXIES) : [],
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.TK_REDIS_PREFIX,
    adminUsername: e.TK_ADMIN_USERNAME,
    adminPassword: e.TK_ADMIN_PASSWORD,
    ytdlpPath: e.YTDLP_PATH,
    ytdlpTimeoutMs: e.TK_YTDLP_TIMEOUT_S * 1000,
    apprisePath: e.APPRISE_PATH,
    ffmpegPath: e.FFMPEG_PATH,
    ffprobePath: e.FFPROBE_PATH,
    timeZone: e.TZ ?? 'UTC',
    logLevel: e.TK_LOG_LEVEL,
    webDir: path.resolve(e.TK_WEB_DIR ?? path.join(REPO_ROOT, 'apps/web/dist')),
    sponsorblockUrl: e.TK_SPONSORBLOCK_URL,
    rydUrl: e.TK_RYD_URL,
    youtubeFeedUrl: e.TK_YOUTUBE_FEED_URL,
    publicUrl: e.TK_PUBLIC_URL,
    websubHub: e.TK_WEBSUB_HUB,
    searchThreads: e.TK_SEARCH_THREADS ?? Math.min(4, os.availableParallelism()),
    searchMmapBytes: e.TK_SEARCH_MMAP_MB * 1024 * 1024,
    stallTimeoutMs: e.TK_STALL_TIMEOUT_S * 1000,
    // with Redis the API only enqueues unless told otherwise; without it, it is the only worker
    embeddedWorkers: e.TK_WORKERS ?? (e.REDIS_URL ? 0 : 1),
  };
}

/**
 * TK_HOST is a space- or comma-separated list of host names or URLs (as upstream's TA_HOST).
 * localhost and 127.0.0.1 are always allowed so the machine itself can reach the app.
 */
function parseHosts(value: string | undefined): { hosts: string[]; origins: string[] } {
  if (!value) return { hosts: [], origins: [] };
  const hosts = new Set(['localhost', '127.0.0.1', '[::1]']);
  const origins = new Set<string>();
  for (const entry of value.split(/[\s,]+/).filter(Boolean)) {
    const url = /^[a-z]+:\/\//i.test(entry) ? new URL(entry) : new URL(`http://${entry}`);
    hosts.add(url.hostname);
    origins.add(url.origin);
    if (!/^[a-z]+:\/\//i.test(entry)) origins.add(`https://${url.host}`);
  }
  return { hosts: [...hosts], origins: [...origins] };
}
