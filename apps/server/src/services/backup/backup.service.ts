import path from 'node:path';
import type {
  BackupFile,
  BackupRestoreStarted,
  BackupStarted,
  TaskStartResponse,
} from '@tubekeeper/contract';
import { AppError, badRequest, notFound } from '../../errors.ts';
import type { BackupDatabase } from '../../repositories/backup-database.repository.ts';
import type {
  BackupFolderRepository,
  BackupZipRepository,
} from '../../repositories/backup-zip.repository.ts';
import type { SettingsRepository } from '../../repositories/settings.repository.ts';
import { silentReporter, type ProgressReporter } from '../progress.ts';
import { nextRunAfter, schedulableTask, withConfigDefaults } from '../schedule-rules.ts';
import { countDocuments, exportArchive, type BackupPage } from './backup-export.ts';
import { backupName, localDate, parseBackupName, parsePartName, REASON } from './backup-format.ts';
import { BackupImporter, describeRestore, type RestoreCounts } from './backup-import.ts';
import { BrokenBackupError, zipDocuments, type DocPage } from './backup-source.ts';

/** Starts a task (TaskService.start): backups, restores and snapshots run as tasks. */
export type StartTask = (
  name: 'run_backup' | 'restore_backup',
  payload: Record<string, unknown>,
) => Promise<TaskStartResponse>;

export interface BackupServiceDeps {
  zip: BackupZipRepository;
  folder: BackupFolderRepository;
  database: BackupDatabase;
  settings: SettingsRepository;
  timeZone: string;
  now?: () => number;
  startTask: StartTask;
  /** told after a restore, which may have replaced the schedules */
  onRestored?: () => void;
}

/** ZIP backups in Tube Archivist's format (upstream §1.9, §4.5): list, create, rotate, delete, restore. */
export class BackupService {
  private readonly now: () => number;

  constructor(private readonly deps: BackupServiceDeps) {
    this.now = deps.now ?? Date.now;
  }

  get dir(): string {
    return this.deps.folder.dir;
  }

  /** Every `ta_*.zip` of the backup folder, newest first (upstream sorts the names backwards). */
  list(): BackupFile[] {
    return this.deps.folder
      .list()
      .filter((file) => file.name.startsWith('ta_') && file.name.endsWith('.zip'))
      .sort((a, b) => (a.name < b.name ? 1 : a.name > b.name ? -1 : 0))
      .map((file) => this.toWire(file.name)!)
      .filter(Boolean);
  }

  get(filename: string): BackupFile {
    const found = this.toWire(checkName(filename));
    if (!found) throw notFound('backup file not found');
    return found;
  }

  /** The file names inside a backup of the folder. */
  async zipEntries(filename: string): Promise<string[]> {
    const zip = await this.deps.zip.open(this.deps.folder.stat(this.get(filename).filename)!.path);
    zip.close();
    return zip.names;
  }

  remove(filename: string): void {
    this.get(filename);
    this.deps.folder.remove(filename);
  }

  async startBackup(): Promise<BackupStarted> {
    const started = await this.deps.startTask('run_backup', { reason: 'auto' });
    return { message: started.message ?? 'backup task started', task_id: started.task_id };
  }

  async startRestore(filename: string): Promise<BackupRestoreStarted> {
    this.get(filename);
    const started = await this.deps.startTask('restore_backup', { filename });
    return { message: started.message ?? 'backup restore task started', filename, task_id: started.task_id };
  }

  /**
   * Writes `ta_backup-<date>-<reason>.zip` (a same-day backup of the same reason replaces the earlier one,
   * as upstream's) and, for `auto`, keeps the newest `rotate` of them.
   */
  async create(
    reason: string,
    reporter: ProgressReporter = silentReporter,
  ): Promise<{ file: BackupFile; documents: number; rotated: string[] }> {
    if (!REASON.test(reason)) throw badRequest('a backup reason is lower-case letters, digits and _');
    const name = backupName(localDate(this.now(), this.deps.timeZone), reason);
    reporter.update(0, ['Scanning your index.']);
    const documents = await this.writeZip(path.join(this.dir, name), reporter);
    const rotated = reason === 'auto' ? await this.rotate() : [];
    return { file: this.get(name), documents, rotated };
  }

  /** Writes the whole archive into `file` from one consistent view of the database. */
  async writeZip(file: string, reporter: ProgressReporter = silentReporter): Promise<number> {
    const date = localDate(this.now(), this.deps.timeZone);
    return this.deps.database.read(async (read) => {
      const total = await countDocuments(read);
      let done = 0;
      const pageNumbers = new Map<string, number>();
      const parts = async function* (pages: AsyncIterable<BackupPage>) {
        for await (const page of pages) {
          const number = pageNumbers.get(page.name) ?? 0;
          pageNumbers.set(page.name, number + 1);
          yield { name: `${page.name}-${date}-${number}.json`, lines: page.lines };
          done += page.documents;
          reporter.update(total ? Math.min(1, done / total) : 1, [`Backing up: ${done} documents written.`]);
        }
      };
      await this.deps.zip.write(file, parts(exportArchive(read)));
      return done;
    });
  }

  /** Keeps the newest `rotate` (run_backup's schedule config) `auto` backups; returns what it deleted. */
  async rotate(): Promise<string[]> {
    const stored = await this.deps.settings.getAppSetting('task_config:run_backup');
    const { rotate } = withConfigDefaults(
      schedulableTask('run_backup')!,
      typeof stored === 'object' && stored !== null ? (stored as Record<string, unknown>) : {},
    );
    const autos = this.list().filter((file) => file.reason === 'auto');
    const doomed = autos.slice(rotate!).map((file) => file.filename);
    for (const name of doomed) this.deps.folder.remove(name);
    return doomed;
  }

  /** Restores a file of the backup folder by name (the API's and the task's way). */
  async restoreByName(filename: string, reporter: ProgressReporter = silentReporter): Promise<string> {
    const file = this.deps.folder.stat(checkName(filename));
    if (!file) throw notFound('backup file not found');
    const counts = await this.restoreFile(file.path, reporter);
    return describeRestore(filename, counts);
  }

  /**
   * Replaces the archive's metadata with a zip's (media files stay). The zip is read through once first:
   * a broken or foreign file stops the restore before anything changes. Then one transaction writes it.
   */
  async restoreFile(file: string, reporter: ProgressReporter = silentReporter): Promise<RestoreCounts> {
    const total = await this.checkZip(file, reporter);
    const zip = await this.deps.zip.open(file);
    try {
      return await this.restoreDocuments(zipDocuments(zip), total, reporter);
    } finally {
      zip.close();
    }
  }

  /** Writes parsed backup documents over the archive in one transaction (snapshots come through here too). */
  async restoreDocuments(
    pages: AsyncIterable<DocPage>,
    total: number,
    reporter: ProgressReporter = silentReporter,
  ): Promise<RestoreCounts> {
    const counts = await this.deps.database.write((write) =>
      new BackupImporter(write, {
        now: this.now(),
        nextRun: (schedule) => nextRunOrNull(schedule, this.deps.timeZone, this.now()),
        onPage: (written) =>
          reporter.update(0.5 + 0.5 * Math.min(1, total ? written / total : 1), [
            `Restoring: ${written} of ${total} documents written.`,
          ]),
      }).run(pages),
    );
    this.deps.onRestored?.();
    return counts;
  }

  /** Reads every file of the zip once (no database), counting documents; throws for a broken zip. */
  private async checkZip(file: string, reporter: ProgressReporter): Promise<number> {
    let zip;
    try {
      zip = await this.deps.zip.open(file);
    } catch (error) {
      throw new AppError(400, `${path.basename(file)} is not a readable zip: ${(error as Error).message}`);
    }
    try {
      if (!zip.names.some((name) => parsePartName(name)?.kind === 'es')) {
        throw new AppError(
          400,
          `${path.basename(file)} holds no es_*.json files: not a Tube Archivist backup`,
        );
      }
      let documents = 0;
      for await (const page of zipDocuments(zip)) {
        documents += page.docs.length;
        reporter.update(0, [`Checking ${path.basename(file)}: ${documents} documents read.`]);
      }
      return documents;
    } catch (error) {
      if (error instanceof AppError) throw error;
      const reason =
        error instanceof BrokenBackupError ? error.message : `unreadable (${(error as Error).message})`;
      throw new AppError(400, `${path.basename(file)} is broken, nothing was changed: ${reason}`);
    } finally {
      zip.close();
    }
  }

  private toWire(name: string): BackupFile | undefined {
    const parsed = parseBackupName(name) ?? looseName(name);
    const file = this.deps.folder.stat(name);
    if (!file || !parsed) return undefined;
    return { filename: name, file_path: file.path, file_size: file.size, ...parsed };
  }
}

/** A name in the backup folder: no separators, no dot files, a zip. Anything else is refused. */
function checkName(filename: string): string {
  if (
    filename !== path.basename(filename) ||
    filename.includes('\\') ||
    filename.startsWith('.') ||
    !filename.endsWith('.zip')
  ) {
    throw badRequest('a backup is named by its file name in the backup folder');
  }
  return filename;
}

/** Upstream lists any `ta_*.zip`; one not named by the pattern shows its name parts as upstream's split does. */
function looseName(name: string): { timestamp: string; reason: string | false } | undefined {
  if (!name.startsWith('ta_') || !name.endsWith('.zip')) return undefined;
  const parts = name.slice(0, -4).split('-');
  return { timestamp: parts[1] ?? '', reason: parts[2] ?? false };
}

function nextRunOrNull(schedule: string, timeZone: string, now: number): number | null {
  try {
    return nextRunAfter(schedule, timeZone, now);
  } catch {
    return null;
  }
}
