import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SettingsRepository } from '../src/repositories/settings.repository.ts';
import { PENDING_UPDATE_REUSE_MS, VersionCheckService } from '../src/services/version-check.service.ts';
import { createTestDatabase, ENGINES, type TestDatabase } from './helpers/database.ts';

/**
 * `/api/ping/`'s `ta_update` (upstream §9): the release recorded under `versioncheck:new`, newer than this
 * build. It is read once per PENDING_UPDATE_REUSE_MS (issue 19: the ping's round trip).
 */
describe.each(ENGINES)('the pending update the ping reports, on %s', (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(() => database.cleanup());

  it('shows a release recorded by another process within the window, one recorded here at once', async () => {
    let clock = 1_000_000;
    const check = new VersionCheckService(new SettingsRepository(database.db), () => clock);
    // another process: its own service over the same database
    const elsewhere = new SettingsRepository(database.db);
    expect(await check.pendingUpdate()).toBeNull();

    await elsewhere.putAppSetting('versioncheck:new', { status: true, version: 'v9.1.0', is_breaking: true });
    clock += PENDING_UPDATE_REUSE_MS - 1;
    expect(await check.pendingUpdate()).toBeNull(); // still the read of a moment ago
    clock += 1;
    expect(await check.pendingUpdate()).toEqual({ status: true, version: 'v9.1.0', is_breaking: true });

    await check.recordRelease('v9.2.0', false);
    expect(await check.pendingUpdate()).toEqual({ status: true, version: 'v9.2.0', is_breaking: false });
  });

  it('reports nothing for a recorded release that is not newer than this build', async () => {
    const check = new VersionCheckService(new SettingsRepository(database.db));
    await check.recordRelease('v0.0.9', true);
    expect(await check.pendingUpdate()).toBeNull();
  });
});
