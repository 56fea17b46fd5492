import type { Kysely } from 'kysely';
import type { Database, NewUserRow, UserRow, UserRowUpdate } from '../db/tables.ts';

export class UserRepository {
  constructor(private readonly db: Kysely<Database>) {}

  findById(id: number): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /**
   * The user an API token belongs to, in one query (a token client's every request asks this: one round
   * trip rather than two matters on PostgreSQL, where each query is a socket write and a wait).
   */
  findByToken(key: string): Promise<UserRow | undefined> {
    return this.db
      .selectFrom('api_tokens')
      .innerJoin('users', 'users.id', 'api_tokens.user_id')
      .selectAll('users')
      .where('api_tokens.key', '=', key)
      .executeTakeFirst();
  }

  /** The user a session belongs to and when the session ends, in one query (as findByToken). */
  findBySession(keyHash: string): Promise<(UserRow & { session_expires_at: number }) | undefined> {
    return this.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .selectAll('users')
      .select('sessions.expires_at as session_expires_at')
      .where('sessions.key_hash', '=', keyHash)
      .executeTakeFirst();
  }

  findByUsername(username: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst();
  }

  list(): Promise<UserRow[]> {
    return this.db.selectFrom('users').selectAll().orderBy('id').execute();
  }

  async count(): Promise<number> {
    const row = await this.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async countActiveSuperusers(): Promise<number> {
    const row = await this.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('is_superuser', '=', 1)
      .where('is_active', '=', 1)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async insert(user: NewUserRow): Promise<UserRow> {
    return this.db.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow();
  }

  async update(id: number, changes: UserRowUpdate): Promise<void> {
    await this.db.updateTable('users').set(changes).where('id', '=', id).execute();
  }

  async delete(id: number): Promise<boolean> {
    const result = await this.db.deleteFrom('users').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
