import { useParams } from 'react-router';
import { ExpandableText } from '../../../components/ui/expandable-text.tsx';
import { LinkifiedText } from '../../../components/ui/linkified-text.tsx';
import { MessagePage } from '../../../components/ui/message-page.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { ChannelBox } from '../../channels/index.ts';
import { PlaylistHealthBox } from '../../health/index.ts';
import { PlayerOverlay } from '../../player/index.ts';
import { isStaff, useAccount } from '../../session/index.ts';
import { usePlaylist } from '../api/get-playlist.ts';
import { PlaylistInfo } from '../components/playlist-info.tsx';
import { PlaylistVideos } from '../components/playlist-videos.tsx';

/** Upstream stores a missing description as the string "False" (spec §3). */
const hasDescription = (text: string | null): text is string => !!text && text !== 'False';

/** Spec §2 Playlist page; a missing playlist shows the 404 page. Staff see a regular one's subscription health. */
export function PlaylistRoute() {
  const { playlistId = '' } = useParams();
  const staff = isStaff(useAccount());
  const query = usePlaylist(playlistId);

  if (query.isPending) return <Spinner label="Loading playlist" />;
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404) {
      return (
        <MessagePage title="404">
          <p>That playlist does not exist</p>
        </MessagePage>
      );
    }
    return (
      <MessagePage title="Oops">
        <p>{errorMessage(query.error)}</p>
      </MessagePage>
    );
  }
  const playlist = query.data;
  return (
    <div className="playlist-page">
      <h1>{playlist.playlist_name}</h1>
      <div className="info-row">
        {playlist.playlist_type !== 'custom' && playlist.playlist_channel_id && (
          <ChannelBox channelId={playlist.playlist_channel_id} />
        )}
        <PlaylistInfo playlist={playlist} staff={staff} />
        {staff && playlist.playlist_type !== 'custom' && (
          <PlaylistHealthBox playlistId={playlist.playlist_id} />
        )}
      </div>
      {hasDescription(playlist.playlist_description) && (
        <div className="description-box">
          <ExpandableText>
            <LinkifiedText text={playlist.playlist_description} />
          </ExpandableText>
        </div>
      )}
      <PlayerOverlay />
      <PlaylistVideos playlist={playlist} />
    </div>
  );
}
