import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.ts';

export class SessionRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(keyHash: string, userId: number, createdAt: number, expiresAt: number): Promise<void> {
    await this.db
      .insertInto('sessions')
      .values({ key_hash: keyHash, user_id: userId, created_at: createdAt, expires_at: expiresAt })
      .execute();
  }

  async delete(keyHash: string): Promise<void> {
    await this.db.deleteFrom('sessions').where('key_hash', '=', keyHash).execute();
  }

  /** Every session of the user, except the one with `keepKeyHash` when given. */
  async deleteForUser(userId: number, keepKeyHash?: string): Promise<void> {
    let query = this.db.deleteFrom('sessions').where('user_id', '=', userId);
    if (keepKeyHash !== undefined) query = query.where('key_hash', '!=', keepKeyHash);
    await query.execute();
  }

  async deleteExpired(now: number): Promise<number> {
    const result = await this.db.deleteFrom('sessions').where('expires_at', '<=', now).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
