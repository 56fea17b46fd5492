import type { Video } from '@tubekeeper/contract';
import { createElement } from 'react';
import { useCastSession } from '../hooks/use-cast-session.ts';

/**
 * The cast button of the video page (spec §2). Render it only when application.enable_cast is on:
 * mounting it loads Google's sender script, whose <google-cast-launcher> element draws the button.
 */
export function CastButton({ video }: { video: Video }) {
  useCastSession(video);
  return (
    <span className="cast-button" title="Cast">
      {createElement('google-cast-launcher', { id: 'castbutton', 'aria-label': 'Cast' })}
    </span>
  );
}
