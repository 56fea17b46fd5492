import { useParams } from 'react-router';
import { ExpandableText } from '../../../components/ui/expandable-text.tsx';
import { LinkifiedText } from '../../../components/ui/linkified-text.tsx';
import { TagList } from '../../../components/ui/tag-list.tsx';
import { formatCount, formatDate } from '../../../lib/format.ts';
import { ChannelHealthBox } from '../../health/index.ts';
import { ReindexButtons } from '../../reindex/index.ts';
import { isStaff, useAccount } from '../../session/index.ts';
import { useChannel } from '../api/get-channel.ts';
import { ChannelCustomization } from '../components/channel-customization.tsx';
import { ChannelOverview } from '../components/channel-overview.tsx';
import { DeleteChannelButton } from '../components/delete-channel-button.tsx';

/** Spec §2 Channel about; the delete, reindex and customization controls are for staff. */
export function ChannelAboutRoute() {
  const { channelId = '' } = useParams();
  const staff = isStaff(useAccount());
  const channel = useChannel(channelId).data;
  if (!channel) return null;
  return (
    <>
      <div className="info-row">
        <ChannelOverview channel={channel} />
        <div className="info-box">
          <p>Last refreshed: {formatDate(channel.channel_last_refresh)}</p>
          {channel.channel_active ? (
            <p>
              Youtube:{' '}
              <a
                href={`https://www.youtube.com/channel/${encodeURIComponent(channel.channel_id)}`}
                target="_blank"
                rel="noopener noreferrer"
              >
                Active
              </a>
            </p>
          ) : (
            <p>Youtube: Deactivated</p>
          )}
          {channel.channel_views > 0 && <p>Channel views: {formatCount(channel.channel_views)}</p>}
          {staff && <DeleteChannelButton channelId={channel.channel_id} name={channel.channel_name} />}
          {staff && (
            <ReindexButtons kind="channel" id={channel.channel_id} name={channel.channel_name} videos />
          )}
        </div>
        {staff && <ChannelHealthBox channelId={channel.channel_id} />}
      </div>
      {channel.channel_description && (
        <div className="description-box">
          <ExpandableText>
            <LinkifiedText text={channel.channel_description} />
          </ExpandableText>
        </div>
      )}
      <TagList tags={channel.channel_tags} />
      {staff && <ChannelCustomization channel={channel} />}
    </>
  );
}
