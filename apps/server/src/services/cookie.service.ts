import type { CookieState } from '@tubekeeper/contract';
import { badRequest } from '../errors.ts';
import type { SettingsRepository } from '../repositories/settings.repository.ts';
import type { YtdlpSettings } from '../repositories/ytdlp-args.ts';
import { YtdlpError } from '../repositories/ytdlp-output.ts';
import type { YtdlpRepository } from '../repositories/ytdlp.repository.ts';
import type { AppConfigService } from './app-config.service.ts';
import { COOKIE_KEY, COOKIE_VALIDATION_KEY, type YtdlpSettingsService } from './ytdlp-settings.service.ts';

interface Validation {
  status: boolean;
  /** epoch seconds */
  validated: number;
  validated_str: string;
  /** set when the validation could not run: status false then means "not validated", not "invalid" */
  message?: string;
}

/** Liked videos: a list only a signed-in session can read (upstream validates the cookie with it). */
const LIKED_VIDEOS = 'https://www.youtube.com/playlist?list=LL';
/** A cookies.txt line: domain, subdomains flag, path, secure, expiry, name, value (tab-separated). */
const COOKIE_LINE = /^(#HttpOnly_)?[^\s#][^\t]*\t(TRUE|FALSE)\t[^\t]*\t(TRUE|FALSE)\t-?\d+\t[^\t]+\t[^\t]*$/i;

/**
 * The imported provider cookie (upstream §7.5): one per instance, stored in the settings, used by yt-dlp
 * only while `downloads.cookie_import` is on. Validation asks yt-dlp for the Liked videos list with it.
 */
export class CookieService {
  constructor(
    private readonly settings: SettingsRepository,
    private readonly appConfig: AppConfigService,
    private readonly ytdlpSettings: YtdlpSettingsService,
    private readonly ytdlp: Pick<YtdlpRepository, 'runJson'>,
    private readonly timeZone: string,
    /** yt-dlp's text with what it means and what to do (failure-diagnosis.service.ts) */
    private readonly explain: (error: unknown) => Promise<string> = async (e) => (e as Error).message,
    private readonly now: () => number = Date.now,
  ) {}

  async state(): Promise<CookieState> {
    const { downloads } = await this.appConfig.get();
    const validation = await this.validation();
    return { cookie_enabled: downloads.cookie_import, ...(validation ?? {}) };
  }

  /**
   * Stores and enables the cookie, then validates it; one the provider refuses is removed again. One that
   * could not be validated (provider unreachable, yt-dlp missing) is kept as not validated, and the answer
   * says why, so it can be validated later.
   */
  async put(text: string): Promise<CookieState> {
    const cookie = text.replaceAll('\0', '').replaceAll('\r\n', '\n').trim();
    if (!cookie.split('\n').some((line) => COOKIE_LINE.test(line.trim()))) {
      throw badRequest(
        '[cookie]: import failed, not in Netscape format (one cookie per line: 7 fields separated by tabs)',
      );
    }
    await this.settings.putAppSetting(COOKIE_KEY, cookie);
    await this.settings.putAppSetting(COOKIE_VALIDATION_KEY, null);
    await this.appConfig.update({ downloads: { cookie_import: true } });
    const state = await this.validate();
    if (!state.status && state.message === undefined) {
      await this.revoke();
      throw badRequest('[cookie]: import failed, not valid');
    }
    return state;
  }

  /** Runs the validation now and keeps its result (status and time) for the settings page. */
  async validate(): Promise<CookieState> {
    const settings = await this.ytdlpSettings.load();
    let outcome: { status: boolean; message?: string } = { status: false };
    if (settings.downloads.cookie_import && settings.cookie) outcome = await this.askProvider(settings);
    const at = this.now();
    const validation: Validation = {
      ...outcome,
      validated: Math.floor(at / 1000),
      validated_str: localMinute(at, this.timeZone),
    };
    await this.settings.putAppSetting(COOKIE_VALIDATION_KEY, validation);
    return { cookie_enabled: settings.downloads.cookie_import, ...validation };
  }

  /**
   * Valid when Liked videos can be read; invalid when the provider answers for that list with an error
   * of its own (signed out); anything else (no answer, a refusal, no yt-dlp) could not tell.
   */
  private async askProvider(settings: YtdlpSettings): Promise<{ status: boolean; message?: string }> {
    try {
      const [result] = await this.ytdlp.runJson([LIKED_VIDEOS], 'playlist', settings, { items: '1' });
      if (!result || result.ok) return { status: result?.ok ?? false };
      if (result.error.kind === 'item') return { status: false };
      return { status: false, message: notValidated(await this.explain(result.error)) };
    } catch (error) {
      if (!(error instanceof YtdlpError)) throw error;
      return { status: false, message: notValidated(await this.explain(error)) };
    }
  }

  /** Removes the cookie and its validation and turns cookie use off. */
  async revoke(): Promise<void> {
    await this.settings.putAppSetting(COOKIE_KEY, null);
    await this.settings.putAppSetting(COOKIE_VALIDATION_KEY, null);
    await this.appConfig.update({ downloads: { cookie_import: false } });
  }

  private async validation(): Promise<Validation | undefined> {
    const value = (await this.settings.getAppSetting(COOKIE_VALIDATION_KEY)) as Partial<Validation> | null;
    if (!value || typeof value.status !== 'boolean' || typeof value.validated !== 'number') return undefined;
    return {
      status: value.status,
      validated: value.validated,
      validated_str: String(value.validated_str),
      ...(typeof value.message === 'string' && { message: value.message }),
    };
  }
}

function notValidated(explained: string): string {
  return `not validated, the provider could not be asked (${explained}); the cookie is kept: validate it again later`;
}

/** "YYYY-MM-DD HH:MM" in the server's time zone (upstream's validated_str). */
export function localMinute(ms: number, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(ms))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}
