/**
 * Names of Tube Archivist's backup format (upstream §4.5) and of what we add to it.
 *
 * A backup is `ta_backup-<YYYYMMDD>-<reason>.zip` holding `es_<index>-<YYYYMMDD>-<page>.json` files, each
 * an Elasticsearch `_bulk` page (an action line, then the document). Upstream's restore posts only the
 * `es_*.json` files, so ours add `tk_<kind>-<YYYYMMDD>-<page>.json` files (one JSON object a line) that it
 * skips: our users, per-user watch positions and watched marks, schedules, other settings and the download
 * blocklist.
 */

/** Upstream's indexes, in the order a restore writes them (a video's channel and a line's video first). */
export const INDEXES = ['config', 'channel', 'video', 'subtitle', 'comment', 'playlist', 'download'] as const;
export type BackupIndex = (typeof INDEXES)[number];

/** `watches`: each user's watched marks (migration 0030), which upstream's one `player.watched` cannot hold. */
export const EXTRAS = ['users', 'progress', 'watches', 'schedules', 'settings', 'blocklist'] as const;
export type BackupExtra = (typeof EXTRAS)[number];

/** App settings that are upstream's own ta_config documents. */
export const CONFIG_DOC_SETTINGS = new Set(['appsettings', 'notify']);

/**
 * Settings never written to a backup: credentials (the imported cookie, the PO token) that a zip lying in
 * the cache folder should not carry, and state of this installation only.
 */
export const NOT_BACKED_UP_SETTINGS = new Set([
  'cookie',
  'cookie_validation',
  'potoken',
  'versioncheck:new',
  'scheduler:defaults_created',
]);

const BACKUP_NAME = /^ta_backup-(\d{8})(?:-([A-Za-z0-9_]+))?\.zip$/;
const PART_NAME = /^(es|tk)_([a-z_]+?)-(\d{8})(?:-(\d+))?\.json$/;

export const REASON = /^[a-z0-9_]{1,32}$/;

export const backupName = (date: string, reason: string) => `ta_backup-${date}-${reason}.zip`;

/** The date and reason of a backup name, or undefined when the name is not one. */
export function parseBackupName(name: string): { timestamp: string; reason: string | false } | undefined {
  const match = BACKUP_NAME.exec(name);
  if (!match) return undefined;
  return { timestamp: match[1]!, reason: match[2] ?? false };
}

/** The kind, index and page of a file inside a backup; undefined for anything else (it is skipped). */
export function parsePartName(name: string): { kind: 'es' | 'tk'; name: string; page: number } | undefined {
  const match = PART_NAME.exec(name);
  if (!match) return undefined;
  return { kind: match[1] as 'es' | 'tk', name: match[2]!, page: Number(match[4] ?? 0) };
}

/** "YYYYMMDD" of `at` in the server's time zone (upstream: the container's local date). */
export function localDate(at: number, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(new Date(at));
  const get = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${get('year')}${get('month')}${get('day')}`;
}
