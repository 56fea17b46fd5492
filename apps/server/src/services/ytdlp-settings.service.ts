import type { ChannelOverwrites } from '@tubekeeper/contract';
import type { SettingsRepository } from '../repositories/settings.repository.ts';
import type { YtdlpSettings } from '../repositories/ytdlp-args.ts';
import type { AppConfigService } from './app-config.service.ts';

/** app_settings keys of the provider credentials (one per instance, shared by all users: upstream §7.5). */
export const COOKIE_KEY = 'cookie';
export const COOKIE_VALIDATION_KEY = 'cookie_validation';
export const POTOKEN_KEY = 'potoken';

/**
 * The settings object every yt-dlp call takes: the downloads config, the imported cookie (yt-dlp's
 * changes to the jar are stored back), the PO token and, for a download, the channel's overwrites.
 * Every job that calls yt-dlp builds it here, so a cookie or token saved in the settings applies at once.
 */
export class YtdlpSettingsService {
  constructor(
    private readonly appConfig: AppConfigService,
    private readonly settings: SettingsRepository,
  ) {}

  async load(overwrites?: Pick<ChannelOverwrites, 'download_format'> | null): Promise<YtdlpSettings> {
    const { downloads } = await this.appConfig.get();
    const [cookie, poToken] = await Promise.all([
      downloads.cookie_import ? this.readText(COOKIE_KEY) : null,
      downloads.potoken ? this.readText(POTOKEN_KEY) : null,
    ]);
    return {
      downloads,
      cookie,
      poToken,
      overwrites: overwrites ?? null,
      onCookieChange: async (jar) => {
        // a revoke while yt-dlp ran must not bring the cookie back
        if ((await this.readText(COOKIE_KEY)) !== null) await this.settings.putAppSetting(COOKIE_KEY, jar);
      },
    };
  }

  async readText(key: string): Promise<string | null> {
    const value = await this.settings.getAppSetting(key);
    return typeof value === 'string' && value !== '' ? value : null;
  }
}
