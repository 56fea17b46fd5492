import { useQueryClient } from '@tanstack/react-query';
import type { Notification } from '@tubekeeper/contract';
import { useEffect, useRef, useState } from 'react';
import { QUERY_ROOTS } from '../../../lib/query-roots.ts';
import { isStaff, useAccount } from '../../session/index.ts';
import { useNotifications } from '../api/list-notifications.ts';
import { useStopTask } from '../api/stop-task.ts';
import '../notifications.css';

/**
 * The live task notifications under the navigation, on every page (spec §4): title, messages, a
 * progress bar and, for tasks that can be stopped, a stop button for staff. When the last notification
 * goes, the archive lists are refreshed: a finished download or rescan changed them.
 */
export function NotificationArea() {
  const notifications = useNotifications().data ?? [];
  const queryClient = useQueryClient();
  const hadAny = useRef(false);

  useEffect(() => {
    if (notifications.length) hadAny.current = true;
    else if (hadAny.current) {
      hadAny.current = false;
      for (const queryKey of [...Object.values(QUERY_ROOTS), ['downloads']]) {
        void queryClient.invalidateQueries({ queryKey });
      }
    }
  }, [notifications.length, queryClient]);

  if (!notifications.length) return null;
  return (
    <section className="notifications" aria-label="Notifications" aria-live="polite">
      {notifications.map((notification) => (
        <NotificationItem key={notification.id} notification={notification} />
      ))}
    </section>
  );
}

function NotificationItem({ notification }: { notification: Notification }) {
  const staff = isStaff(useAccount());
  const stop = useStopTask();
  const [stopSent, setStopSent] = useState(false);
  const stopping = stopSent || notification.command?.toLowerCase() === 'stop';
  const percent = Math.round(Math.min(1, Math.max(0, notification.progress)) * 100);
  return (
    <div className={`notification notification-${notification.level}`} data-testid="notification">
      <div className="notification-head">
        <h3>{notification.title}</h3>
        {staff && notification.api_stop && !stopping && (
          <button
            type="button"
            className="notification-stop"
            title="Stop this task"
            onClick={() => {
              setStopSent(true);
              stop.mutate(notification.id, { onError: () => setStopSent(false) });
            }}
          >
            Stop
          </button>
        )}
      </div>
      {notification.messages.map((message, i) => (
        <p key={i}>{message}</p>
      ))}
      <div
        className="notification-progress"
        role="progressbar"
        aria-label={`${notification.title} progress`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <span style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
