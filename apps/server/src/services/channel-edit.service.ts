import type { ChannelOverwritesUpdate, ChannelUpdateBody, TaskName } from '@tubekeeper/contract';
import { notFound } from '../errors.ts';
import type { ChannelEditRepository } from '../repositories/channel-edit.repository.ts';
import type { ChangeSignal } from './change-signal.ts';

/** A null value removes the key, so the channel follows the application setting again (upstream §1.5). */
export function mergeOverwrites(
  stored: Record<string, unknown>,
  changes: ChannelOverwritesUpdate,
): Record<string, unknown> {
  const next = { ...stored };
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined) continue;
    if (value === null) delete next[key];
    else next[key] = value;
  }
  return next;
}

/** Starts a background task (the task service). */
export interface ChannelTaskStarter {
  start(name: TaskName, payload: Record<string, unknown>): Promise<unknown>;
}

/**
 * `POST /api/channel/{id}/`: the subscribed flag and the per-channel overwrites. Turning
 * index_playlists on also starts the index_playlists task for the channel (upstream §1.5).
 */
export class ChannelEditService {
  constructor(
    private readonly channels: ChannelEditRepository,
    private readonly tasks?: ChannelTaskStarter,
    /** told when the subscribed flag changes (the push subscriptions follow it) */
    private readonly subscriptionsChanged?: ChangeSignal,
  ) {}

  /** Answers with the validated body, as upstream does. */
  async update(channelId: string, body: ChannelUpdateBody): Promise<ChannelUpdateBody> {
    const changes = body.channel_overwrites;
    const found = await this.channels.apply(channelId, {
      ...(body.channel_subscribed !== undefined && { subscribed: body.channel_subscribed }),
      ...(changes && { overwrites: (stored: Record<string, unknown>) => mergeOverwrites(stored, changes) }),
    });
    if (!found) throw notFound('channel not found');
    if (body.channel_subscribed !== undefined) this.subscriptionsChanged?.notify();
    if (changes?.index_playlists === true) {
      await this.tasks?.start('index_playlists', { channel_ids: [channelId] });
    }
    return body;
  }
}
