import { useAccount, usePing } from '../../session/index.ts';

function roleOf(account: { is_superuser: boolean; is_staff: boolean }): string {
  if (account.is_superuser) return 'superuser';
  return account.is_staff ? 'staff' : 'user';
}

/**
 * Settings dashboard. The statistic cards (spec §3 Stats) need the archive's video, channel and
 * download tables, which arrive with those features; until then this page shows only what is real.
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
      <p className="muted">
        Archive statistics (videos, channels, playlists, downloads and watch progress) appear here once the
        archive indexes them.
      </p>
    </section>
  );
}
