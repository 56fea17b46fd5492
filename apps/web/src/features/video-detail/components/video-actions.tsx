import type { Video } from '@tubekeeper/contract';
import { useState } from 'react';
import { AddToPlaylistPopup } from '../../playlists/index.ts';
import { ReindexButtons } from '../../reindex/index.ts';
import { DeleteVideoButton } from './delete-video-button.tsx';

/**
 * Download File and Add To Playlist for everyone (spec §6: users manage playlist membership); Reindex and
 * Delete Video for staff, whose endpoints are staff-only on the server (a 403 would sign a user out, spec §4).
 */
export function VideoActions({ video, staff }: { video: Video; staff: boolean }) {
  const [addOpen, setAddOpen] = useState(false);
  return (
    <div className="info-box video-actions">
      <a className="button" href={video.media_url} download>
        Download File
      </a>
      {staff && <ReindexButtons kind="video" id={video.youtube_id} name={video.title} />}
      {staff && <DeleteVideoButton youtubeId={video.youtube_id} channelId={video.channel.channel_id} />}
      {addOpen ? (
        <AddToPlaylistPopup videoId={video.youtube_id} onClose={() => setAddOpen(false)} />
      ) : (
        <button type="button" className="button" onClick={() => setAddOpen(true)}>
          Add To Playlist
        </button>
      )}
    </div>
  );
}
