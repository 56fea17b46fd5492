import { ErrorText } from '../../../components/ui/error-text.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useSchedules } from '../api/schedules.ts';
import { ScheduleTask, type ScheduleTaskProps } from '../components/schedule-task.tsx';
import { TaskNotifications } from '../components/task-notifications.tsx';

/** The tasks the server can schedule today, in the spec's order (§2 Settings: Scheduling). */
const TASKS: Omit<ScheduleTaskProps, 'current'>[] = [
  {
    name: 'update_subscribed',
    title: 'Rescan Subscriptions',
    description: 'Looks for new videos of subscribed channels and playlists and adds them to the queue.',
  },
  {
    name: 'download_pending',
    title: 'Start Download',
    description: 'Downloads everything in the download queue.',
  },
  {
    name: 'check_reindex',
    title: 'Refresh Metadata',
    description:
      'Refreshes the metadata of videos, channels and playlists older than the given number of days, a share each run.',
    configKey: { key: 'days', label: 'Refresh older than (days)', fallback: 90 },
  },
  {
    name: 'thumbnail_check',
    title: 'Thumbnail Check',
    description:
      'Downloads missing thumbnails and channel art again and deletes cached artwork of videos, channels and playlists no longer in the archive.',
  },
  {
    name: 'run_backup',
    title: 'ZIP Backup',
    description:
      'Writes a ZIP backup of the archive index into the backup folder; only the newest backups made this way are kept.',
    configKey: { key: 'rotate', label: 'Backups to keep', fallback: 5 },
  },
  {
    name: 'check_feeds',
    title: 'Check Feeds',
    description:
      'Reads the feed of every subscribed channel and playlist and queues new uploads; cheap enough for every 15 minutes.',
  },
];

/** Spec §2 Settings: Scheduling (staff): a schedule per task, "minute hour day_of_week" in the server's TZ. */
export function SchedulingRoute() {
  const schedules = useSchedules();
  return (
    <section>
      <h1>Scheduler Setup</h1>
      <p className="help-text">
        A schedule is <code>minute hour day_of_week</code> in the server&apos;s time zone, like cron:{' '}
        <code>0 8 *</code> runs daily at 08:00, <code>30 18 0</code> on Sundays at 18:30, <code>auto</code>{' '}
        sets the default. The scheduler doesn&apos;t support schedules that trigger more than once per hour,
        except Check Feeds, which may run every 15 minutes (<code>*/15 * *</code>).
      </p>
      {schedules.error && <ErrorText>{errorMessage(schedules.error)}</ErrorText>}
      {schedules.data &&
        TASKS.map((task) => (
          <ScheduleTask
            key={task.name}
            {...task}
            current={schedules.data.find((s) => s.name === task.name)}
          />
        ))}
      <TaskNotifications />
    </section>
  );
}
