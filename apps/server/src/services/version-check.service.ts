import { APP_VERSION, versionUpdate, type VersionUpdate } from '@tubekeeper/contract';
import type { SettingsRepository } from '../repositories/settings.repository.ts';

const KEY = 'versioncheck:new';

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
  constructor(private readonly settings: SettingsRepository) {}

  async pendingUpdate(): Promise<VersionUpdate | null> {
    const parsed = versionUpdate.safeParse(await this.settings.getAppSetting(KEY));
    if (!parsed.success || compareVersions(parsed.data.version, APP_VERSION) <= 0) return null;
    return parsed.data;
  }

  async recordRelease(version: string, isBreaking: boolean): Promise<void> {
    await this.settings.putAppSetting(KEY, { status: true, version, is_breaking: isBreaking });
  }
}
