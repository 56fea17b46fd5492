import type { Playlist } from '@tubekeeper/contract';
import { formatDate } from '../../../lib/format.ts';
import { ReindexButtons } from '../../reindex/index.ts';
import { MarkAllWatched } from '../../videos/index.ts';
import { DeletePlaylistButton } from './delete-playlist-button.tsx';
import { PlaylistSubscribeButton } from './playlist-subscribe-button.tsx';

/** The facts and actions of one playlist (spec §2 Playlist page). */
export function PlaylistInfo({ playlist, staff }: { playlist: Playlist; staff: boolean }) {
  const custom = playlist.playlist_type === 'custom';
  const archived = playlist.playlist_entries.filter((entry) => entry.downloaded).length;
  return (
    <div className="info-box info-grid">
      <div>
        <p>Last refreshed: {formatDate(playlist.playlist_last_refresh)}</p>
        {!custom && (
          <>
            {staff && (
              <p>
                Playlist: <PlaylistSubscribeButton playlist={playlist} />
              </p>
            )}
            {playlist.playlist_active ? (
              <p>
                Youtube:{' '}
                <a
                  href={`https://www.youtube.com/playlist?list=${encodeURIComponent(playlist.playlist_id)}`}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  Active
                </a>
              </p>
            ) : (
              <p>Youtube: Deactivated</p>
            )}
          </>
        )}
        {staff && <DeletePlaylistButton playlistId={playlist.playlist_id} name={playlist.playlist_name} />}
      </div>
      <div>
        <p>
          Total Videos archived: {archived}/{playlist.playlist_entries.length}
        </p>
        {archived > 0 && <MarkAllWatched id={playlist.playlist_id} name={playlist.playlist_name} />}
        {staff && (
          <ReindexButtons
            kind="playlist"
            id={playlist.playlist_id}
            name={playlist.playlist_name}
            self={!custom}
            videos
          />
        )}
      </div>
    </div>
  );
}
