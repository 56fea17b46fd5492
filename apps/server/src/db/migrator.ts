/* eslint-disable @typescript-eslint/no-explicit-any -- a migration sees the schema of its own time, not the current types */
import { Migrator, sql, type Kysely, type Migration } from 'kysely';
import type { Engine } from './dialect.ts';
import * as m0001 from './migrations/0001_accounts.ts';
import * as m0002 from './migrations/0002_archive.ts';
import * as m0003 from './migrations/0003_task_lock.ts';
import * as m0004 from './migrations/0004_search.ts';
import * as m0005 from './migrations/0005_video_sort_indexes.ts';
import * as m0006 from './migrations/0006_search_triggers.ts';
import * as m0007 from './migrations/0007_reindex_queue.ts';
import * as m0008 from './migrations/0008_download_blocklist.ts';
import * as m0009 from './migrations/0009_subtitle_word_pairs.ts';
import * as m0010 from './migrations/0010_video_list_covering.ts';
import * as m0011 from './migrations/0011_schedules.ts';
import * as m0012 from './migrations/0012_stats_totals.ts';
import * as m0013 from './migrations/0013_download_claims.ts';
import * as m0015 from './migrations/0015_queue_diagnosis.ts';
import * as m0017 from './migrations/0017_queue_additions.ts';
import * as m0020 from './migrations/0020_stats_totals_rework.ts';
import * as m0021 from './migrations/0021_websub_subscriptions.ts';
import * as m0022 from './migrations/0022_subscription_health.ts';
import * as m0023 from './migrations/0023_queue_addition_holds.ts';
import * as m0024 from './migrations/0024_queue_count_totals.ts';
import * as m0026 from './migrations/0026_feed_checks.ts';
import * as m0027 from './migrations/0027_video_list_version.ts';
import * as m0028 from './migrations/0028_feed_check_left_out.ts';
import * as m0029 from './migrations/0029_subscription_scan_error.ts';
import * as m0030 from './migrations/0030_per_user_watched.ts';
import * as m0031 from './migrations/0031_login_failures.ts';
import * as m0032 from './migrations/0032_search_pending_list.ts';
import * as m0033 from './migrations/0033_queue_count_totals_sqlite.ts';
import * as m0034 from './migrations/0034_subscription_flag_totals.ts';
import * as m0035 from './migrations/0035_fts_usermerge.ts';
import * as m0036 from './migrations/0036_postgres_word_pairs.ts';
import * as m0037 from './migrations/0037_video_page_tokens.ts';
import * as m0038 from './migrations/0038_marks_leave_list_version.ts';
import * as m0039 from './migrations/0039_player_changes.ts';
import * as m0040 from './migrations/0040_word_pair_keys_cost.ts';
import * as m0041 from './migrations/0041_search_gin_direct.ts';
import * as m0042 from './migrations/0042_subtitle_words.ts';

type EngineMigration = { up(db: Kysely<any>, engine: Engine): Promise<void> };

/** Every migration, in order. Names are stored in kysely_migration; never rename one that has shipped. */
const MIGRATIONS: Record<string, EngineMigration> = {
  '0001_accounts': m0001,
  '0002_archive': m0002,
  '0003_task_lock': m0003,
  '0004_search': m0004,
  '0005_video_sort_indexes': m0005,
  '0006_search_triggers': m0006,
  '0007_reindex_queue': m0007,
  '0008_download_blocklist': m0008,
  '0009_subtitle_word_pairs': m0009,
  '0010_video_list_covering': m0010,
  '0011_schedules': m0011,
  '0012_stats_totals': m0012,
  '0013_download_claims': m0013,
  '0015_queue_diagnosis': m0015,
  '0017_queue_additions': m0017,
  '0020_stats_totals_rework': m0020,
  '0021_websub_subscriptions': m0021,
  '0022_subscription_health': m0022,
  '0023_queue_addition_holds': m0023,
  '0024_queue_count_totals': m0024,
  '0026_feed_checks': m0026,
  '0027_video_list_version': m0027,
  '0028_feed_check_left_out': m0028,
  '0029_subscription_scan_error': m0029,
  '0030_per_user_watched': m0030,
  '0031_login_failures': m0031,
  '0032_search_pending_list': m0032,
  '0033_queue_count_totals_sqlite': m0033,
  '0034_subscription_flag_totals': m0034,
  '0035_fts_usermerge': m0035,
  '0036_postgres_word_pairs': m0036,
  '0037_video_page_tokens': m0037,
  '0038_marks_leave_list_version': m0038,
  '0039_player_changes': m0039,
  '0040_word_pair_keys_cost': m0040,
  '0041_search_gin_direct': m0041,
  '0042_subtitle_words': m0042,
};

export async function migrateToLatest(db: Kysely<any>, engine: Engine): Promise<string[]> {
  const migrator = await migratorFor(db, engine);
  // the migrator takes its lock with a write; an up-to-date database is only read, so a server whose disk
  // is full still starts (read-only, issue 18)
  return retryWhileSchemasVanish(async () => {
    if ((await migrator.getMigrations()).every((m) => m.executedAt)) return [];
    const { error, results } = await migrator.migrateToLatest();
    if (error) throw error instanceof Error ? error : new Error(String(error));
    return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
  });
}

/**
 * Kysely finds its tables by listing the tables of every schema, checking `has_schema_privilege` on each;
 * a schema dropped between the catalogue scan and that check (another test file's, another tenant's)
 * fails the listing with "schema … does not exist" (3F000), although ours is fine. Listing again is safe:
 * nothing was written yet when it fails there.
 */
async function retryWhileSchemasVanish<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= 3 || (error as { code?: string }).code !== '3F000') throw error;
    }
  }
}

/** Runs the migrations up to and including `name`: a migration's test starts from the database before it. */
export async function migrateUpTo(db: Kysely<any>, engine: Engine, name: string): Promise<void> {
  if (!(name in MIGRATIONS)) throw new Error(`no migration named ${name}`);
  const { error } = await (await migratorFor(db, engine)).migrateTo(name);
  if (error) throw error instanceof Error ? error : new Error(String(error));
}

async function migratorFor(db: Kysely<any>, engine: Engine): Promise<Migrator> {
  const migrations: Record<string, Migration> = Object.fromEntries(
    Object.entries(MIGRATIONS).map(([name, m]) => [name, { up: (d: Kysely<any>) => m.up(d, engine) }]),
  );
  // Kysely looks for its own tables in every schema unless told which one: another schema's tables (a
  // parallel test file, a crashed run) would make it skip creating them here.
  const migrationTableSchema =
    engine === 'postgres'
      ? (await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(db)).rows[0]?.schema
      : undefined;
  return new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    // numbers are handed out per issue and land in any order (0012 before 0011): a database that already
    // ran a later one still takes the earlier one instead of refusing to start
    allowUnorderedMigrations: true,
    ...(migrationTableSchema ? { migrationTableSchema } : {}),
  });
}
