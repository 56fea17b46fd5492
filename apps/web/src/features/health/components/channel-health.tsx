import type { ChannelHealth } from '@tubekeeper/contract';
import { ErrorText } from '../../../components/ui/error-text.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { Link } from 'react-router';
import { useChannelHealth, useFailingChannels } from '../api/get-channel-health.ts';

const SOURCES: Record<NonNullable<ChannelHealth['last_failure']>['source'], string> = {
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

/**
 * Staff (issue 16): how new uploads of a channel are found: the last feed check, the last new upload it
 * found, the last deep scan, the push subscription when there is one, and the last failure of any of
 * them with what it means and what to do. On the channel's About tab and the Downloads page for it.
 */
export function ChannelHealthBox({ channelId }: { channelId: string }) {
  const query = useChannelHealth(channelId);
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

/**
 * Staff, the Downloads page for all channels (issue 16): the subscribed channels whose last failure is kept,
 * newest first, each linking to its About tab; nothing when there is none.
 */
export function FailingChannels() {
  const query = useFailingChannels();
  if (!query.data?.data.length) return null;
  return (
    <section className="info-box channel-health" aria-label="Subscriptions with failures">
      <h3>Subscriptions with failures</h3>
      {query.data.data.map(({ channel_id, channel_name, last_failure: failure }) => (
        <div key={channel_id} data-testid="failing-channel">
          <p>
            <Link to={`/channel/${encodeURIComponent(channel_id)}/about/`}>{channel_name}</Link>
            {failure && (
              <>
                {' '}
                ({SOURCES[failure.source]}, {formatMoment(failure.at)}):{' '}
                <span className="danger-text">{failure.message}</span>
              </>
            )}
          </p>
          {failure && (
            <p className="download-diagnosis">
              <strong>{failure.diagnosis.label}:</strong> {failure.diagnosis.advice}
            </p>
          )}
        </div>
      ))}
    </section>
  );
}

function HealthLines({ health }: { health: ChannelHealth }) {
  const failure = health.last_failure;
  return (
    <>
      {!health.subscribed && <p className="muted">Not subscribed: scans and feed checks leave it out.</p>}
      <p>
        Last feed check: {formatMoment(health.last_feed_check)}
        {health.feed_error && <span className="danger-text"> (failed: {health.feed_error})</span>}
      </p>
      <p>Last new upload from the feed: {formatMoment(health.last_new_upload)}</p>
      <p>Last deep scan: {formatMoment(health.last_deep_scan)}</p>
      {health.push && <p>Push: {pushText(health.push)}</p>}
      {failure ? (
        <div data-testid="last-failure">
          <p>
            Last failure ({SOURCES[failure.source]}, {formatMoment(failure.at)}):{' '}
            <span className="danger-text">{failure.message}</span>
          </p>
          <p className="download-diagnosis">
            <strong>{failure.diagnosis.label}:</strong> {failure.diagnosis.advice}
          </p>
        </div>
      ) : (
        <p>Last failure: none</p>
      )}
    </>
  );
}
