import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SnapshotStore } from '../src/repositories/snapshot-store.repository.ts';
import { SnapshotService } from '../src/services/backup/snapshot.service.ts';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 5, 15, 12);

/** Upstream's retention (§4.5): expire after 30 days, but keep at least the newest 5 and at most 50. */
describe('snapshot retention', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  /** A folder of finished snapshots taken `ages` days ago; returns the service over it. */
  function folderWith(ages: number[]) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tk-snapshots-'));
    dirs.push(dir);
    const store = new SnapshotStore(dir);
    ages.forEach((age, n) => {
      const at = NOW - age * DAY - n * 1000;
      const id = `ta_daily_${new Date(at).toISOString().slice(0, 10).replaceAll('-', '')}-${String(n).padStart(6, '0')}`;
      fs.writeFileSync(store.pathOf(`${id}.sqlite`), 'copy');
      store.finish(store.pathOf(`${id}.sqlite`), {
        id,
        engine: 'sqlite',
        file: `${id}.sqlite`,
        start: at,
        end: at,
      });
    });
    // only expire() and list() are used here: they read the folder and the clock
    const service = new SnapshotService({
      store,
      database: undefined as never,
      backups: undefined as never,
      timeZone: 'UTC',
      now: () => NOW,
      startTask: () => Promise.reject(new Error('not started here')),
    });
    return { service, dir };
  }

  it('removes snapshots older than 30 days while at least 5 newer ones remain', () => {
    const { service, dir } = folderWith([1, 2, 3, 4, 5, 6, 31, 40, 90]);
    expect(service.expire()).toHaveLength(3);
    expect(service.list().snapshots).toHaveLength(6);
    // the data files went with their records
    expect(fs.readdirSync(dir).filter((f) => f.endsWith('.sqlite'))).toHaveLength(6);
  });

  it('keeps the newest 5 even when they are all older than 30 days', () => {
    const { service } = folderWith([35, 40, 45, 50, 55, 60, 65]);
    expect(service.expire()).toHaveLength(2);
    expect(service.list().snapshots.map((s) => s.start_date)).toEqual(
      [35, 40, 45, 50, 55].map((age, n) =>
        new Date(NOW - age * DAY - n * 1000).toISOString().slice(0, 16).replace('T', ' '),
      ),
    );
  });

  it('never keeps more than 50', () => {
    const { service } = folderWith(Array.from({ length: 55 }, (_, n) => n / 10));
    expect(service.expire()).toHaveLength(5);
    expect(service.list().snapshots).toHaveLength(50);
  });
});
