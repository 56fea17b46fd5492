import fs from 'node:fs';
import path from 'node:path';

/** A finished snapshot: its data file (`<id>.sqlite` or `<id>.zip`) and when it was taken. */
export interface SnapshotRecord {
  id: string;
  engine: string;
  file: string;
  start: number;
  end: number;
}

const ID = /^ta_daily_\d{8}-\d{6}(-\d+)?$/;

/**
 * The snapshot folder: each data file has a `<id>.json` record beside it, written only once the copy is
 * complete, so a copy cut short is never listed.
 */
export class SnapshotStore {
  constructor(readonly dir: string) {}

  static isId(id: string): boolean {
    return ID.test(id);
  }

  pathOf(file: string): string {
    fs.mkdirSync(this.dir, { recursive: true });
    return path.join(this.dir, path.basename(file));
  }

  /** Finished snapshots, newest first. */
  list(): SnapshotRecord[] {
    if (!fs.existsSync(this.dir)) return [];
    return fs
      .readdirSync(this.dir)
      .filter((name) => name.endsWith('.json'))
      .map((name) => this.get(name.slice(0, -5)))
      .filter((r): r is SnapshotRecord => r !== undefined)
      .sort((a, b) => b.start - a.start);
  }

  get(id: string): SnapshotRecord | undefined {
    if (!ID.test(id)) return undefined;
    try {
      const record = JSON.parse(fs.readFileSync(path.join(this.dir, `${id}.json`), 'utf8')) as SnapshotRecord;
      return record.id === id && fs.existsSync(this.pathOf(record.file)) ? record : undefined;
    } catch {
      return undefined;
    }
  }

  taken(id: string): boolean {
    return fs.existsSync(path.join(this.dir, `${id}.json`));
  }

  /** Moves the finished copy into place and writes its record. */
  finish(partial: string, record: SnapshotRecord): void {
    if (partial !== this.pathOf(record.file)) fs.renameSync(partial, this.pathOf(record.file));
    fs.writeFileSync(path.join(this.dir, `${record.id}.json`), JSON.stringify(record));
  }

  remove(record: SnapshotRecord): void {
    fs.rmSync(path.join(this.dir, `${record.id}.json`), { force: true });
    fs.rmSync(this.pathOf(record.file), { force: true });
  }
}
