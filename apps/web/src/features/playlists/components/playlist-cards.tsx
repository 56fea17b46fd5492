import type { Playlist } from '@tubekeeper/contract';
import type { CSSProperties } from 'react';
import { useUserConfig } from '../../session/index.ts';
import { PlaylistCard } from './playlist-card.tsx';

/** Playlists as a grid (the user's items per row) or as a list. */
export function PlaylistCards({ playlists }: { playlists: Playlist[] }) {
  const { view_style_playlist: viewStyle, grid_items: gridItems } = useUserConfig();
  return (
    <div className={`card-list ${viewStyle}`} style={{ '--grid-items': gridItems } as CSSProperties}>
      {playlists.map((playlist) => (
        <PlaylistCard key={playlist.playlist_id} playlist={playlist} />
      ))}
    </div>
  );
}
