import fs from 'node:fs';
import path from 'node:path';
import type { BackupService } from '../services/backup/backup.service.ts';
import { describeRestore } from '../services/backup/backup-import.ts';
import type { ProgressReporter } from '../services/progress.ts';

const USAGE = `Usage: tubekeeper backup create [--reason R] | list | restore <file>
  create    write ta_backup-<YYYYMMDD>-<reason>.zip into <cache>/backup/ (reason default: manual)
  list      list the backups of <cache>/backup/, newest first
  restore   replace the archive's metadata with a backup (a name in <cache>/backup/ or a path to a
            zip, e.g. one written by Tube Archivist); media files are not touched`;

/** Progress on stderr, at most one line a second, so a long run shows it is moving. */
function printer(): ProgressReporter {
  let last = 0;
  return {
    update: (_progress, messages) => {
      if (Date.now() - last < 1000) return;
      last = Date.now();
      if (messages.length) console.error(messages.join(' '));
    },
  };
}

/** `tubekeeper backup …`: the ZIP backups of Settings: Actions from the shell. */
export async function runBackupCommand(
  backups: BackupService,
  args: string[],
  options: { reason?: string | undefined },
): Promise<number> {
  const [action, file] = args;
  try {
    if (action === 'create') {
      const made = await backups.create(options.reason ?? 'manual', printer());
      console.log(`${made.file.file_path} (${made.documents} documents, ${made.file.file_size} bytes)`);
      return 0;
    }
    if (action === 'list') {
      const list = backups.list();
      if (list.length === 0) console.log('No backups found.');
      for (const b of list) console.log(`${b.filename}\t${b.file_size}\t${b.reason || ''}`);
      return 0;
    }
    if (action === 'restore' && file) {
      const isPath = file.includes(path.sep) || (!file.startsWith('ta_') && fs.existsSync(file));
      const result = isPath
        ? describeRestore(file, await backups.restoreFile(path.resolve(file), printer()))
        : await backups.restoreByName(file, printer());
      console.log(result);
      return 0;
    }
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    return 1;
  }
  console.error(USAGE);
  return 2;
}
