import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { FallbackImage } from '../../../components/ui/fallback-image.tsx';
import { HighlightedText } from './highlighted-text.tsx';

interface SearchHitCardProps {
  testId: string;
  /** where the thumbnail and the title lead */
  to: string;
  thumbUrl: string;
  title: string;
  channelId: string;
  channelName: string;
  /** what follows the channel: when it is said, or who wrote it */
  meta: ReactNode;
  /** the matched text with the server's highlight markers */
  line: string;
}

/** The frame shared by fulltext and comment hits: thumbnail, title, channel, meta and the matched line. */
export function SearchHitCard(props: SearchHitCardProps) {
  return (
    <article className="search-hit" data-testid={props.testId}>
      <Link to={props.to} className="search-hit-thumb" tabIndex={-1} aria-hidden="true">
        <FallbackImage src={props.thumbUrl} alt="" fallbackClassName="thumb-fallback" />
      </Link>
      <div className="search-hit-body">
        <h3 className="video-card-title">
          <Link to={props.to}>{props.title}</Link>
        </h3>
        <p className="search-hit-meta muted">
          <Link className="video-card-channel" to={`/channel/${props.channelId}`}>
            {props.channelName}
          </Link>
          <span>{props.meta}</span>
        </p>
        <HighlightedText className="search-hit-line" html={props.line} />
      </div>
    </article>
  );
}
