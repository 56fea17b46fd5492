import type { ChannelHealth, PlaylistHealth } from '@tubekeeper/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { ErrorText } from '../../../components/ui/error-text.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { useChannelHealth } from '../api/get-channel-health.ts';
import { usePlaylistHealth } from '../api/get-playlist-health.ts';

export type Health = ChannelHealth | PlaylistHealth;
export type Source = NonNullable<Health['last_failure']>['source'];

export const SOURCES: Record<Source, string> = {
  scan: 'deep scan',
  feed: 'feed check',
  push: 'push',
};

/** "2026-11-25 00:36 UTC", or "never". */
export function formatMoment(iso: string | null): string {
  if (!iso) return 'never';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

function pushText(push: NonNullable<ChannelHealth['push']>): string {
  if (push.state === 'active') return `active until ${formatMoment(push.lease_expires_at)}`;
  return push.state === 'subscribing' ? 'waiting for the hub to confirm' : 'ending';
}

const Failed = ({ error }: { error: string | null }) =>
  error ? <span className="danger-text"> (failed: {error})</span> : null;

/**
 * Staff (issue 16): how new uploads of a channel are found: the last feed check, the last new upload it
 * found, the last deep scan, the push subscription when there is one, the error each has now, and the
 * last failure of any of them with what it means and what to do. On the channel's About tab and the
 * Downloads page for it.
 */
export function ChannelHealthBox({ channelId }: { channelId: string }) {
  return <HealthBox query={useChannelHealth(channelId)} />;
}

/** The same for a subscribable playlist, on its page (a playlist has no push: the hub has none). */
export function PlaylistHealthBox({ playlistId }: { playlistId: string }) {
  return <HealthBox query={usePlaylistHealth(playlistId)} />;
}

function HealthBox({ query }: { query: UseQueryResult<Health> }) {
  // a queued video's channel that is not in the archive (yet) has no health to show
  if (query.error instanceof ApiError && query.error.status === 404) return null;
  return (
    <section className="info-box channel-health" aria-label="Subscription health">
      <h3>Subscription health</h3>
      {query.isError && <ErrorText>{errorMessage(query.error)}</ErrorText>}
      {query.data && <HealthLines health={query.data} />}
    </section>
  );
}

function HealthLines({ health }: { health: Health }) {
  const failure = health.last_failure;
  return (
    <>
      {!health.subscribed && <p className="muted">Not subscribed: scans and feed checks leave it out.</p>}
      <p>
        Last feed check: {formatMoment(health.last_feed_check)}
        <Failed error={health.feed_error} />
      </p>
      <p>Last new upload from the feed: {formatMoment(health.last_new_upload)}</p>
      <p>
        Last deep scan: {formatMoment(health.last_deep_scan)}
        <Failed error={health.scan_error} />
      </p>
      {'push' in health && health.push && (
        <p>
          Push: {pushText(health.push)}
          <Failed error={health.push.error} />
        </p>
      )}
      {failure ? (
        <div data-testid="last-failure">
          <p>
            Last failure ({SOURCES[failure.source]}, {formatMoment(failure.at)}):{' '}
            <span className="danger-text">{failure.message}</span>
          </p>
          <p className="download-diagnosis">
            <strong>{failure.diagnosis.label}:</strong> {failure.diagnosis.advice}
          </p>
          {!health.failing && <p className="muted">Working again: the checks since went well.</p>}
        </div>
      ) : (
        <p>Last failure: none</p>
      )}
    </>
  );
}
