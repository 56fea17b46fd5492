/* eslint-disable @typescript-eslint/no-explicit-any -- a migration sees the schema of its own time, not the current types */
import { sql, type Kysely } from 'kysely';
import type { Engine } from '../dialect.ts';

/**
 * Issue 19: a watched mark no longer moves `video_list_version` (0030 made it). The version drops the kept
 * keyset anchors of the lists it covers (repositories/video-list-anchors.ts), and a mark moved it for every
 * list of every user: one person marking videos made everyone's deep pages find their anchors again
 * (measured: 10 ms of server CPU a page, p95 264 ms, at a mark every 100 ms). A list of one user's marks now
 * also checks that user's token (0037), which their marks and positions replace.
 */
const SQLITE = ['DROP TRIGGER video_watches_list_version_ai', 'DROP TRIGGER video_watches_list_version_ad'];
const POSTGRES = ['DROP TRIGGER video_watches_list_version ON video_watches'];

export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  for (const statement of engine === 'postgres' ? POSTGRES : SQLITE) await sql.raw(statement).execute(db);
}
