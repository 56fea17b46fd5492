import type {
  ChannelSubscribeRequest,
  ChannelSubscribeResponse,
  PlaylistSubscribeRequest,
  PlaylistSubscribeResponse,
} from '@tubekeeper/contract';
import { badRequest } from '../errors.ts';
import type { SubscriptionRepository } from '../repositories/subscription.repository.ts';
import type { ChangeSignal } from './change-signal.ts';
import type { TaskStarter } from './download-queue.service.ts';
import { parseOne, UrlParseError, type ParsedType } from './url-parser.ts';

/** The payload of subscribe_to (jobs/subscribe-to.job.ts). */
export interface SubscribePayload {
  expected_type: 'channel' | 'playlist';
  /** ids or URLs to index and subscribe, each reported on its own */
  subscribe: string[];
  /** ids or URLs to unsubscribe that need the provider to name their channel (handles, video URLs) */
  unsubscribe: string[];
}

/**
 * The batch subscribe calls (upstream §1.5, §1.6): unsubscribing an id is done at once; everything that
 * needs the provider (indexing the channel or playlist, resolving a handle or a video's channel) runs in
 * one subscribe_to task whose result names every line that failed.
 */
export class SubscriptionService {
  constructor(
    private readonly rows: SubscriptionRepository,
    private readonly tasks: TaskStarter,
    /** told when subscriptions were changed here at once (the push subscriptions follow them) */
    private readonly subscriptionsChanged?: ChangeSignal,
  ) {}

  async channels(body: ChannelSubscribeRequest): Promise<ChannelSubscribeResponse> {
    const data = body.data.map((d) => ({
      channel_id: d.channel_id,
      channel_subscribed: d.channel_subscribed ?? true,
    }));
    const task = await this.apply(
      'channel',
      data.map((d) => ({ input: d.channel_id, subscribed: d.channel_subscribed })),
    );
    return { data, ...(task && { task_id: task }) };
  }

  async playlists(body: PlaylistSubscribeRequest): Promise<PlaylistSubscribeResponse> {
    if (body.data.length === 0) throw badRequest('nothing to subscribe');
    const lines = body.data.map((d) => ({ input: d.playlist_id, subscribed: d.playlist_subscribed ?? true }));
    const task = await this.apply('playlist', lines);
    if (!task) return { message: 'playlist unsubscribed' };
    return { message: 'playlist subscribe task started', task_id: task };
  }

  /** Unsubscribes what names its id; hands the rest to subscribe_to. Returns the task id if one started. */
  private async apply(
    type: 'channel' | 'playlist',
    lines: { input: string; subscribed: boolean }[],
  ): Promise<string | undefined> {
    const payload: SubscribePayload = { expected_type: type, subscribe: [], unsubscribe: [] };
    for (const line of lines) {
      if (line.subscribed) {
        payload.subscribe.push(line.input);
        continue;
      }
      const id = directId(line.input, type);
      if (id === undefined) payload.unsubscribe.push(line.input);
      else if (type === 'channel') await this.rows.setChannelSubscribed(id, false);
      else await this.rows.setPlaylistSubscribed(id, false);
    }
    if (type === 'channel' && payload.subscribe.length + payload.unsubscribe.length < lines.length)
      this.subscriptionsChanged?.notify();
    if (!payload.subscribe.length && !payload.unsubscribe.length) return undefined;
    return (await this.tasks.start('subscribe_to', { ...payload })).task_id;
  }
}

/** The id an input names directly (no provider call needed), or undefined. */
function directId(input: string, type: ParsedType): string | undefined {
  try {
    const target = parseOne(input);
    return target.type === type && !target.needsResolve ? target.url : undefined;
  } catch (error) {
    if (error instanceof UrlParseError) return undefined;
    throw error;
  }
}
