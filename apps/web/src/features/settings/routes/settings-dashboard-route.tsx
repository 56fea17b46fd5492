import {
  BiggestChannelsCard,
  DownloadHistoryCard,
  DownloadQueueCard,
  SubscriptionStatsCard,
  VideoStatsCard,
  WatchProgressCard,
} from '../../stats/index.ts';
import { useAccount, usePing } from '../../session/index.ts';

function roleOf(account: { is_superuser: boolean; is_staff: boolean }): string {
  if (account.is_superuser) return 'superuser';
  return account.is_staff ? 'staff' : 'user';
}

/**
 * Settings dashboard (spec §2): who is signed in, then the statistic cards (spec §3 Stats). A card is a
 * component in the grid below (see features/stats `StatCard`), so other features add theirs here.
 */
export function SettingsDashboardRoute() {
  const account = useAccount();
  const pong = usePing();
  return (
    <section>
      <h1>Dashboard</h1>
      <dl className="facts">
        <dt>Signed in as</dt>
        <dd>
          {account.name} ({roleOf(account)})
        </dd>
        {pong && (
          <>
            <dt>Version</dt>
            <dd>{pong.version}</dd>
          </>
        )}
      </dl>
      <div className="stat-cards">
        <VideoStatsCard />
        <SubscriptionStatsCard kind="channel" />
        <SubscriptionStatsCard kind="playlist" />
        <DownloadQueueCard />
        <WatchProgressCard />
        <DownloadHistoryCard />
        <BiggestChannelsCard />
      </div>
    </section>
  );
}
