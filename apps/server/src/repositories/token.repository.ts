import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.ts';

export class TokenRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async findKeyForUser(userId: number): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('api_tokens')
      .select('key')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row?.key;
  }

  async insert(userId: number, key: string, createdAt: number): Promise<void> {
    await this.db.insertInto('api_tokens').values({ user_id: userId, key, created_at: createdAt }).execute();
  }

  async deleteForUser(userId: number): Promise<void> {
    await this.db.deleteFrom('api_tokens').where('user_id', '=', userId).execute();
  }
}
