import type { PlaylistNavVideo } from '@tubekeeper/contract';
import { Link } from 'react-router';
import { FallbackImage } from '../../../components/ui/fallback-image.tsx';
import { ToggleSwitch } from '../../../components/ui/toggle-switch.tsx';
import { useVideoNav } from '../api/get-video-nav.ts';

function NavVideo({ label, video }: { label: string; video: PlaylistNavVideo }) {
  return (
    <div className="playlist-nav-item">
      <Link to={`/video/${video.youtube_id}`} tabIndex={-1} aria-hidden="true">
        <FallbackImage src={video.vid_thumb} alt="" fallbackClassName="thumb-fallback" />
      </Link>
      <div>
        <p className="muted">{label}</p>
        <Link to={`/video/${video.youtube_id}`}>
          [{video.idx + 1}] {video.title}
        </Link>
      </div>
    </div>
  );
}

interface PlaylistNavProps {
  youtubeId: string;
  /** the playlist autoplay follows, or null */
  autoplayPlaylist: string | null;
  onAutoplayChange: (playlistId: string | null) => void;
}

/** Spec §2 Video detail: per playlist, previous and next with an Autoplay toggle. */
export function PlaylistNav({ youtubeId, autoplayPlaylist, onAutoplayChange }: PlaylistNavProps) {
  const nav = useVideoNav(youtubeId);
  if (!nav.data?.length) return null;
  return (
    <div className="playlist-navs">
      {nav.data.map(({ playlist_meta: meta, playlist_previous: previous, playlist_next: next }) => (
        <section
          key={meta.playlist_id}
          className="playlist-nav"
          aria-label={`Playlist ${meta.playlist_name}`}
        >
          <div className="playlist-nav-head">
            <h3>
              <Link to={`/playlist/${meta.playlist_id}`}>
                Playlist [{meta.current_idx + 1}]: {meta.playlist_name}
              </Link>
            </h3>
            <ToggleSwitch
              label="Autoplay"
              checked={autoplayPlaylist === meta.playlist_id}
              onChange={(checked) => onAutoplayChange(checked ? meta.playlist_id : null)}
            />
          </div>
          <div className="playlist-nav-items">
            {previous && <NavVideo label="Previous:" video={previous} />}
            {next && <NavVideo label="Next:" video={next} />}
          </div>
        </section>
      ))}
    </div>
  );
}
