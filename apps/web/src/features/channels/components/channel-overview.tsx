import type { Channel } from '@tubekeeper/contract';
import { Link } from 'react-router';
import { FallbackImage } from '../../../components/ui/fallback-image.tsx';
import { formatCount } from '../../../lib/format.ts';
import { isStaff, useAccount } from '../../session/index.ts';
import { ChannelSubscribeButton } from './channel-subscribe-button.tsx';

type ChannelSummary = Pick<
  Channel,
  'channel_id' | 'channel_name' | 'channel_subs' | 'channel_subscribed' | 'channel_thumb_url'
>;

/** The channel box (spec §2 Video detail): thumbnail, name, subscribers, subscribed state. */
export function ChannelOverview({ channel }: { channel: ChannelSummary }) {
  const staff = isStaff(useAccount());
  return (
    <div className="channel-overview" data-testid="channel-overview">
      <Link to={`/channel/${channel.channel_id}`} tabIndex={-1} aria-hidden="true">
        <FallbackImage
          src={channel.channel_thumb_url}
          alt=""
          className="channel-thumb"
          fallbackClassName="channel-thumb"
        />
      </Link>
      <div>
        <h3>
          <Link to={`/channel/${channel.channel_id}`}>{channel.channel_name}</Link>
        </h3>
        <p className="muted">Subscribers: {formatCount(channel.channel_subs)}</p>
        {staff ? (
          <ChannelSubscribeButton
            channelId={channel.channel_id}
            channelName={channel.channel_name}
            subscribed={channel.channel_subscribed}
          />
        ) : (
          channel.channel_subscribed && <p className="muted">Subscribed</p>
        )}
      </div>
    </div>
  );
}
