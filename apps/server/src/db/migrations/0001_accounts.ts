/* eslint-disable @typescript-eslint/no-explicit-any -- a migration sees the schema of its own time, not the current types */
import type { Kysely } from 'kysely';
import type { Engine } from '../dialect.ts';
import { idColumn } from './helpers.ts';

export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  await idColumn(db.schema.createTable('users'), engine)
    .addColumn('username', 'varchar(150)', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('is_staff', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_superuser', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('date_joined', 'bigint', (c) => c.notNull())
    .addColumn('last_login', 'bigint')
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('key_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();
  await db.schema.createIndex('sessions_expires_idx').on('sessions').column('expires_at').execute();

  await db.schema
    .createTable('api_tokens')
    .addColumn('key', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().unique().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('user_configs')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('config', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('app_settings')
    .addColumn('key', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
}
