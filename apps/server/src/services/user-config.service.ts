import {
  USER_CONFIG_DEFAULTS,
  userConfig,
  type UserConfig,
  type UserConfigUpdate,
} from '@tubekeeper/contract';
import type { SettingsRepository } from '../repositories/settings.repository.ts';
import { ReuseWindow } from './reuse-window.ts';

/**
 * How long a read config is reused. Every list page reads the caller's page size, a round trip of its own on
 * PostgreSQL (issue 19). Writes through `update` and restores in this process replace or drop it at once;
 * a write by another process (scale-out: several API processes, a restore run by a worker) reaches this one
 * within this time, on both engines.
 */
const REUSE_MS = 2000;

export class UserConfigService {
  private readonly recent: ReuseWindow<number, UserConfig>;

  constructor(
    private readonly settings: SettingsRepository,
    now?: () => number,
  ) {
    this.recent = new ReuseWindow(REUSE_MS, now);
  }

  /** The stored config over the defaults; keys added in later versions get their default. */
  async get(userId: number): Promise<UserConfig> {
    const config = await this.recent.remember(userId, async () =>
      mergeKnown(USER_CONFIG_DEFAULTS, await this.settings.getUserConfig(userId)),
    );
    return { ...config! };
  }

  async update(userId: number, changes: UserConfigUpdate): Promise<UserConfig> {
    this.recent.forget(userId); // the change applies to what is stored now, not to a reused copy
    const current = await this.get(userId);
    const next = userConfig.parse({ ...current, ...stripUndefined(changes) });
    this.recent.forget(userId);
    await this.settings.putUserConfig(userId, next);
    this.recent.forget(userId);
    this.recent.keep(userId, next);
    return { ...next };
  }

  /** Drops every reused config (a restore wrote the stored ones). */
  forgetAll(): void {
    this.recent.forget();
  }
}

/** Keeps only known keys whose stored value still passes validation; anything else falls back to the default. */
function mergeKnown(defaults: UserConfig, stored: unknown): UserConfig {
  if (!stored || typeof stored !== 'object') return { ...defaults };
  const merged: Record<string, unknown> = { ...defaults };
  for (const key of Object.keys(defaults) as (keyof UserConfig)[]) {
    const value = (stored as Record<string, unknown>)[key];
    if (value !== undefined && userConfig.shape[key].safeParse(value).success) merged[key] = value;
  }
  return merged as UserConfig;
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
