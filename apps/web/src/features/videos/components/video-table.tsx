import type { UserConfig, Video } from '@tubekeeper/contract';
import { Link } from 'react-router';
import { formatDate, formatFileSize } from '../../../lib/format.ts';
import { useUserConfig } from '../../session/index.ts';
import { useViewConfig } from './view-controls.tsx';
import { WatchedButton } from './watched-button.tsx';

type SortBy = UserConfig['sort_by'];

/** The columns; those with a sort are ordered by the same sorts as the grid and list (spec §9). */
const COLUMNS: { label: string; sort?: SortBy }[] = [
  { label: 'Title' },
  { label: 'Channel' },
  { label: 'Published', sort: 'published' },
  { label: 'Duration', sort: 'duration' },
  { label: 'Size', sort: 'mediasize' },
  { label: 'Watched' },
];

/**
 * The home table view (upstream's `view_style_home: "table"`): one row per video. A sortable header
 * saves the sort in the user config like the sort controls do; the same header again flips the order.
 */
export function VideoTable({ videos }: { videos: Video[] }) {
  const { file_size_unit: unit } = useUserConfig();
  const { config, save } = useViewConfig();
  const sortBy = (field: SortBy) =>
    save(
      config.sort_by === field
        ? { sort_order: config.sort_order === 'asc' ? 'desc' : 'asc' }
        : { sort_by: field, sort_order: 'desc' },
    );
  return (
    <table className="video-table" data-view="table">
      <thead>
        <tr>
          {COLUMNS.map(({ label, sort }) => {
            const active = sort !== undefined && config.sort_by === sort;
            const direction = config.sort_order === 'asc' ? 'ascending' : 'descending';
            return (
              <th key={label} scope="col" aria-sort={active ? direction : undefined}>
                {sort ? (
                  <button type="button" className="link-button" onClick={() => sortBy(sort)}>
                    {label}
                    {active && (config.sort_order === 'asc' ? ' ▲' : ' ▼')}
                  </button>
                ) : (
                  label
                )}
              </th>
            );
          })}
        </tr>
      </thead>
      <tbody>
        {videos.map((video) => (
          <tr key={video.youtube_id} data-testid="video-row">
            <td>
              <Link to={`/video/${video.youtube_id}`}>{video.title}</Link>
            </td>
            <td>
              <Link to={`/channel/${video.channel.channel_id}`}>{video.channel.channel_name}</Link>
            </td>
            <td>{formatDate(video.published)}</td>
            <td>{video.player.duration_str}</td>
            <td>{formatFileSize(video.media_size, unit)}</td>
            <td>
              <WatchedButton
                youtubeId={video.youtube_id}
                title={video.title}
                watched={video.player.watched}
              />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
