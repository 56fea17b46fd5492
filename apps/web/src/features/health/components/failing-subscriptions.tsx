import type { ChannelHealth } from '@tubekeeper/contract';
import { Link } from 'react-router';
import { useFailingChannels } from '../api/get-channel-health.ts';
import { useFailingPlaylists } from '../api/get-playlist-health.ts';
import { formatMoment, SOURCES, type Health, type Source } from './subscription-health.tsx';

/** The newest error a subscription has now: its deep scan's, its feed check's or its push's. */
function currentError(health: Health): { source: Source; at: string | null; message: string } | undefined {
  const errors: { source: Source; at: string | null; message: string }[] = [];
  if (health.scan_error)
    errors.push({ source: 'scan', at: health.last_deep_scan, message: health.scan_error });
  if (health.feed_error)
    errors.push({ source: 'feed', at: health.last_feed_check, message: health.feed_error });
  const push = 'push' in health ? (health as ChannelHealth).push : null;
  if (push?.error) errors.push({ source: 'push', at: null, message: push.error });
  return errors.sort((a, b) => (b.at ?? '').localeCompare(a.at ?? ''))[0];
}

function FailingRow({
  health,
  name,
  to,
  testId,
}: {
  health: Health;
  name: string;
  to: string;
  testId: string;
}) {
  const error = currentError(health);
  const failure = health.last_failure;
  return (
    <div data-testid={testId}>
      <p>
        <Link to={to}>{name}</Link>
        {error && (
          <>
            {' '}
            ({SOURCES[error.source]}
            {error.at && `, ${formatMoment(error.at)}`}): <span className="danger-text">{error.message}</span>
          </>
        )}
      </p>
      {failure && (
        <p className="download-diagnosis">
          <strong>{failure.diagnosis.label}:</strong> {failure.diagnosis.advice}
        </p>
      )}
    </div>
  );
}

/**
 * Staff, the Downloads page for all channels (issue 16): the subscribed channels and playlists whose deep
 * scan, feed check or push fails now, newest failure first, each with its error and what to do and
 * linking to the channel's About tab or the playlist's page; nothing when none fails.
 */
export function FailingSubscriptions() {
  const channels = useFailingChannels().data?.data ?? [];
  const playlists = useFailingPlaylists().data?.data ?? [];
  if (!channels.length && !playlists.length) return null;
  return (
    <section className="info-box channel-health" aria-label="Subscriptions with failures">
      <h3>Subscriptions with failures</h3>
      {channels.map((health) => (
        <FailingRow
          key={health.channel_id}
          health={health}
          name={health.channel_name}
          to={`/channel/${encodeURIComponent(health.channel_id)}/about/`}
          testId="failing-channel"
        />
      ))}
      {playlists.map((health) => (
        <FailingRow
          key={health.playlist_id}
          health={health}
          name={health.playlist_name}
          to={`/playlist/${encodeURIComponent(health.playlist_id)}`}
          testId="failing-playlist"
        />
      ))}
    </section>
  );
}
