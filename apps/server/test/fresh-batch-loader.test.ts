// The token reads of video list pages are batched so that requests arriving together share one statement,
// and yet each is answered by a read that started after it asked (repositories/fresh-batch-loader.ts): a
// request must see every write committed before it, as with a read of its own.
import { describe, expect, it } from 'vitest';
import { freshBatchLoader } from '../src/repositories/fresh-batch-loader.ts';

/** A read whose batches are answered when the test says, each recording the keys it was asked for. */
function heldReads() {
  const batches: { keys: number[]; answer: () => void; fail: () => void }[] = [];
  let version = 0;
  const loader = freshBatchLoader<number, string>(
    (keys) =>
      new Promise((resolve, reject) => {
        const seen = version; // what this read sees: the writes made before it started
        batches.push({
          keys: [...keys],
          answer: () => resolve(keys.map((k) => `${k}@${seen}`)),
          fail: () => reject(new Error('read failed')),
        });
      }),
  );
  const write = () => version++;
  const settle = () => new Promise((resolve) => setImmediate(resolve));
  return { loader, batches, write, settle };
}

describe('freshBatchLoader', () => {
  it('answers the loads of one tick with one read, each its own value', async () => {
    const { loader, batches, settle } = heldReads();
    const answers = Promise.all([loader.load(1), loader.load(2), loader.load(1)]);
    await settle();
    expect(batches.map((b) => b.keys)).toEqual([[1, 2, 1]]);
    batches[0]!.answer();
    expect(await answers).toEqual(['1@0', '2@0', '1@0']);
  });

  it('answers a load made while a read is out with a read started after it, which sees the writes before it', async () => {
    const { loader, batches, write, settle } = heldReads();
    const first = loader.load(1);
    await settle();
    write(); // committed after the first read started, before the next loads
    const second = loader.load(1);
    const third = loader.load(2);
    await settle();
    expect(batches).toHaveLength(1); // they wait for the read that is out
    batches[0]!.answer();
    expect(await first).toBe('1@0');
    await settle();
    expect(batches.map((b) => b.keys)).toEqual([[1], [1, 2]]);
    batches[1]!.answer();
    expect(await Promise.all([second, third])).toEqual(['1@1', '2@1']);
  });

  it('gathers every load made while one read is out into the next read', async () => {
    const { loader, batches, settle } = heldReads();
    void loader.load(0);
    await settle();
    const waiting = [1, 2, 3].map(async (key) => {
      await new Promise((resolve) => setTimeout(resolve, key));
      return loader.load(key);
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    batches[0]!.answer();
    await settle();
    expect(batches.map((b) => b.keys)).toEqual([[0], [1, 2, 3]]);
    batches[1]!.answer();
    expect(await Promise.all(waiting)).toEqual(['1@0', '2@0', '3@0']);
  });

  it("fails a failed read's loads only, and reads again for the next", async () => {
    const { loader, batches, settle } = heldReads();
    const failing = loader.load(1);
    await settle();
    const next = loader.load(2);
    batches[0]!.fail();
    await expect(failing).rejects.toThrow('read failed');
    await settle();
    expect(batches.map((b) => b.keys)).toEqual([[1], [2]]);
    batches[1]!.answer();
    expect(await next).toBe('2@0');
  });
});
