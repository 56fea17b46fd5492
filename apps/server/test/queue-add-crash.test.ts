import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import CATALOGUE from './fixtures/fake-yt-dlp/catalogue.json' with { type: 'json' };
import { ENGINES } from './helpers/database.ts';
import { FAKE } from './helpers/fake-ytdlp.ts';
import { startAssetServer, waitFor } from './helpers/acquisition.ts';
import { ServerHarness } from './helpers/server-process.ts';

const CHANNELS = [FAKE.alpha.id, FAKE.bravo.id, FAKE.charlie.id];
/**
 * Every video on the three channels' tabs: what the add must queue, minus the one that is unavailable
 * and the one the provider answers with its bot check (the line of its channel is kept for a later add).
 */
const EXPECTED = CATALOGUE.channels
  .flatMap((c) => Object.values(c.tabs).flat())
  .filter((id) => id !== FAKE.failing && id !== FAKE.botCheck)
  .sort();

/**
 * Issue 18 point 3: `POST /api/download/` is answered before its lines are resolved. The real server
 * process is killed with SIGKILL right after that answer; the restarted server resolves the lines, so
 * every accepted line ends up queued.
 */
describe.each(ENGINES)('a server killed during a queue add (%s)', (engine) => {
  let dataDir: string;
  let assets: Awaited<ReturnType<typeof startAssetServer>>;
  let harness: ServerHarness;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tk-add-crash-'));
    assets = await startAssetServer();
    harness = new ServerHarness(dataDir, engine, { FAKE_YTDLP_ASSET_URL: assets.url });
    await harness.start();
    // no pause between metadata calls: the add takes seconds, not minutes
    await harness.api('POST', '/api/appsettings/config/', { downloads: { sleep_interval: 0 } });
  }, 60_000);
  afterAll(async () => {
    await harness.stop();
    await assets.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('queues every accepted line after a restart', async () => {
    const lines = [
      ...CHANNELS.map((id) => `https://www.youtube.com/channel/${id}`),
      FAKE.video,
      'alphaVid002 bravoVid001',
    ];
    const answer = await harness.api<{ message: string; task_id: string }>('POST', '/api/download/', {
      data: lines.map((youtube_id) => ({ youtube_id, status: 'pending' })),
    });
    // the power goes as soon as the user was told "started"
    await harness.server!.kill();
    expect(answer.message).toBe('add to queue task started');

    await harness.start();
    const task = await waitFor(
      async () => {
        const tasks = await harness.api<
          { task_id: string; status: string; result: string | null; traceback: string | null }[]
        >('GET', '/api/task/by-name/extract_download/');
        return tasks.find((t) => t.task_id !== answer.task_id && ['SUCCESS', 'FAILURE'].includes(t.status));
      },
      60_000,
      'the resumed add',
    );
    // charlie's channel, listed last, holds the bot-check video: what the provider answered is queued,
    // and the line is kept for the next add rather than failed
    expect(task).toMatchObject({
      status: 'FAILURE',
      traceback: expect.stringMatching(
        new RegExp(
          `^the provider refused while adding https://www\\.youtube\\.com/channel/${FAKE.charlie.id} \\(.*not a bot.*\\)\\. 1 line kept: added again at the next add to the queue or download run\\. Added \\d+ videos`,
        ),
      ),
    });
    expect([...(await harness.queued()).keys()].sort()).toEqual(EXPECTED);
  }, 120_000);
});
