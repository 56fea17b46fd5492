import {
  describeChannelPlaylists,
  type ChannelPlaylistsService,
} from '../services/channel-playlists.service.ts';
import type { JobHandler } from './job-queue.ts';

/**
 * index_playlists: payload `{channel_ids: [...]}` when one channel's overwrite was just turned on
 * (POST /api/channel/{id}/); without it, every channel whose overwrite index_playlists is on.
 */
export function indexPlaylistsJob(channelPlaylists: ChannelPlaylistsService): JobHandler {
  return async (payload, { signal, reporter }) => {
    const ids = Array.isArray(payload.channel_ids)
      ? payload.channel_ids.filter((id): id is string => typeof id === 'string')
      : undefined;
    const result = await channelPlaylists.run(ids, { signal, reporter });
    return { result: describeChannelPlaylists(result), level: result.failed.length ? 'error' : 'info' };
  };
}
