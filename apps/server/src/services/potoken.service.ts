import { notFound } from '../errors.ts';
import type { SettingsRepository } from '../repositories/settings.repository.ts';
import type { AppConfigService } from './app-config.service.ts';
import { POTOKEN_KEY } from './ytdlp-settings.service.ts';

/**
 * The PO token (spec §7; upstream up to v0.5.9, §11): stored once per instance and passed to yt-dlp as
 * `po_token` while `downloads.potoken` is on. Saving turns it on, revoking turns it off.
 */
export class PoTokenService {
  constructor(
    private readonly settings: SettingsRepository,
    private readonly appConfig: AppConfigService,
  ) {}

  async get(): Promise<{ potoken: string }> {
    const value = await this.settings.getAppSetting(POTOKEN_KEY);
    if (typeof value !== 'string' || !value) throw notFound('PO token not found');
    return { potoken: value };
  }

  async set(potoken: string): Promise<{ potoken: string }> {
    await this.settings.putAppSetting(POTOKEN_KEY, potoken);
    await this.appConfig.update({ downloads: { potoken: true } });
    return { potoken };
  }

  async revoke(): Promise<void> {
    await this.settings.putAppSetting(POTOKEN_KEY, null);
    await this.appConfig.update({ downloads: { potoken: false } });
  }
}
