// A bench measures the server at rest, so its archive is started without the snapshot the server takes at
// start-up when the newest is older than a day (upstream §4.5). On PostgreSQL that snapshot is a zip of the
// whole archive: at 10 million subtitle lines it ran past the 10 minutes signInForToken waits for start-up
// tasks, and the search bench never measured.
import { SettingsRepository } from '../../apps/server/src/repositories/settings.repository.ts';
import { DAILY_SLOT_SETTING, lastDailySlot } from '../../apps/server/src/services/backup/snapshot.service.ts';
import type { BenchPlace } from './engines.ts';

/**
 * Claims today's daily slot in the archive as if another process had taken its snapshot, so the server
 * starting on it takes none now (the next 12:00 still fires). Call it just before startBundleServer: a slot
 * claimed yesterday does not cover today. The server's zone is the bench's TZ (it inherits the environment).
 */
export async function skipStartupSnapshot(place: BenchPlace): Promise<void> {
  const handle = await place.openMigrated();
  try {
    const slot = lastDailySlot(Date.now(), process.env.TZ ?? 'UTC');
    await new SettingsRepository(handle.db).claimValue(DAILY_SLOT_SETTING, slot);
  } finally {
    await handle.close();
  }
}
