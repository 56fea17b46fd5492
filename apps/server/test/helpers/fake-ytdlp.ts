import fs from 'node:fs';
import path from 'node:path';
import { APP_CONFIG_DEFAULTS } from '@tubekeeper/contract';
import type { YtdlpSettings } from '../../src/repositories/ytdlp-args.ts';

/** The offline yt-dlp (DESIGN §7): point YTDLP_PATH here. Its catalogue is fixtures/fake-yt-dlp/catalogue.json. */
export const FAKE_YTDLP_PATH = path.resolve(import.meta.dirname, '../fixtures/fake-yt-dlp/fake-yt-dlp.mjs');

/** Ids in the fake catalogue, for tests that need to name them. */
export const FAKE = {
  alpha: { id: 'UCfakeAlphaChannel000001', handle: '@fakealpha', name: 'Alpha Workshop' },
  bravo: { id: 'UCfakeBravoChannel000002', handle: '@fakebravo', name: 'Bravo Bakery' },
  charlie: { id: 'UCfakeCharlieChann000003', handle: '@fakecharlie', name: 'Charlie Stargazing' },
  playlist: 'PLfakeMixedPlaylist000000000000001',
  /** Has en/de user subtitles, en auto captions and comments. */
  video: 'alphaVid001',
  /** Always fails: "Video unavailable". */
  failing: 'failVideo01',
  /** Always hits the bot check: "Sign in to confirm you’re not a bot". */
  botCheck: 'botCheck001',
} as const;

/** yt-dlp settings from the default application config; no sleeping unless a test asks for it. */
export function ytdlpSettings(
  downloads: Partial<YtdlpSettings['downloads']> = {},
  extra: Omit<YtdlpSettings, 'downloads'> = {},
): YtdlpSettings {
  return { downloads: { ...APP_CONFIG_DEFAULTS.downloads, sleep_interval: null, ...downloads }, ...extra };
}

export interface FakeRun {
  pid: number;
  argv?: string[];
  cookie?: { file: string; mode?: string; lines?: number };
  helper?: number;
}

/** What the fake recorded (FAKE_YTDLP_LOG): one entry per invocation, plus helper pids. */
export function readFakeLog(file: string): FakeRun[] {
  if (!fs.existsSync(file)) return [];
  const entries = fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as FakeRun);
  const runs = entries.filter((e) => e.argv);
  for (const e of entries.filter((e) => e.helper)) {
    const run = runs.find((r) => r.pid === e.pid);
    if (run) run.helper = e.helper;
  }
  return runs;
}

/** Whether a process still runs; a zombie (killed, not yet reaped by its new parent) does not. */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  const stat = readStat(pid);
  return !/^\d+ \(.*\) Z/.test(stat);
}

function readStat(pid: number): string {
  try {
    return fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return '';
  }
}

/**
 * yt-dlp as installed at `<dir>/yt-dlp`: a launcher of the fake, broken as fixtures/fake-yt-dlp/fake-breakage.mjs
 * plays the mode written to `modeFile` (FAKE_YTDLP_BROKEN must name it; the fake reads it on every call).
 * `missing` removes the launcher, `no-exec` leaves it not executable, `works` mends it.
 */
export function breakableYtdlp(dir: string) {
  const executable = path.join(dir, 'yt-dlp');
  const modeFile = path.join(dir, 'mode');
  return {
    executable,
    modeFile,
    install(mode: string) {
      fs.rmSync(executable, { force: true });
      fs.writeFileSync(modeFile, ['missing', 'no-exec', 'works'].includes(mode) ? '' : mode);
      if (mode === 'missing') return;
      fs.writeFileSync(executable, `#!/bin/sh\nexec "${process.execPath}" "${FAKE_YTDLP_PATH}" "$@"\n`, {
        mode: mode === 'no-exec' ? 0o644 : 0o755,
      });
    },
  };
}
