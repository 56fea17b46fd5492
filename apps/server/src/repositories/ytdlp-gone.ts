import { YtdlpError } from './ytdlp-output.ts';

/**
 * Whether a yt-dlp failure is the provider's definite answer that an item is gone: removed, private, a
 * terminated or missing channel, an unavailable video, a playlist that does not exist. Only such an answer
 * may mark an archived item inactive; anything else (yt-dlp missing or broken, no network, a bot check,
 * HTTP 429/403, "try again later", garbage output) says nothing about the item and leaves it as it was.
 * Kept small and in one place so the provider-failure classifier can take it over.
 */
const GONE = [
  /Video unavailable/i,
  /Private video/i,
  /This (video|playlist|channel) is private/i,
  /(has been|was) removed/i,
  /has been terminated/i,
  /is no longer available/i,
  /does not exist/i,
  /HTTP Error 404/i,
];

/** "Unavailable" that is about us, not the item: a refusal, a region, a membership or an age gate. */
const NOT_GONE = [/try again later/i, /in your country/i, /members[- ]only/i, /confirm your age/i];

export function providerSaysGone(error: unknown): boolean {
  if (!(error instanceof YtdlpError) || error.kind !== 'item') return false;
  const message = error.message;
  return GONE.some((p) => p.test(message)) && !NOT_GONE.some((p) => p.test(message));
}
