import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.ts';

/** One counter of failed sign-ins: how many, and its time (last attempt, or the start of a window). */
export interface FailureCount {
  failures: number;
  since: number;
}

/**
 * The `login_failures` table (migration 0028): the sign-in throttle's counters, shared by every API
 * process on the database. Each change is one statement that checks what it replaces, so attempts
 * arriving at once in several processes are each counted.
 */
export class LoginFailureRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async read(keys: string[]): Promise<Map<string, FailureCount>> {
    const rows = await this.db
      .selectFrom('login_failures')
      .select(['key', 'failures', 'since'])
      .where('key', 'in', keys)
      .execute();
    return new Map(rows.map((r) => [r.key, { failures: Number(r.failures), since: Number(r.since) }]));
  }

  /**
   * Sets the counter to `next` if it still is `expected` (absent when undefined). False when another
   * attempt changed it first: the caller reads again.
   */
  async replace(key: string, expected: FailureCount | undefined, next: FailureCount): Promise<boolean> {
    if (!expected) {
      const inserted = await this.db
        .insertInto('login_failures')
        .values({ key, ...next })
        .onConflict((oc) => oc.column('key').doNothing())
        .executeTakeFirst();
      return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
    }
    const updated = await this.db
      .updateTable('login_failures')
      .set(next)
      .where('key', '=', key)
      .where('failures', '=', expected.failures)
      .where('since', '=', expected.since)
      .executeTakeFirst();
    return Number(updated.numUpdatedRows) === 1;
  }

  /** Adds one to a counter of the window of `windowMs` starting at its `since`, or starts a new window. */
  async countInWindow(key: string, windowMs: number, now: number): Promise<FailureCount> {
    const expired = now - windowMs;
    const row = await this.db
      .insertInto('login_failures')
      .values({ key, failures: 1, since: now })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet((eb) => ({
          failures: eb
            .case()
            .when('login_failures.since', '<=', expired)
            .then(1)
            .else(eb('login_failures.failures', '+', 1))
            .end(),
          since: eb
            .case()
            .when('login_failures.since', '<=', expired)
            .then(now)
            .else(eb.ref('login_failures.since'))
            .end(),
        })),
      )
      .returning(['failures', 'since'])
      .executeTakeFirstOrThrow();
    return { failures: Number(row.failures), since: Number(row.since) };
  }

  async clear(keys: string[]): Promise<void> {
    await this.db.deleteFrom('login_failures').where('key', 'in', keys).execute();
  }

  /** Removes counters unchanged since `before`. */
  async sweep(before: number): Promise<number> {
    const result = await this.db.deleteFrom('login_failures').where('since', '<', before).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
