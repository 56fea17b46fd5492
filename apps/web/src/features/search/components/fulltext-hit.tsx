import type { FulltextHit as Hit } from '@tubekeeper/contract';
import { cueRange, videoAtCue } from '../lib/cue-time.ts';
import { SearchHitCard } from './search-hit-card.tsx';

/**
 * A subtitle fragment that matched (spec §3 "Fulltext hit"): thumbnail, title, channel, when it is said
 * and the line with the matched words. Thumbnail and title open the video at the cue (`?t=`).
 */
export function FulltextHit({ hit }: { hit: Hit }) {
  return (
    <SearchHitCard
      testId="fulltext-hit"
      to={videoAtCue(hit.youtube_id, hit.subtitle_start)}
      thumbUrl={hit.vid_thumb_url}
      title={hit.title}
      channelId={hit.subtitle_channel_id}
      channelName={hit.subtitle_channel}
      meta={
        <>
          <time>{cueRange(hit.subtitle_start, hit.subtitle_end)}</time>
          {` · ${hit.subtitle_lang}${hit.subtitle_source ? ` (${hit.subtitle_source})` : ''}`}
        </>
      }
      line={hit.subtitle_line}
    />
  );
}
