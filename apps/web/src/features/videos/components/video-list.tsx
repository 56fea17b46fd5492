import type { UserConfig, Video } from '@tubekeeper/contract';
import type { CSSProperties, ReactNode } from 'react';
import { useUserConfig } from '../../session/index.ts';
import { VideoCard } from './video-card.tsx';
import { VideoTable } from './video-table.tsx';

export type ViewStyle = UserConfig['view_style_home'];

interface VideoListProps {
  videos: Video[];
  viewStyle: ViewStyle;
  inlinePlay?: boolean;
  /** Per-video extra controls (custom playlist moves). */
  actionsFor?: (video: Video, index: number) => ReactNode;
}

/** Videos as a grid of `grid_items` per row (fewer on narrow screens), as a list or as a table. */
export function VideoList({ videos, viewStyle, inlinePlay = false, actionsFor }: VideoListProps) {
  const { grid_items: gridItems } = useUserConfig();
  if (viewStyle === 'table') return <VideoTable videos={videos} />;
  const style = { '--grid-items': gridItems } as CSSProperties;
  return (
    <div className={`video-list ${viewStyle}`} style={style} data-view={viewStyle}>
      {videos.map((video, index) => (
        <VideoCard
          key={video.youtube_id}
          video={video}
          inlinePlay={inlinePlay}
          actions={actionsFor?.(video, index)}
        />
      ))}
    </div>
  );
}
