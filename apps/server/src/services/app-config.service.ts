import { APP_CONFIG_DEFAULTS, appConfig, type AppConfig, type AppConfigUpdate } from '@tubekeeper/contract';
import type { SettingsRepository } from '../repositories/settings.repository.ts';

const KEY = 'appsettings';
type Section = keyof AppConfig;
const SECTIONS = Object.keys(APP_CONFIG_DEFAULTS) as Section[];

export class AppConfigService {
  constructor(private readonly settings: SettingsRepository) {}

  /** The stored config with missing keys filled from the defaults and unknown or invalid ones dropped. */
  async get(): Promise<AppConfig> {
    const stored = (await this.settings.getAppSetting(KEY)) as Partial<
      Record<Section, Record<string, unknown>>
    >;
    const config = structuredClone(APP_CONFIG_DEFAULTS) as AppConfig;
    for (const section of SECTIONS) {
      const values = stored?.[section] ?? {};
      const target = config[section] as Record<string, unknown>;
      const shape = appConfig.shape[section].shape as Record<
        string,
        { safeParse(v: unknown): { success: boolean } }
      >;
      for (const key of Object.keys(target)) {
        if (key in values && shape[key]?.safeParse(values[key]).success) target[key] = values[key];
      }
    }
    return config;
  }

  /** Nested partial update: each given key is set, `null` resets it to its default. */
  async update(changes: AppConfigUpdate): Promise<AppConfig> {
    const config = await this.get();
    for (const section of SECTIONS) {
      const sectionChanges = changes[section];
      if (!sectionChanges) continue;
      const target = config[section] as Record<string, unknown>;
      const defaults = APP_CONFIG_DEFAULTS[section] as Record<string, unknown>;
      for (const [key, value] of Object.entries(sectionChanges)) {
        if (value === undefined) continue;
        target[key] = value === null ? defaults[key] : value;
      }
    }
    const valid = appConfig.parse(config);
    await this.settings.putAppSetting(KEY, valid);
    return valid;
  }
}
