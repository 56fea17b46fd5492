import type { HealthReport } from '@tubekeeper/contract';
import { QueryBody, StatCard } from '../../stats/index.ts';
import { useHealthDetails } from '../api/get-health.ts';

type Worker = HealthReport['task_runners']['workers'][number];

/** "12 s ago", "3 min ago", "2 h ago": how long since a time the server sent. */
function ago(iso: string, now: number): string {
  const seconds = Math.max(0, Math.round((now - Date.parse(iso)) / 1000));
  if (seconds < 120) return `${seconds} s ago`;
  if (seconds < 7200) return `${Math.round(seconds / 60)} min ago`;
  return `${Math.round(seconds / 3600)} h ago`;
}

function runningText(worker: Worker): string {
  if (!worker.running.length) return 'Idle';
  return worker.running.map((r) => (r.part ? `${r.title} (its share)` : r.title)).join(', ');
}

/**
 * Settings: Dashboard, staff only (issue 14): the processes that run tasks and what each runs now. With
 * REDIS_URL these are the live `tubekeeper worker` processes (a worker killed drops out within
 * TK_STALL_TIMEOUT_S); without it the server itself.
 */
export function TaskRunnersCard() {
  const query = useHealthDetails();
  return (
    <StatCard title="Workers" size="double">
      <QueryBody query={query}>
        {({ task_runners: { queue, workers } }) => {
          const now = Date.now();
          return (
            <>
              <p className="muted">
                {queue === 'embedded'
                  ? 'This server runs every task itself (no REDIS_URL).'
                  : `${workers.length} live worker${workers.length === 1 ? '' : 's'} taking tasks from Redis.`}
              </p>
              {queue === 'redis' && workers.length === 0 && (
                <p role="alert">
                  No worker is running: queued tasks wait until a <code>tubekeeper worker</code> starts.
                </p>
              )}
              {workers.length > 0 && (
                <table className="stat-table responsive-table">
                  <thead>
                    <tr>
                      <th scope="col">Worker</th>
                      <th scope="col">Running</th>
                      <th scope="col">Up since</th>
                      <th scope="col">Last seen</th>
                    </tr>
                  </thead>
                  <tbody>
                    {workers.map((worker) => (
                      <tr key={worker.id}>
                        <td data-label="Worker">
                          {worker.id}{' '}
                          <span className="muted">
                            ({worker.host}, pid {worker.pid})
                          </span>
                        </td>
                        <td data-label="Running">{runningText(worker)}</td>
                        <td data-label="Up since">{new Date(worker.started_at).toLocaleString()}</td>
                        <td data-label="Last seen">{ago(worker.seen_at, now)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
            </>
          );
        }}
      </QueryBody>
    </StatCard>
  );
}
