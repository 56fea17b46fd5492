import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.ts';

/** JSON documents: one per user (user config) and one per key (application settings). */
export class SettingsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async getUserConfig(userId: number): Promise<unknown> {
    const row = await this.db
      .selectFrom('user_configs')
      .select('config')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row ? JSON.parse(row.config) : undefined;
  }

  async putUserConfig(userId: number, config: unknown): Promise<void> {
    const value = JSON.stringify(config);
    await this.db
      .insertInto('user_configs')
      .values({ user_id: userId, config: value })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ config: value }))
      .execute();
  }

  async getAppSetting(key: string): Promise<unknown> {
    const row = await this.db
      .selectFrom('app_settings')
      .select('value')
      .where('key', '=', key)
      .executeTakeFirst();
    return row ? JSON.parse(row.value) : undefined;
  }

  async putAppSetting(key: string, value: unknown): Promise<void> {
    const text = JSON.stringify(value);
    await this.db
      .insertInto('app_settings')
      .values({ key, value: text })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: text }))
      .execute();
  }

  /**
   * Moves the setting `key` to `value` unless it holds it already: true for exactly one caller per value,
   * whichever process asks (a compare-and-set in the database), so a daily slot is taken once.
   */
  async claimValue(key: string, value: string | number): Promise<boolean> {
    const text = JSON.stringify(value);
    await this.db
      .insertInto('app_settings')
      .values({ key, value: 'null' })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
    const result = await this.db
      .updateTable('app_settings')
      .set({ value: text })
      .where('key', '=', key)
      .where('value', '<>', text)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }
}
