import type { Playlist, PlaylistEntry } from '@tubekeeper/contract';
import type { PlaylistRow } from '../../db/tables.ts';
import { isoUtc } from './format.ts';
import { playlistThumbUrl } from './urls.ts';

export function toPlaylist(row: PlaylistRow, entries: PlaylistEntry[]): Playlist {
  return {
    _index: 'ta_playlist',
    _score: 0,
    playlist_active: row.playlist_active === 1,
    playlist_channel: row.playlist_channel,
    playlist_channel_id: row.playlist_channel_id,
    // upstream stores `false` for "no description"; the API answers null
    playlist_description: row.playlist_description || null,
    playlist_entries: entries,
    playlist_id: row.playlist_id,
    playlist_last_refresh: isoUtc(row.playlist_last_refresh),
    playlist_name: row.playlist_name,
    playlist_sort_order: row.playlist_sort_order,
    playlist_subscribed: row.playlist_subscribed === 1,
    playlist_thumbnail: playlistThumbUrl(row.playlist_id),
    playlist_type: row.playlist_type,
  };
}
