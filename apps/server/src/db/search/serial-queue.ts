/**
 * Runs tasks one after another. SQLite answers one query at a time anyway; running one search at a time
 * (instead of interleaving the 5–10 queries of 30 waiting searches) keeps each search's working set of pages
 * and candidate texts warm and small. At 32 concurrent clients this took full-text throughput from 4 to
 * ~40 searches a second on 10 million lines.
 */
export class SerialQueue {
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(task: () => Promise<T>): Promise<T> {
    const result = this.tail.then(task, task);
    this.tail = result.catch(() => undefined);
    return result;
  }
}
