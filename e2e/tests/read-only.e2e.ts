import fs from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { mountSmallDisk, type SmallDisk } from '../../apps/server/test/helpers/small-disk.ts';
import { adminToken, apiRequest } from '../support/api.ts';
import { launchBrowser, newContext } from '../support/browser.ts';
import { signIn } from '../support/pages.ts';
import { ADMIN, freePort, serverEnv, spawnServer, type ServerProcess } from '../support/server.ts';

const mounted = mountSmallDisk(64);
if (typeof mounted === 'string') console.log(`read-only e2e: skipped, ${mounted}`);

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/**
 * Issue 18 point 2 in the browser: a server killed during a download starts again on a full disk. It
 * comes up read-only because its start-up recovery cannot write, and the Settings dashboard says why,
 * in the words of `GET /api/health/`; once there is room it recovers by itself and the notice goes.
 * Its own server on a small disk of its own (a tmpfs), not the shared one.
 */
describe.skipIf(typeof mounted === 'string')('a server that came up read-only', () => {
  const disk = mounted as SmallDisk;
  const log = `${disk.dir}-fake.log`;
  let server: ServerProcess | undefined;

  afterAll(async () => {
    await server?.stop();
    disk.unmount();
    fs.rmSync(log, { force: true });
  });

  const health = async (baseURL: string) => {
    const response = await fetch(`${baseURL}/api/health/`);
    return { status: response.status, body: (await response.json()) as { error?: string } };
  };

  test('shows why on the dashboard, and the notice goes once there is room', async () => {
    // a download long enough to be cut short
    const env = {
      ...serverEnv(disk.dir, await freePort()),
      FAKE_YTDLP_DELAY_MS: '10000',
      FAKE_YTDLP_LOG: log,
    };
    server = await spawnServer(env);
    const { baseURL } = server;
    const token = await adminToken(baseURL, ADMIN);
    const context = await newContext(browser, baseURL);
    const page = await context.newPage();
    // signed in while the disk had room: the session is in the database
    await signIn(page, ADMIN.username, ADMIN.password);

    await apiRequest(baseURL, token, '/api/appsettings/config/', {
      method: 'POST',
      body: { downloads: { sleep_interval: 0 } },
    });
    await apiRequest(baseURL, token, '/api/download/', {
      method: 'POST',
      body: { data: [{ youtube_id: 'alphaVid001', status: 'pending' }] },
    });
    await until(async () => {
      const queue = await apiRequest<{ data: unknown[] }>(baseURL, token, '/api/download/?filter=pending');
      return queue.data.length === 1;
    }, 'the queued item');
    await apiRequest(baseURL, token, '/api/task/by-name/download_pending/', { method: 'POST', body: {} });
    const download = await until(
      async () => downloads(log).find((run) => run.argv.includes('--newline')),
      'the download to start',
    );
    await server.kill();
    try {
      process.kill(-download.pid, 'SIGKILL');
    } catch {
      // ended with its server
    }
    disk.fill(0);

    server = await spawnServer(env, { readOnly: true });
    const readOnly = await health(baseURL);
    expect(readOnly.status).toBe(503);
    expect(readOnly.body.error).toMatch(
      /^the server is read-only: start-up recovery cannot finish, the disk is full/,
    );
    await page.goto('/settings/');
    const notice = page.getByRole('alert');
    await notice.waitFor();
    expect(await notice.textContent()).toBe(readOnly.body.error);

    disk.free();
    await until(async () => (await health(baseURL)).status === 200, 'recovery to finish');
    await page.reload();
    await page.getByText('No recent downloads').waitFor();
    expect(await page.getByRole('alert').count()).toBe(0);
    await context.close();
  }, 120_000);
});

/** The fake provider's runs (FAKE_YTDLP_LOG): one JSON line each. */
function downloads(file: string): { pid: number; argv: string[] }[] {
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { pid: number; argv?: string[] })
    .filter((run) => Array.isArray(run.argv))
    .map((run) => ({ pid: run.pid, argv: run.argv! }));
}

async function until<T>(check: () => Promise<T | undefined | false>, what: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
