import type { Channel } from '@tubekeeper/contract';
import { badRequest, notFound } from '../errors.ts';
import type { YtdlpRepository } from '../repositories/ytdlp.repository.ts';
import type { ChannelService } from './channel.service.ts';
import { parseOne, type ParsedTarget } from './url-parser.ts';
import type { YtdlpSettingsService } from './ytdlp-settings.service.ts';

/**
 * `GET /api/channel/search/?q=` (upstream §1.5): a channel URL, id or `@handle` to the archived channel.
 * A handle or /c/ name is resolved through the provider (cached by the yt-dlp edge); only archived
 * channels are answered.
 */
export class ChannelLookupService {
  constructor(
    private readonly channels: ChannelService,
    private readonly ytdlp: YtdlpRepository,
    private readonly settings: YtdlpSettingsService,
  ) {}

  async find(query: string): Promise<Channel> {
    let target: ParsedTarget;
    try {
      target = parseOne(query.trim());
    } catch {
      throw notFound(`channel not found: ${query}`);
    }
    if (target.type !== 'channel') throw badRequest('expected channel data');
    const channelId = target.needsResolve ? await this.resolve(target.url, query) : target.url;
    return this.channels.get(channelId);
  }

  private async resolve(url: string, query: string): Promise<string> {
    try {
      return await this.ytdlp.resolveChannel(url, await this.settings.load());
    } catch {
      throw notFound(`channel not found: ${query}`);
    }
  }
}
