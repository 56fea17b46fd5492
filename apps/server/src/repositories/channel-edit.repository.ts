import type { Kysely } from 'kysely';
import type { Engine } from '../db/dialect.ts';
import type { Database } from '../db/tables.ts';

export interface ChannelEdit {
  subscribed?: boolean;
  /** the next overwrites object from the stored one (the rule lives in the service) */
  overwrites?: (stored: Record<string, unknown>) => Record<string, unknown>;
}

/** Channel settings writes: the subscribed flag and the overwrites JSON, read and written under a lock. */
export class ChannelEditRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly engine: Engine,
  ) {}

  /** Applies the edit; false when the channel does not exist. */
  async apply(channelId: string, edit: ChannelEdit): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      // PostgreSQL: lock the row so two overwrite edits cannot lose one another; SQLite writes serially.
      const row = await trx
        .selectFrom('channels')
        .select('channel_overwrites')
        .where('channel_id', '=', channelId)
        .$if(this.engine === 'postgres', (q) => q.forUpdate())
        .executeTakeFirst();
      if (!row) return false;
      const changes: { channel_subscribed?: number; channel_overwrites?: string } = {};
      if (edit.subscribed !== undefined) changes.channel_subscribed = edit.subscribed ? 1 : 0;
      if (edit.overwrites)
        changes.channel_overwrites = JSON.stringify(edit.overwrites(parse(row.channel_overwrites)));
      if (Object.keys(changes).length > 0) {
        await trx.updateTable('channels').set(changes).where('channel_id', '=', channelId).execute();
      }
      return true;
    });
  }
}

function parse(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}
