import type { Video } from '@tubekeeper/contract';
import { useParams } from 'react-router';
import { ErrorText } from '../../../components/ui/error-text.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { usePageParam } from '../../../lib/use-page-param.ts';
import { PlayerOverlay } from '../../player/index.ts';
import { useUserConfig } from '../../session/index.ts';
import { EmptyVideos, MarkAllWatched, useVideoList, VideoList, ViewControls } from '../../videos/index.ts';
import { useChannel } from '../api/get-channel.ts';
import { ChannelOverview } from '../components/channel-overview.tsx';
import { ChannelTotals } from '../components/channel-totals.tsx';

/** Spec §2 Channel videos (also the Streams and Shorts pages, by video type). */
export function ChannelVideosRoute({ type }: { type: Video['vid_type'] }) {
  const { channelId = '' } = useParams();
  const channel = useChannel(channelId).data;
  const config = useUserConfig();
  const page = usePageParam();
  const hideWatched = config.hide_watched_channel ?? false;
  const list = useVideoList({
    channel: channelId,
    type,
    sort: config.sort_by,
    order: config.sort_order,
    ...(hideWatched && { watch: 'unwatched' as const }),
    ...(page > 1 && { page }),
  });
  if (!channel) return null;

  return (
    <>
      <div className="info-row">
        <ChannelOverview channel={channel} />
        <div className="info-box">
          <ChannelTotals channelId={channelId} />
          <MarkAllWatched id={channelId} name={channel.channel_name} />
        </div>
      </div>
      <PlayerOverlay />
      <ViewControls
        viewKey="view_style_home"
        toggle={{ key: 'hide_watched_channel', label: 'Hide watched videos' }}
        showSort
      />
      {list.isPending && <Spinner label="Loading videos" />}
      {list.isError && <ErrorText>{errorMessage(list.error)}</ErrorText>}
      {list.data &&
        (list.data.data.length === 0 ? (
          <EmptyVideos />
        ) : (
          <>
            <VideoList videos={list.data.data} viewStyle={config.view_style_home} inlinePlay />
            <Pagination paginate={list.data.paginate} />
          </>
        ))}
    </>
  );
}
