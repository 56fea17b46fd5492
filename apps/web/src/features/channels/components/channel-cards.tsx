import type { Channel } from '@tubekeeper/contract';
import type { CSSProperties } from 'react';
import { Link } from 'react-router';
import { FallbackImage } from '../../../components/ui/fallback-image.tsx';
import { useUserConfig } from '../../session/index.ts';
import { ChannelOverview } from './channel-overview.tsx';

function ChannelCard({ channel }: { channel: Channel }) {
  return (
    <article className="channel-card" data-testid="channel-card">
      <Link
        to={`/channel/${channel.channel_id}`}
        tabIndex={-1}
        aria-hidden="true"
        className="channel-card-banner"
      >
        <FallbackImage src={channel.channel_banner_url} alt="" fallbackClassName="banner-fallback" />
      </Link>
      <ChannelOverview channel={channel} />
    </article>
  );
}

/** Channels as a grid or a list (spec §2 Channel list). */
export function ChannelCards({ channels }: { channels: Channel[] }) {
  const { view_style_channel: viewStyle, grid_items: gridItems } = useUserConfig();
  return (
    <div className={`card-list ${viewStyle}`} style={{ '--grid-items': gridItems } as CSSProperties}>
      {channels.map((channel) => (
        <ChannelCard key={channel.channel_id} channel={channel} />
      ))}
    </div>
  );
}
