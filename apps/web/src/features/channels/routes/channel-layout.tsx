import { Outlet, useParams } from 'react-router';
import { FallbackImage } from '../../../components/ui/fallback-image.tsx';
import { MessagePage } from '../../../components/ui/message-page.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { isStaff, useAccount } from '../../session/index.ts';
import { useChannel } from '../api/get-channel.ts';
import { useChannelNav } from '../api/get-channel-nav.ts';
import { ChannelSubNav } from '../components/channel-sub-nav.tsx';

/** Spec §8: a missing channel shows "Channel <id> not found!"; another failure "Channel not found!". */
function ChannelFailed({ channelId, error }: { channelId: string; error: unknown }) {
  const missing = error instanceof ApiError && error.status === 404;
  return (
    <MessagePage title={missing ? `Channel ${channelId} not found!` : 'Channel not found!'}>
      {!missing && <p className="muted">{errorMessage(error)}</p>}
    </MessagePage>
  );
}

/** Every channel page: banner, title and sub-navigation above the child page. */
export function ChannelLayout() {
  const { channelId = '' } = useParams();
  const staff = isStaff(useAccount());
  const channel = useChannel(channelId);
  const nav = useChannelNav(channelId);

  if (channel.isPending) return <Spinner label="Loading channel" />;
  if (channel.isError) return <ChannelFailed channelId={channelId} error={channel.error} />;
  return (
    <div className="channel-page">
      <div className="channel-banner">
        <FallbackImage src={channel.data.channel_banner_url} alt="" fallbackClassName="banner-fallback" />
      </div>
      <h1>Channel: {channel.data.channel_name}</h1>
      <ChannelSubNav channelId={channelId} nav={nav.data} staff={staff} />
      <Outlet />
    </div>
  );
}
