import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DownloadQueueRepository,
  type NewQueueItem,
  type QueueFilter,
} from '../src/repositories/download-queue.repository.ts';
import { createTestDatabase, ENGINES, type TestDatabase } from './helpers/database.ts';

const CHANNELS = ['UCa', 'UCb', 'UCc'];
const TYPES = ['videos', 'shorts', 'streams'] as const;

/** Every filter a Downloads page or a download run counts with, kept or not. */
const FILTERS: QueueFilter[] = [
  {},
  { status: 'pending' },
  { status: 'ignore' },
  { status: 'pending', error: false },
  { status: 'pending', error: true },
  { status: 'pending', error: false, autoStart: true },
  { status: 'pending', vidType: 'shorts' },
  ...CHANNELS.map((channelId) => ({ status: 'pending' as const, channelId })),
  { channelId: 'UCb', vidType: 'streams', error: true },
  { status: 'pending', titlePhrase: 'video 1' },
];

const item = (i: number): NewQueueItem => ({
  youtube_id: `v${String(i).padStart(10, '0')}`,
  title: `Video ${i}`,
  channel_id: CHANNELS[i % 3]!,
  channel_name: `Channel ${i % 3}`,
  vid_thumb_url: null,
  vid_type: TYPES[i % 3]!,
  published: null,
  duration: 60,
  message: null,
  auto_start: 0,
  timestamp: 1_700_000_000_000 + i,
  status: 'pending',
});

/** What the queue's writers do to it, one statement each, as the services send them. */
const operation = fc.oneof(
  fc.record({ kind: fc.constant('add' as const), from: fc.nat(60), count: fc.integer({ min: 1, max: 8 }) }),
  fc.record({ kind: fc.constant('fail' as const), id: fc.nat(60) }),
  fc.record({ kind: fc.constant('clear' as const), id: fc.nat(60) }),
  fc.record({ kind: fc.constant('ignore' as const), id: fc.nat(60) }),
  fc.record({ kind: fc.constant('priority' as const), id: fc.nat(60) }),
  fc.record({ kind: fc.constant('delete' as const), id: fc.nat(60) }),
  fc.record({
    kind: fc.constant('empty' as const),
    status: fc.constantFrom('pending' as const, 'ignore' as const),
  }),
  fc.record({ kind: fc.constant('resetAuto' as const) }),
);
type Operation = typeof operation extends fc.Arbitrary<infer T> ? T : never;

/**
 * Issue 18 point 7: the Downloads page's totals and its channel filter's counts come from counts kept by
 * triggers (migrations 0024, 0033), so they must equal a real count after any sequence of queue writes;
 * so must the totals SQLite keeps until the database changes (title words). Random sequences (fast-check, 20 by default, more with TK_FUZZ_CASES).
 */
describe.each(ENGINES)('download queue totals on %s', (engine) => {
  let db: TestDatabase;
  let repo: DownloadQueueRepository;

  beforeAll(async () => {
    db = await createTestDatabase(engine);
    repo = new DownloadQueueRepository(db.db, engine);
  });
  afterAll(async () => {
    await db.cleanup();
  });

  const id = (i: number) => item(i).youtube_id;
  const apply = async (op: Operation) => {
    if (op.kind === 'add')
      await repo.insertMany(Array.from({ length: op.count }, (_, k) => item(op.from + k)));
    if (op.kind === 'fail') await repo.update(id(op.id), { message: 'failed' });
    if (op.kind === 'clear') await repo.update(id(op.id), { message: null });
    if (op.kind === 'ignore') await repo.update(id(op.id), { status: 'ignore' });
    if (op.kind === 'priority') await repo.update(id(op.id), { auto_start: 1 });
    if (op.kind === 'delete') await repo.delete(id(op.id));
    if (op.kind === 'empty') await repo.deleteMatching({ status: op.status });
    if (op.kind === 'resetAuto') await repo.updateMatching({ autoStart: true }, { auto_start: 0 });
  };
  /** The same filter counted row by row, past any kept total. */
  const counted = async (filter: QueueFilter) => (await repo.list(filter, 1_000_000, 0)).length;
  /** The channel filter's counts grouped row by row, most first, then by name. */
  const grouped = async (filter: QueueFilter) => {
    const byChannel = new Map<string, { channel_id: string; channel_name: string; count: number }>();
    for (const row of await repo.list(filter, 1_000_000, 0)) {
      const entry = byChannel.get(row.channel_id) ?? { ...row, count: 0 };
      byChannel.set(row.channel_id, {
        channel_id: row.channel_id,
        channel_name: row.channel_name,
        count: entry.count + 1,
      });
    }
    return [...byChannel.values()].sort(
      (a, b) => b.count - a.count || (a.channel_name < b.channel_name ? -1 : 1),
    );
  };

  it('equals a real count for every filter after any sequence of queue writes', async () => {
    // as many sequences per 150 route-fuzz cases (TK_FUZZ_CASES, default 3000: 20 sequences)
    const runs = Math.max(20, Math.round(Number(process.env.TK_FUZZ_CASES ?? 3000) / 150));
    let checks = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 12 }), async (ops) => {
        await repo.deleteMatching({});
        for (const op of ops) {
          await apply(op);
          for (const filter of FILTERS) {
            expect({ filter, total: await repo.count(filter) }).toEqual({
              filter,
              total: await counted(filter),
            });
            checks += 1;
          }
          for (const filter of [{}, { status: 'pending' as const }, { status: 'ignore' as const }]) {
            expect({ filter, channels: await repo.channelCounts(filter) }).toEqual({
              filter,
              channels: await grouped(filter),
            });
            checks += 1;
          }
        }
      }),
      { numRuns: runs },
    );
    console.log(`queue-counts (${engine}): ${runs} random sequences, ${checks} totals checked`);
  }, 120_000);
});
