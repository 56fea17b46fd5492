import {
  APP_VERSION,
  type Snapshot,
  type SnapshotCreated,
  type SnapshotList,
  type SnapshotRestoreStarted,
} from '@tubekeeper/contract';
import { Cron } from 'croner';
import { badRequest, notFound } from '../../errors.ts';
import type { BackupDatabase } from '../../repositories/backup-database.repository.ts';
import { SnapshotStore, type SnapshotRecord } from '../../repositories/snapshot-store.repository.ts';
import { silentReporter, type ProgressReporter } from '../progress.ts';
import { countDocuments, exportArchive } from './backup-export.ts';
import { localMinute } from '../cookie.service.ts';
import { describeRestore } from './backup-import.ts';
import { exportedDocuments } from './backup-source.ts';
import type { BackupService, StartTask } from './backup.service.ts';

/** Upstream's SLM policy (§4.5): daily at 12:00 local time, kept 30 days, at least 5, at most 50. */
const DAILY = '0 12 * * *';
const EXPIRE_DAYS = 30;
const MIN_COUNT = 5;
const MAX_COUNT = 50;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The setting that holds the last daily slot a process claimed (see `claimSlot`). */
export const DAILY_SLOT_SETTING = 'snapshot:daily_slot';

/**
 * The slot `startDaily` claims when it takes a snapshot at start-up: the last 12:00 in `timeZone` at or
 * before `now`, in ms (every day has one, so it lies within the last 24 hours).
 */
export function lastDailySlot(now: number, timeZone: string): number {
  const cron = new Cron(DAILY, { timezone: timeZone, paused: true });
  return cron.nextRun(new Date(now - DAY_MS))!.getTime();
}

export interface SnapshotServiceDeps {
  store: SnapshotStore;
  database: BackupDatabase;
  backups: BackupService;
  timeZone: string;
  now?: () => number;
  startTask: StartTask;
  /**
   * Takes a daily slot (its time in ms) for this process: true for one process per slot, so a deployment
   * with several API processes takes the daily snapshot once (settings `claimValue`).
   */
  claimSlot: (slot: number) => Promise<boolean>;
}

/**
 * Point-in-time copies of the metadata database (upstream's snapshots, §1.9, §4.5). SQLite: the database
 * file copied online with SQLite's backup API. PostgreSQL: a zip in the backup format written from one
 * REPEATABLE READ transaction. Each finished copy has a `<id>.json` beside it; only those are listed.
 */
export class SnapshotService {
  private readonly now: () => number;
  private daily: Cron | undefined;

  constructor(private readonly deps: SnapshotServiceDeps) {
    this.now = deps.now ?? Date.now;
  }

  list(): SnapshotList {
    const next = new Cron(DAILY, { timezone: this.deps.timeZone, paused: true }).nextRun(
      new Date(this.now()),
    );
    return {
      next_exec: next ? Math.floor(next.getTime() / 1000) : null,
      next_exec_str: next ? localMinute(next.getTime(), this.deps.timeZone) : null,
      expire_after: `${EXPIRE_DAYS}d`,
      snapshots: this.records().map((r) => this.toWire(r)),
    };
  }

  get(id: string): Snapshot {
    const record = this.record(id);
    if (!record) throw notFound('snapshot not found');
    return this.toWire(record);
  }

  async startCreate(): Promise<SnapshotCreated> {
    const id = this.newId();
    const started = await this.deps.startTask('run_backup', { snapshot: id });
    return { snapshot_name: id, task_id: started.task_id };
  }

  async startRestore(id: string): Promise<SnapshotRestoreStarted> {
    if (!this.record(id)) throw badRequest('snapshot not found');
    const started = await this.deps.startTask('restore_backup', { snapshot: id });
    return { accepted: true, task_id: started.task_id };
  }

  remove(id: string): void {
    const record = this.record(id);
    if (!record) throw badRequest('snapshot not found');
    this.removeFiles(record);
  }

  /** Takes snapshot `id` now, then lets the old ones expire. */
  async take(id: string, reporter: ProgressReporter = silentReporter): Promise<string> {
    if (!SnapshotStore.isId(id)) throw badRequest('invalid snapshot name');
    const start = this.now();
    const sqlite = this.deps.database.engine === 'sqlite';
    const file = `${id}.${sqlite ? 'sqlite' : 'zip'}`;
    const partial = `${this.deps.store.pathOf(file)}.partial`;
    reporter.update(0, ['Snapshot in progress']);
    // the zip writer renames its own partial file into place
    if (sqlite) await this.deps.database.copySqliteTo(partial);
    else await this.deps.backups.writeZip(this.deps.store.pathOf(file), reporter);
    const record: SnapshotRecord = { id, engine: this.deps.database.engine, file, start, end: this.now() };
    this.deps.store.finish(sqlite ? partial : this.deps.store.pathOf(file), record);
    const expired = this.expire();
    return `Snapshot ${id} taken` + (expired.length ? `; expired ${expired.join(', ')}` : '');
  }

  /** Replaces the archive's metadata with the snapshot's, through the same writer as a zip restore. */
  async restore(id: string, reporter: ProgressReporter = silentReporter): Promise<string> {
    const record = this.record(id);
    if (!record) throw notFound('snapshot not found');
    const file = this.deps.store.pathOf(record.file);
    reporter.update(0, ['Snapshot restore started']);
    if (record.file.endsWith('.zip')) {
      return describeRestore(id, await this.deps.backups.restoreFile(file, reporter));
    }
    const scratch = this.deps.store.pathOf(`.restore-${id}.sqlite`);
    const counts = await this.deps.database.readSqliteCopy(file, scratch, async (read) => {
      const total = await countDocuments(read);
      return this.deps.backups.restoreDocuments(exportedDocuments(exportArchive(read)), total, reporter);
    });
    return describeRestore(id, counts);
  }

  /**
   * Starts the daily snapshot and, as upstream at start-up, takes one when the newest is older than a
   * day (for the last 12:00 that passed). Each slot is claimed first, so however many processes watch,
   * one takes it. Errors (a backup already running) are the caller's to log.
   */
  startDaily(onError: (error: unknown) => void): void {
    const take = (slot: number) =>
      this.deps
        .claimSlot(slot)
        .then((won) => (won ? this.startCreate() : undefined))
        .catch(onError);
    this.daily = new Cron(DAILY, { timezone: this.deps.timeZone }, (self: Cron) => {
      const fired = self.currentRun()?.getTime() ?? this.now();
      void take(Math.floor(fired / 60_000) * 60_000);
    });
    const newest = this.records()[0];
    if (!newest || newest.end < this.now() - DAY_MS) void take(lastDailySlot(this.now(), this.deps.timeZone));
  }

  stopDaily(): void {
    this.daily?.stop();
  }

  /** Older than 30 days goes, but the newest 5 always stay, and never more than 50. */
  expire(): string[] {
    const records = this.records();
    const cutoff = this.now() - EXPIRE_DAYS * DAY_MS;
    const doomed = records.filter((r, index) => index >= MAX_COUNT || (index >= MIN_COUNT && r.end < cutoff));
    for (const record of doomed) this.removeFiles(record);
    return doomed.map((r) => r.id);
  }

  private records(): SnapshotRecord[] {
    return this.deps.store.list();
  }

  private record(id: string): SnapshotRecord | undefined {
    return this.deps.store.get(id);
  }

  private removeFiles(record: SnapshotRecord): void {
    this.deps.store.remove(record);
  }

  private toWire(record: SnapshotRecord): Snapshot {
    return {
      id: record.id,
      state: 'SUCCESS',
      es_version: `Tubekeeper ${APP_VERSION} (${record.engine})`,
      start_date: localMinute(record.start, this.deps.timeZone),
      end_date: localMinute(record.end, this.deps.timeZone),
      end_stamp: Math.floor(record.end / 1000),
      duration_s: Math.round((record.end - record.start) / 1000),
    };
  }

  private newId(): string {
    const iso = new Date(this.now()).toISOString(); // 2026-11-24T23:48:00.000Z
    const base = `ta_daily_${iso.slice(0, 10).replaceAll('-', '')}-${iso.slice(11, 19).replaceAll(':', '')}`;
    let id = base;
    for (let n = 2; this.deps.store.taken(id); n += 1) id = `${base}-${n}`;
    return id;
  }
}
