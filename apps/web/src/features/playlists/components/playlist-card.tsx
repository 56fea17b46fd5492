import type { Playlist } from '@tubekeeper/contract';
import { Link } from 'react-router';
import { FallbackImage } from '../../../components/ui/fallback-image.tsx';
import { formatDate } from '../../../lib/format.ts';
import { isStaff, useAccount } from '../../session/index.ts';
import { PlaylistSubscribeButton } from './playlist-subscribe-button.tsx';

/** One playlist in a list: thumbnail, channel, name, last refresh and (staff) its subscription. */
export function PlaylistCard({ playlist }: { playlist: Playlist }) {
  const staff = isStaff(useAccount());
  const custom = playlist.playlist_type === 'custom';
  return (
    <article className="playlist-card" data-testid="playlist-card">
      <Link
        to={`/playlist/${playlist.playlist_id}`}
        tabIndex={-1}
        aria-hidden="true"
        className="playlist-thumb"
      >
        <FallbackImage src={playlist.playlist_thumbnail} alt="" fallbackClassName="thumb-fallback" />
      </Link>
      <div className="playlist-card-body">
        {custom ? (
          <span className="muted">Custom playlist</span>
        ) : (
          playlist.playlist_channel_id && (
            <Link className="video-card-channel" to={`/channel/${playlist.playlist_channel_id}`}>
              {playlist.playlist_channel}
            </Link>
          )
        )}
        <h3 className="video-card-title">
          <Link to={`/playlist/${playlist.playlist_id}`}>{playlist.playlist_name}</Link>
        </h3>
        <p className="muted">Last refreshed: {formatDate(playlist.playlist_last_refresh)}</p>
        {staff && !custom && <PlaylistSubscribeButton playlist={playlist} />}
      </div>
    </article>
  );
}
