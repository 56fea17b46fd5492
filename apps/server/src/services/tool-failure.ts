import { YtdlpError } from '../repositories/ytdlp-output.ts';

/**
 * A failure that says nothing about the item it happened on: yt-dlp missing or failing itself (a crash,
 * a usage error, a kill, output that is not JSON: no `ERROR:` line, see `YtdlpError.fromTool`), or the
 * provider out of reach (no network, a hung call). The next item would fail the same way, so a run that
 * meets one stops and keeps what it has not done, rather than recording it as that item's failure. The
 * provider's answer about an item (removed, private, a bot check...) is not one: it ends that item alone.
 */
export function isToolFailure(error: unknown): error is YtdlpError {
  return (
    error instanceof YtdlpError &&
    (error.fromTool || error.kind === 'not-found' || error.kind === 'connection')
  );
}

/**
 * The provider refusing us (HTTP 429 or 403, the bot check; `rate-limit`): it says nothing about the item
 * it was asked about, only that asking again now is refused too. An add stops at one and keeps its lines.
 */
export function isProviderRefusal(error: unknown): error is YtdlpError {
  return error instanceof YtdlpError && error.kind === 'rate-limit';
}

/**
 * What went wrong and what to do about it, `at` naming where ("while scanning Alpha Workshop"):
 * "yt-dlp failed while scanning Alpha Workshop (yt-dlp exited with code 1: …): check that yt-dlp runs
 * (yt-dlp --version, update it)". A refusal reads as the provider's text, `explained` when given (its
 * category and advice). The caller adds what was kept.
 */
export function toolFailureText(error: YtdlpError, at: string, explained?: string): string {
  if (error.kind === 'not-found') return error.message;
  if (error.kind === 'rate-limit') return `the provider refused ${at} (${explained ?? error.message})`;
  if (error.kind === 'connection') return `cannot reach the provider ${at} (${error.message})`;
  return `yt-dlp failed ${at} (${error.message}): check that yt-dlp runs (yt-dlp --version, update it)`;
}

/**
 * What a scan (subscription scan, feed check) ends with when yt-dlp or the network fails: no network or
 * no yt-dlp as the provider error itself (the task adds its category and advice); yt-dlp failing itself
 * explained, since its own last line (a traceback, a usage error) tells a user nothing.
 */
export function scanStopped(error: YtdlpError, at: string, kept: string): Error {
  return error.fromTool ? new Error(`${toolFailureText(error, at)}. ${kept}`) : error;
}
