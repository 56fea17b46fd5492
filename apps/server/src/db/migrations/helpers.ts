import type { CreateTableBuilder } from 'kysely';
import type { Engine } from '../dialect.ts';

/** An auto-increment integer primary key named `id`, spelled the way each engine wants it. */
export function idColumn<T extends string>(table: CreateTableBuilder<T, never>, engine: Engine) {
  return engine === 'postgres'
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}
