/**
 * Notifications: the live task list under the navigation and the hook that restarts its polling after
 * a task was started (any successful mutation restarts it too: app/query-client.ts).
 */
export { NotificationArea } from './components/notification-area.tsx';
export {
  notificationKeys,
  notificationsQueryOptions,
  useRestartNotifications,
  NOTIFICATION_POLL_MS,
} from './api/list-notifications.ts';
