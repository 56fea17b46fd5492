import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSqlite, type DatabaseHandle } from '../src/db/dialect.ts';
import { migrateToLatest } from '../src/db/migrator.ts';
import { EmbeddedJobQueue } from '../src/jobs/embedded-job-queue.ts';
import { TaskRepository } from '../src/repositories/task.repository.ts';
import { TaskRecordService } from '../src/services/task-record.service.ts';
import { waitFor } from './helpers/acquisition.ts';
import { mountSmallDisk, type SmallDisk } from './helpers/small-disk.ts';

const disk = mountSmallDisk(16);
if (typeof disk === 'string') console.log(`task-disk-full: skipped, ${disk}`);

/**
 * Issue 18 point 6: the database's disk fills up while a locked task runs. The run fails for a reason
 * outside itself: it must end as FAILURE with the real cause (not "cannot rollback - no transaction is
 * active") and free its lock, so the task can be started again, once the disk has room for the record.
 */
describe.skipIf(typeof disk === 'string')('a task whose database disk fills up (sqlite)', () => {
  const small = disk as SmallDisk;
  let handle: DatabaseHandle;
  let jobs: EmbeddedJobQueue;
  let tasks: TaskRepository;

  beforeAll(async () => {
    handle = openSqlite(path.join(small.dir, 'tubekeeper.db'));
    await migrateToLatest(handle.db, handle.engine);
    await sql`create table filler (body text)`.execute(handle.db);
    tasks = new TaskRepository(handle.db);
    jobs = new EmbeddedJobQueue(new TaskRecordService(tasks));
  });
  afterAll(async () => {
    await jobs.close();
    await handle.close();
    small.unmount();
  });

  it('ends as FAILURE with the disk-full cause and frees its lock once the record can be written', async () => {
    let cause = '';
    jobs.register('download_pending', async () => {
      small.fill(0);
      try {
        // an archive write as a download's commit does it: one transaction
        await handle.db.transaction().execute(async (trx) => {
          for (let i = 0; i < 50; i++)
            await trx
              .insertInto('filler' as never)
              .values({ body: 'x'.repeat(100_000) } as never)
              .execute();
        });
      } catch (error) {
        cause = (error as Error).message;
        throw error;
      }
      return 'done';
    });
    const id = await jobs.enqueue('download_pending', {});
    await waitFor(async () => cause !== '', 15_000, 'the write to fail');
    expect(cause).toBe('database or disk is full');
    // the disk is still full: the run's end cannot be written yet, and a second start is refused
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await tasks.get(id))?.status).toBe('running');
    await expect(jobs.enqueue('download_pending', {})).rejects.toThrow(/already running/);
    small.free();
    const task = await waitFor(
      async () => {
        const row = await tasks.get(id);
        return row?.status === 'failed' ? row : undefined;
      },
      15_000,
      'the run to be recorded as failed',
    );
    expect([task.result, task.lock_key]).toEqual(['database or disk is full', null]);
    const again = await jobs.enqueue('download_pending', {});
    expect(again).not.toBe(id);
  }, 30_000);
});
