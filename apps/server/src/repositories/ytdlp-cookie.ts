import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { YtdlpSettings } from './ytdlp-args.ts';

/**
 * The cookie lives in a file only while yt-dlp runs: mode 0600 in a private temporary folder, removed
 * afterwards even when the call fails or is stopped. yt-dlp rewrites the jar on exit; a changed jar is
 * handed to `onCookieChange` (upstream stores it back).
 */
export async function withCookieFile<T>(
  settings: YtdlpSettings,
  run: (args: string[]) => Promise<T>,
): Promise<T> {
  const cookie = settings.downloads.cookie_import ? settings.cookie?.replaceAll('\0', '').trim() : undefined;
  if (!cookie) return run([]);
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tk-ytdlp-'));
  const file = path.join(dir, 'cookies.txt');
  try {
    const text = /^# (Netscape )?HTTP Cookie File/.test(cookie)
      ? cookie
      : `# Netscape HTTP Cookie File\n${cookie}`;
    await fs.writeFile(file, `${text}\n`, { mode: 0o600 });
    const result = await run(['--cookies', file]);
    const after = await fs.readFile(file, 'utf8').catch(() => undefined);
    if (after !== undefined && cookieLines(after) !== cookieLines(text))
      await settings.onCookieChange?.(after);
    return result;
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** The cookies of a jar, ignoring the comments yt-dlp adds when it saves it. */
function cookieLines(jar: string): string {
  return jar
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && (!line.startsWith('#') || line.startsWith('#HttpOnly_')))
    .sort()
    .join('\n');
}
