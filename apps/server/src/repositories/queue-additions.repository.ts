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
