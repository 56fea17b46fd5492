import fs from 'node:fs/promises';
import path from 'node:path';
import { categorize, SIGN_IN_REQUIRED } from './ytdlp-diagnosis.ts';

/**
 * Reading what yt-dlp prints: progress lines (upstream §3.5 notification text), error lines and their
 * class (upstream §3.2), and the one-JSON-per-URL output of `-J`.
 */

/**
 * What the caller should do about a failure:
 * - `connection`: the network is down; abort the whole task;
 * - `rate-limit`: HTTP 429/403 or the bot check; back off and slow down, the item itself is fine;
 * - `empty-tab`: the channel has no such tab; an empty result, not a failure;
 * - `item`: this item failed; record the message on it and go on;
 * - `not-found`: the yt-dlp executable is missing;
 * - `aborted`: the caller's AbortSignal fired.
 */
export type YtdlpErrorKind = 'connection' | 'rate-limit' | 'empty-tab' | 'item' | 'not-found' | 'aborted';

export class YtdlpError extends Error {
  /**
   * yt-dlp itself failed rather than reporting the provider's answer: it crashed or refused its options
   * (no `ERROR:` line), was killed, or printed what is not JSON. Real yt-dlp reports every failure of an
   * item with an `ERROR:` line, so such a failure says nothing about the item: the next item would fail
   * the same way.
   */
  readonly fromTool: boolean;

  constructor(
    readonly kind: YtdlpErrorKind,
    message: string,
    options: { fromTool?: boolean } = {},
  ) {
    super(message);
    this.fromTool = options.fromTool ?? false;
    this.name = 'YtdlpError';
  }
}

export const YTDLP_NOT_FOUND = 'yt-dlp not found: install it or set YTDLP_PATH';

const EMPTY_TAB = /This channel does not have a/i;

/**
 * The kind follows the failure's category (ytdlp-diagnosis.ts), so a download run and the diagnosis
 * shown to the user never disagree: a bot check or throttling backs off, a network failure ends the task.
 * The age gate also says "Sign in to confirm", but backing off does not help there: an item error; nor
 * for a video only signed-in users may see (login required).
 */
export function classifyError(message: string): YtdlpErrorKind {
  if (EMPTY_TAB.test(message)) return 'empty-tab';
  switch (categorize(message)) {
    case 'network_down':
      return 'connection';
    case 'bot_check':
      return SIGN_IN_REQUIRED.test(message) && !/not a bot/i.test(message) ? 'item' : 'rate-limit';
    case 'throttled':
      return 'rate-limit';
    default:
      return 'item';
  }
}

/** A YtdlpError for an `ERROR: …` line (the prefix is dropped: the item message reads better without). */
export function errorFromLine(line: string): YtdlpError {
  const message = line.replace(/^ERROR:\s*/, '').trim();
  return new YtdlpError(classifyError(message), message);
}

/** The `ERROR:` lines of stderr, in order. */
export function errorLines(stderr: string): string[] {
  return stderr.split('\n').filter((line) => line.startsWith('ERROR:'));
}

/**
 * A failed run. With an ERROR line, the provider's answer about the item. Without one (a Python
 * traceback and exit 1, optparse's usage error and exit 2, a kill by the system): yt-dlp failed, and
 * the end of stderr says why.
 */
export function failureFromStderr(
  stderr: string,
  code: number | null,
  signal: NodeJS.Signals | null = null,
): YtdlpError {
  const [first] = errorLines(stderr);
  if (first) return errorFromLine(first);
  const tail = stderr.trim().split('\n').slice(-2).join(' ').trim();
  const ended = code === null && signal ? `yt-dlp was killed (${signal})` : `yt-dlp exited with code ${code}`;
  return new YtdlpError('item', tail ? `${ended}: ${tail}` : ended, { fromTool: true });
}

/** yt-dlp's info JSON as printed, with yt-dlp's field names (the metadata mapper reads it). */
export interface YtdlpJson {
  id?: string;
  title?: string;
  channel_id?: string;
  entries?: YtdlpJson[] | null;
  [field: string]: unknown;
}

export type ItemResult<T> = { ok: true; value: T } | { ok: false; error: YtdlpError };

/**
 * One result per URL of a `-J` invocation, in order. yt-dlp prints `null` for a URL that failed and its
 * `ERROR:` line on stderr; each failure gets the error line naming its id, else the next unclaimed one.
 * Throws when nothing came back at all (connection down, bad option, crash).
 */
export function resultsPerUrl(
  urls: string[],
  run: { code: number | null; stdout: string; stderr: string; signal?: NodeJS.Signals | null },
): ItemResult<YtdlpJson>[] {
  // a run killed midway may have printed the start of a JSON line: the kill is the news, not the JSON
  if (run.code === null && run.signal) throw failureFromStderr(run.stderr, run.code, run.signal);
  const outputs = parseJsonLines(run.stdout);
  if (outputs.length === 0 && run.code !== 0) throw failureFromStderr(run.stderr, run.code);
  const errors = errorLines(run.stderr);
  const keys = urls.map(urlKey);
  return urls.map((url, i) => {
    const output = outputs[i];
    if (output) return { ok: true, value: output };
    return { ok: false, error: claimError(errors, keys[i]!, keys) ?? noJson(url, run.stdout) };
  });
}

/** `null` or no line at all for a URL without an ERROR line naming it: yt-dlp did not do its job. */
function noJson(url: string, stdout: string): YtdlpError {
  const text = stdout
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && line !== 'null' && !line.startsWith('{'))
    .join(' ')
    .slice(0, 160);
  return new YtdlpError('item', `yt-dlp printed no JSON for ${url}${text ? `: ${text}` : ''}`, {
    fromTool: true,
  });
}

export function unwrap<T>(result: ItemResult<T>): T {
  if (!result.ok) throw result.error;
  return result.value;
}

/** What an ERROR line names for a URL: the id, or the last path part (handle, tab). */
function urlKey(url: string): string {
  return /[?&](?:v|list)=([\w-]+)/.exec(url)?.[1] ?? url.split('/').filter(Boolean).at(-1) ?? url;
}

/** Takes the ERROR line naming `key`, else the first one naming none of the batch's URLs. */
function claimError(errors: string[], key: string, keys: string[]): YtdlpError | undefined {
  let index = errors.findIndex((line) => line.includes(key));
  if (index < 0) index = errors.findIndex((line) => !keys.some((other) => line.includes(other)));
  if (index < 0) return undefined;
  return errorFromLine(errors.splice(index, 1)[0]!);
}

/** The parsed `-J` output: one entry per URL, in order; undefined where yt-dlp printed `null`. */
export function parseJsonLines(stdout: string): (YtdlpJson | undefined)[] {
  return stdout
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line === 'null' || line.startsWith('{'))
    .map((line) => (line === 'null' ? undefined : parseJsonLine(line)));
}

/** A broken or foreign yt-dlp may print anything: a clear error instead of a JSON parser's. */
function parseJsonLine(line: string): YtdlpJson {
  try {
    return JSON.parse(line) as YtdlpJson;
  } catch {
    throw new YtdlpError('item', `yt-dlp printed output that is not JSON: ${line.slice(0, 80)}`, {
      fromTool: true,
    });
  }
}

export interface ProgressEvent {
  /** 0..1; undefined while yt-dlp reports no percentage (post-processing, unknown size). */
  progress: number | undefined;
  /** The second notification line: "42.0% of 1.23MiB at 500.00KiB/s - time left: 00:02", or "processing". */
  text: string;
}

const PERCENT_LINE =
  /^\[download\]\s+(\d+(?:\.\d+)?)%\s+of\s+~?\s*(\S+)\s+at\s+(.+?)\s+ETA\s+(\S+)(?:\s+\(frag [^)]*\))?\s*$/;
const DONE_LINE = /^\[download\]\s+100%\s+of\s+~?\s*(\S+)\s+in\s+(\S+)(?:\s+at\s+(.+?))?\s*$/;
const POSTPROCESS_LINE =
  /^\[(Merger|Metadata|EmbedThumbnail|EmbedSubtitle|FixupM3u8|FixupM4a|FixupStretched|FixupDuplicateMoov|VideoConvertor|VideoRemuxer|ffmpeg)\]/;
const SIZELESS_LINE = /^\[download\]\s+\S+\s+at\s+/;

/**
 * One line of yt-dlp's default download progress (with `--newline`). Returns undefined for lines that
 * are not progress (destination, info, warnings).
 */
export function parseProgressLine(line: string): ProgressEvent | undefined {
  const percent = PERCENT_LINE.exec(line);
  if (percent) {
    const [, value, total, speed, eta] = percent as unknown as [string, string, string, string, string];
    return {
      progress: Math.min(1, Number(value) / 100),
      text: `${value}% of ${total} at ${speed.trim()} - time left: ${eta}`,
    };
  }
  const done = DONE_LINE.exec(line);
  if (done) {
    const [, total, , speed] = done;
    return {
      progress: 1,
      text: `100.0% of ${total} at ${speed?.trim() ?? 'Unknown B/s'} - time left: 00:00`,
    };
  }
  if (POSTPROCESS_LINE.test(line) || SIZELESS_LINE.test(line))
    return { progress: undefined, text: 'processing' };
  return undefined;
}

const DESTINATION = /^\[download\] Destination: (.+)$/;
const SIDE_FILE = /\.(json3|vtt|srv\d|ttml|srt|ass|jpg|jpeg|png|webp|info\.json|description)$/i;

/**
 * Follows a download's output and reports only the media file's progress: yt-dlp also prints progress
 * for subtitles and thumbnails, which would make the bar jump to 100 % and back.
 */
export class ProgressTracker {
  private sideFile = false;
  private lastText = '';

  /** The event a line stands for, or undefined when it is not news. */
  read(line: string): ProgressEvent | undefined {
    const destination = DESTINATION.exec(line);
    if (destination) {
      this.sideFile = SIDE_FILE.test(destination[1]!.trim());
      return undefined;
    }
    const event = parseProgressLine(line);
    if (!event || (this.sideFile && event.text !== 'processing') || event.text === this.lastText)
      return undefined;
    this.lastText = event.text;
    return event;
  }
}

export interface DownloadRequest {
  id: string;
  /** The first notification line; the id when unknown. */
  title?: string;
  /** Download from a saved info JSON instead of the video page (`--load-info-json`). */
  infoJsonPath?: string;
}

export interface DownloadProgress {
  /** 0..1; undefined while yt-dlp post-processes or does not know the size. */
  progress: number | undefined;
  /** The notification messages of upstream §3.5: [title, "42.0% of 1.23MiB at 500.00KiB/s - time left: 00:02"]. */
  messages: [string, string];
}

export interface DownloadResult {
  /** `<cache>/download/<id>.mp4` */
  mediaPath: string;
  /** Subtitle files yt-dlp wrote next to it (`<id>.<lang>.json3|vtt`); user or auto is in the info JSON. */
  subtitles: { lang: string; ext: string; path: string }[];
  /**
   * The metadata yt-dlp extracted for this download (`--write-info-json`, read and removed); undefined when
   * it wrote none or an unreadable one, and the caller asks for it again.
   */
  info?: YtdlpJson;
}

/** Subtitle files yt-dlp wrote next to a download (`<id>.<lang>.json3|vtt`). */
export async function subtitleFiles(dir: string, id: string): Promise<DownloadResult['subtitles']> {
  const names = await fs.readdir(dir);
  const pattern = new RegExp(`^${id.replace(/[-]/g, '\\-')}\\.([\\w-]+)\\.(json3|vtt)$`);
  return names
    .map((name) => pattern.exec(name))
    .filter((match) => match !== null)
    .map((match) => ({ lang: match[1]!, ext: match[2]!, path: path.join(dir, match[0]) }));
}

/**
 * The info JSON a download wrote, parsed, and the file removed (it must not reach the media tree or wait for
 * the next run). A missing or cut file gives undefined: the metadata is then fetched on its own.
 */
export async function takeInfoJson(file: string): Promise<YtdlpJson | undefined> {
  const text = await fs.readFile(file, 'utf8').catch(() => undefined);
  if (text === undefined) return undefined;
  await fs.rm(file, { force: true });
  try {
    const info: unknown = JSON.parse(text);
    return info && typeof info === 'object' && !Array.isArray(info) ? (info as YtdlpJson) : undefined;
  } catch {
    return undefined;
  }
}
