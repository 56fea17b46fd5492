import {
  USER_CONFIG_DEFAULTS,
  userConfig,
  type UserConfig,
  type UserConfigUpdate,
} from '@tubekeeper/contract';
import type { SettingsRepository } from '../repositories/settings.repository.ts';

export class UserConfigService {
  constructor(private readonly settings: SettingsRepository) {}

  /** The stored config over the defaults; keys added in later versions get their default. */
  async get(userId: number): Promise<UserConfig> {
    const stored = await this.settings.getUserConfig(userId);
    return mergeKnown(USER_CONFIG_DEFAULTS, stored);
  }

  async update(userId: number, changes: UserConfigUpdate): Promise<UserConfig> {
    const current = await this.get(userId);
    const next = userConfig.parse({ ...current, ...stripUndefined(changes) });
    await this.settings.putUserConfig(userId, next);
    return next;
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
