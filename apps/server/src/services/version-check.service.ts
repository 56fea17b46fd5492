import { APP_VERSION, versionUpdate, type VersionUpdate } from '@tubekeeper/contract';
import type { SettingsRepository } from '../repositories/settings.repository.ts';
import { ReuseWindow } from './reuse-window.ts';

const KEY = 'versioncheck:new';
export const PENDING_UPDATE_REUSE_MS = 10_000;

/** Versions compare as integer tuples after stripping "v" and "-unstable" (upstream §9). */
export function compareVersions(a: string, b: string): number {
  const parts = (v: string) =>
    v
      .replace(/^v/, '')
      .replace(/-unstable$/, '')
      .split('.')
      .map(Number);
  const [x, y] = [parts(a), parts(b)];
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    const diff = (x[i] ?? 0) - (y[i] ?? 0);
    if (diff !== 0) return Math.sign(diff);
  }
  return 0;
}

/** The newer release recorded by the version check, reported by ping as `ta_update`. */
export class VersionCheckService {
  /**
   * The recorded release, read at most once per PENDING_UPDATE_REUSE_MS: `/api/ping/`, the lightest API read
   * and the one every client starts with, made a database round trip for it on each call, which on
   * PostgreSQL was most of its cost (p95 at 32 clients 7.6 against SQLite's 3.0 ms; issue 19). A release
   * recorded here shows at once, one recorded by another process within the window.
   */
  private readonly recorded: ReuseWindow<string, { setting: unknown }>;

  constructor(
    private readonly settings: SettingsRepository,
    now: () => number = Date.now,
  ) {
    this.recorded = new ReuseWindow(PENDING_UPDATE_REUSE_MS, now);
  }

  async pendingUpdate(): Promise<VersionUpdate | null> {
    const recorded = await this.recorded.remember(KEY, async () => ({
      setting: await this.settings.getAppSetting(KEY),
    }));
    const parsed = versionUpdate.safeParse(recorded?.setting);
    if (!parsed.success || compareVersions(parsed.data.version, APP_VERSION) <= 0) return null;
    return parsed.data;
  }

  async recordRelease(version: string, isBreaking: boolean): Promise<void> {
    await this.settings.putAppSetting(KEY, { status: true, version, is_breaking: isBreaking });
    this.recorded.forget();
  }
}
