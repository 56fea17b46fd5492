import { ARCHIVE_ROUTES } from './routes-archive.ts';
import { APPSETTINGS_ROUTES } from './routes-appsettings.ts';
import { QUEUE_AND_TASK_ROUTES } from './routes-queue-tasks.ts';
import { STATS_USER_AND_DELETE_ROUTES } from './routes-stats-user-deletes.ts';
import type { WireRoute } from './route-table.ts';

export type { Fixtures, WireRoute } from './route-table.ts';

/**
 * Every route of upstream-behaviour §1 (and §5 stats), in an order that lets each call use what the
 * earlier ones made: reads first, writes next, deletes and the logout last.
 */
export const UPSTREAM_ROUTES: WireRoute[] = [
  ...ARCHIVE_ROUTES,
  ...QUEUE_AND_TASK_ROUTES,
  ...APPSETTINGS_ROUTES,
  ...STATS_USER_AND_DELETE_ROUTES,
];
