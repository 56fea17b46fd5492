import type { TaskName } from '@tubekeeper/contract';

export interface TaskDefinition {
  /** the notification title */
  title: string;
  /** how the "already running" answer names the task */
  label: string;
  group: string;
  /** may be started through POST /api/task/by-name/{name}/ (once a handler exists) */
  apiStart: boolean;
  /** may be stopped through POST /api/task/by-id/{id}/ */
  apiStop: boolean;
  /** runs at most once at a time (upstream §4 "Locking") */
  locked: boolean;
}

/**
 * Upstream's task table (§4) with the spec's additions: the spec starts manual_import, resync_thumbs and
 * rescan_filesystem through the by-name endpoint, so those are startable here too. resync_metadata,
 * rescan_filesystem and thumbnail_check can be stopped (upstream: not): each goes through the whole
 * archive item by item and may run for hours, and stopping between two items leaves nothing half done.
 */
export const TASK_DEFINITIONS: Record<TaskName, TaskDefinition> = {
  update_subscribed: def('Rescan your Subscriptions', 'download:scan', true, true, true),
  download_pending: def('Downloading', 'download:run', true, true, true, 'Download Queue'),
  extract_download: def('Add to download queue', 'download:add', false, true, false),
  check_reindex: def('Reindex Documents', 'reindex:run', false, false, true),
  manual_import: def('Processing import', 'setting:import', true, false, true, 'Manual video import'),
  resync_thumbs: def('Sync Thumbnails to Media Files', 'setting:thumbnailsync', true, false, true),
  resync_metadata: def('Sync Metadata to Media Files', 'setting:thumbnailsync', true, true, true),
  run_backup: def('Index Backup', 'setting:backup', true, false, true),
  restore_backup: def('Restore Backup', 'setting:restore', false, false, true),
  rescan_filesystem: def('Rescan your Filesystem', 'setting:filesystemscan', true, true, true),
  thumbnail_check: def('Check your Thumbnails', 'setting:thumbnailcheck', true, true, true),
  index_playlists: def('Index Channel Playlist', 'channel:indexplaylist', false, false, false),
  subscribe_to: def('Add Subscription', 'subscription:add', false, false, false),
  check_feeds: def('Check feeds for new uploads', 'download:feeds', true, true, true),
};

function def(
  title: string,
  group: string,
  apiStart: boolean,
  apiStop: boolean,
  locked: boolean,
  label = title,
): TaskDefinition {
  return { title, label, group, apiStart, apiStop, locked };
}

export function taskDefinition(name: string): TaskDefinition | undefined {
  return Object.hasOwn(TASK_DEFINITIONS, name) ? TASK_DEFINITIONS[name as TaskName] : undefined;
}
