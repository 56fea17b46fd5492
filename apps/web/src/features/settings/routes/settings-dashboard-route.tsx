import {
  BiggestChannelsCard,
  DownloadHistoryCard,
  DownloadQueueCard,
  SubscriptionStatsCard,
  VideoStatsCard,
  WatchProgressCard,
} from '../../stats/index.ts';
import { TaskRunnersCard } from '../../health/index.ts';
import { isStaff, useAccount, usePing } from '../../session/index.ts';
import { ReadOnlyNotice } from '../components/read-only-notice.tsx';

function roleOf(account: { is_superuser: boolean; is_staff: boolean }): string {
  if (account.is_superuser) return 'superuser';
  return account.is_staff ? 'staff' : 'user';
}

/**
 * Settings dashboard (spec §2): why the server is read-only when it is (issue 18), who is signed in, then
 * the statistic cards (spec §3 Stats). A card is a component in the grid below (see features/stats
 * `StatCard`), so other features add theirs here; staff also see the task runners (workers) from the
 * health report.
 */
export function SettingsDashboardRoute() {
  const account = useAccount();
  const pong = usePing();
  return (
    <section>
      <h1>Dashboard</h1>
      <ReadOnlyNotice />
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
        {isStaff(account) && <TaskRunnersCard />}
      </div>
    </section>
  );
}
