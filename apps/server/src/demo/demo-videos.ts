import type { DemoVideoSpec } from './demo-catalog.ts';
import { BYTES_VIDEOS } from './demo-videos-bytes.ts';
import { KITCHEN_VIDEOS } from './demo-videos-kitchen.ts';
import { TRAIL_VIDEOS } from './demo-videos-trail.ts';

/**
 * The 24 demo videos: 15 regular videos, 6 shorts and 3 streams over three channels. Each carries its own
 * subtitle sentences (English and German) so a full-text search for a phrase finds exactly one video.
 */
export const DEMO_VIDEOS: readonly DemoVideoSpec[] = [...KITCHEN_VIDEOS, ...TRAIL_VIDEOS, ...BYTES_VIDEOS];
