import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.ts';

export interface AdditionOptions {
  auto_start: boolean;
  flat?: boolean;
  force?: boolean;
}

export interface AdditionLine {
  line: number;
  input: string;
  status: 'pending' | 'ignore';
}

/** Lines per INSERT: far below the bound-parameter limits of both engines. */
const CHUNK = 500;

/**
 * The lines of queue adds that are accepted but not yet resolved into queue rows (migration 0017). One
 * batch per `POST /api/download/`; its lines share the request's options.
 */
export class QueueAdditionsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Writes a batch in one transaction: either every line is kept or the request fails. */
  async add(batch: string, lines: AdditionLine[], options: AdditionOptions, now: number): Promise<void> {
    const rows = lines.map((l) => ({ batch, ...l, options: JSON.stringify(options), created_at: now }));
    await this.db.transaction().execute(async (trx) => {
      for (let i = 0; i < rows.length; i += CHUNK)
        await trx
          .insertInto('queue_additions')
          .values(rows.slice(i, i + CHUNK))
          .execute();
    });
  }

  async lines(batch: string): Promise<{ lines: AdditionLine[]; options: AdditionOptions | undefined }> {
    const rows = await this.db
      .selectFrom('queue_additions')
      .select(['line', 'input', 'status', 'options'])
      .where('batch', '=', batch)
      .orderBy('line')
      .execute();
    return {
      lines: rows.map(({ line, input, status }) => ({ line, input, status })),
      options: rows[0] ? (JSON.parse(rows[0].options) as AdditionOptions) : undefined,
    };
  }

  /** Lines that are resolved (queued, skipped or reported as failed). */
  async remove(batch: string, lines: number[]): Promise<void> {
    for (let i = 0; i < lines.length; i += CHUNK)
      await this.db
        .deleteFrom('queue_additions')
        .where('batch', '=', batch)
        .where('line', 'in', lines.slice(i, i + CHUNK))
        .execute();
  }

  async removeBatch(batch: string): Promise<void> {
    await this.db.deleteFrom('queue_additions').where('batch', '=', batch).execute();
  }

  /**
   * Marks the lines a run left unresolved as held: yt-dlp or the network stopped it, and a later add,
   * download run or start takes them up (`claimHeld`). Returns how many lines are kept.
   */
  async hold(batch: string, now: number): Promise<number> {
    const result = await this.db
      .updateTable('queue_additions')
      .set({ held_at: now })
      .where('batch', '=', batch)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** Batches whose run stopped on a yt-dlp or network failure, oldest first. */
  async heldBatches(): Promise<string[]> {
    const rows = await this.db
      .selectFrom('queue_additions')
      .select('batch')
      .select((eb) => eb.fn.min('created_at').as('first'))
      .where('held_at', 'is not', null)
      .groupBy('batch')
      .orderBy('first')
      .execute();
    return rows.map((r) => r.batch);
  }

  /**
   * Takes a batch out of hold for a new run; false when there was nothing held (another process, or an
   * add at the same moment, took it): one statement, so only one of them starts a run for it.
   */
  async claimHeld(batch: string): Promise<boolean> {
    const result = await this.db
      .updateTable('queue_additions')
      .set({ held_at: null })
      .where('batch', '=', batch)
      .where('held_at', 'is not', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Every batch with lines left, oldest first. */
  async batches(): Promise<string[]> {
    const rows = await this.db
      .selectFrom('queue_additions')
      .select('batch')
      .select((eb) => eb.fn.min('created_at').as('first'))
      .groupBy('batch')
      .orderBy('first')
      .execute();
    return rows.map((r) => r.batch);
  }
}
