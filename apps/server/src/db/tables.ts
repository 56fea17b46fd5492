import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/**
 * Column conventions, the same on both engines: times are epoch milliseconds (bigint),
 * flags are integers 0/1, structured values are JSON text.
 */
export interface UsersTable {
  id: Generated<number>;
  username: string;
  password_hash: string;
  is_staff: number;
  is_superuser: number;
  is_active: number;
  date_joined: number;
  last_login: number | null;
}

export interface SessionsTable {
  /** sha256 of the cookie value, so a leaked database does not leak live sessions. */
  key_hash: string;
  user_id: number;
  created_at: number;
  expires_at: number;
}

export interface ApiTokensTable {
  key: string;
  user_id: number;
  created_at: number;
}

export interface UserConfigsTable {
  user_id: number;
  config: string;
}

export interface AppSettingsTable {
  key: string;
  value: string;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  api_tokens: ApiTokensTable;
  user_configs: UserConfigsTable;
  app_settings: AppSettingsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type UserRowUpdate = Updateable<UsersTable>;
