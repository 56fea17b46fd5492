import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SettingsRepository } from '../src/repositories/settings.repository.ts';
import { SnapshotStore } from '../src/repositories/snapshot-store.repository.ts';
import { SnapshotService } from '../src/services/backup/snapshot.service.ts';
import { createTestDatabase, ENGINES, type TestDatabase } from './helpers/database.ts';

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
      claimSlot: () => Promise.reject(new Error('not claimed here')),
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

/** Several API processes (scale-out) each run the daily snapshot's timer: the slot is taken once. */
describe.each(ENGINES)('the daily snapshot slot on %s', (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(async () => {
    await database.cleanup();
  });

  it('is taken by one of two processes sharing the database, and the next day by one again', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tk-snapshots-'));
    const settings = new SettingsRepository(database.db);
    const started: string[] = [];
    let now = NOW + 3_600_000; // 13:00: the 12:00 slot passed with no snapshot taken
    const processes = ['api-1', 'api-2'].map(
      (name) =>
        new SnapshotService({
          store: new SnapshotStore(dir),
          database: undefined as never,
          backups: undefined as never,
          timeZone: 'UTC',
          now: () => now,
          startTask: async () => {
            started.push(name);
            return { task_id: name, status: 'PENDING' };
          },
          claimSlot: (slot) => settings.claimValue('snapshot:daily_slot', slot),
        }),
    );
    try {
      for (const p of processes) p.startDaily((error) => expect.fail(String(error)));
      await vi.waitFor(() => expect(started).toHaveLength(1));
      // the other process's claim was answered too: still one start
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(started).toHaveLength(1);
      for (const p of processes) p.stopDaily();

      // a day later (still no snapshot on disk) both start again: the new slot is taken once more
      now += DAY;
      for (const p of processes) p.startDaily((error) => expect.fail(String(error)));
      await vi.waitFor(() => expect(started).toHaveLength(2));
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(started).toHaveLength(2);
      for (const p of processes) p.stopDaily();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
