import type { Video } from '@tubekeeper/contract';
import { ExpandableText } from '../../../components/ui/expandable-text.tsx';
import { LinkifiedText } from '../../../components/ui/linkified-text.tsx';
import { TagList } from '../../../components/ui/tag-list.tsx';
import { ChannelOverview } from '../../channels/index.ts';
import { MediaFacts } from './media-facts.tsx';
import { VideoActions } from './video-actions.tsx';
import { VideoFacts } from './video-facts.tsx';
import { VideoStats } from './video-stats.tsx';

interface VideoDetailsProps {
  video: Video;
  staff: boolean;
  onTimestamp: (seconds: number) => void;
}

/** Everything about the video below the player: channel, facts, stats, actions, media, text. */
export function VideoDetails({ video, staff, onTimestamp }: VideoDetailsProps) {
  return (
    <>
      <div className="info-row">
        <ChannelOverview channel={video.channel} />
        <VideoFacts video={video} />
        <VideoStats video={video} />
      </div>
      <div className="info-row">
        <VideoActions video={video} staff={staff} />
        <MediaFacts video={video} />
      </div>
      <TagList tags={video.tags} />
      {video.description && (
        <div className="description-box">
          <ExpandableText>
            <LinkifiedText text={video.description} onTimestamp={onTimestamp} />
          </ExpandableText>
        </div>
      )}
    </>
  );
}
