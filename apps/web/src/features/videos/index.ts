/**
 * Videos: the list API, one video, watch state, and the pieces every video page shares (cards, the
 * list, the view controls). Home, channel, playlist and video pages import from here only.
 */
export { videoKeys } from './api/query-keys.ts';
export { useVideoList, videoListQueryOptions } from './api/list-videos.ts';
export { useVideo, videoQueryOptions } from './api/get-video.ts';
export { useUpdateWatched, updateWatched, type WatchedChange } from './api/update-watched.ts';
export { VideoList, type ViewStyle } from './components/video-list.tsx';
export { VideoCard } from './components/video-card.tsx';
export { VideoThumbnail } from './components/video-thumbnail.tsx';
export { WatchedButton } from './components/watched-button.tsx';
export { ViewControls, useViewConfig } from './components/view-controls.tsx';
export { SortControls, SORT_OPTIONS } from './components/sort-controls.tsx';
export { GridSizeControls } from './components/grid-size-controls.tsx';
export { EmptyVideos } from './components/empty-videos.tsx';
export { MarkAllWatched } from './components/mark-all-watched.tsx';
