/**
 * Answers worked out from the database, kept while the state they were read at holds (issue 19). The
 * state is a token that triggers replace with every write to what the answer reads (migration 0037), so a
 * kept answer is right for as long as its token is the database's, whatever process wrote: a worker that
 * indexes a download replaces it as the API process does.
 *
 * The token is read before the answer, so an answer is as new as its token or newer (a write between the
 * two reads moves the token, and the next call reads afresh). Answers asked at the same state while one is
 * being read share that read. One entry per key: a new state replaces the old.
 */
export class KeptAnswers {
  private readonly entries = new Map<string, { state: string; answer: unknown }>();
  private readonly reading = new Map<string, Promise<unknown>>();

  /** The answer kept for `key` at `state`, else what `read` gives (then kept). */
  async answer<T>(key: string, state: string, read: () => Promise<T>): Promise<T> {
    const kept = this.entries.get(key);
    if (kept?.state === state) return kept.answer as T;
    const readingKey = `${state} ${key}`;
    let reading = this.reading.get(readingKey) as Promise<T> | undefined;
    if (!reading) {
      reading = read()
        .then((answer) => {
          this.entries.set(key, { state, answer });
          return answer;
        })
        .finally(() => this.reading.delete(readingKey));
      this.reading.set(readingKey, reading);
    }
    return reading;
  }
}
