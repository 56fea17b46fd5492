import type { ReactNode } from 'react';
import { ErrorText } from '../../../components/ui/error-text.tsx';
import {
  ArrowDownIcon,
  ArrowUpIcon,
  ToBottomIcon,
  ToTopIcon,
  TrashIcon,
} from '../../../components/ui/icons.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useUpdateCustomPlaylist, type CustomPlaylistAction } from '../api/update-custom-playlist.ts';

interface CustomMoveControlsProps {
  playlistId: string;
  videoId: string;
  title: string;
  isFirst: boolean;
  isLast: boolean;
}

const MOVES: {
  action: CustomPlaylistAction;
  label: string;
  icon: ReactNode;
  atStart?: boolean;
  atEnd?: boolean;
}[] = [
  { action: 'top', label: 'to top', icon: <ToTopIcon />, atStart: true },
  { action: 'up', label: 'up', icon: <ArrowUpIcon />, atStart: true },
  { action: 'down', label: 'down', icon: <ArrowDownIcon />, atEnd: true },
  { action: 'bottom', label: 'to bottom', icon: <ToBottomIcon />, atEnd: true },
];

/** Spec §2 Playlist page: a custom playlist's video can move top, up, down, bottom or be removed. */
export function CustomMoveControls({ playlistId, videoId, title, isFirst, isLast }: CustomMoveControlsProps) {
  const update = useUpdateCustomPlaylist();
  const run = (action: CustomPlaylistAction) => update.mutate({ playlistId, action, videoId });
  return (
    <div className="move-controls" role="group" aria-label={`Move ${title}`}>
      {MOVES.map((move) => (
        <button
          key={move.action}
          type="button"
          className="icon-button"
          aria-label={`Move ${title} ${move.label}`}
          title={`Move ${move.label}`}
          disabled={update.isPending || (move.atStart && isFirst) || (move.atEnd && isLast)}
          onClick={() => run(move.action)}
        >
          {move.icon}
        </button>
      ))}
      <button
        type="button"
        className="icon-button"
        aria-label={`Remove ${title} from this playlist`}
        title="Remove from playlist"
        disabled={update.isPending}
        onClick={() => run('remove')}
      >
        <TrashIcon />
      </button>
      {update.isError && <ErrorText>{errorMessage(update.error)}</ErrorText>}
    </div>
  );
}
