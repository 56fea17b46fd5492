import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { apiRequest, createUser } from '../support/api.ts';
import type { VideoFacts } from '../support/archive.ts';
import { launchBrowser, newContext } from '../support/browser.ts';
import { signIn } from '../support/pages.ts';

const baseURL = inject('baseURL');
const token = inject('adminToken');
const KEEPER = { username: 'queue-warden', password: 'queue-warden-password-1', is_staff: true };
/** A video of the fake provider's catalogue (apps/server/test/fixtures/fake-yt-dlp) nothing else queues. */
const SLOW_VIDEO = { id: 'charlieV001', title: 'Night sky in a small telescope' };
const KNOWN_VIDEO = { id: 'charlieV002', title: 'Collimating a Newtonian' };
let browser: Browser;
let context: BrowserContext;
let page: Page;

const config = (body: object) =>
  apiRequest(baseURL, token, '/api/appsettings/config/', { method: 'POST', body });
const apiStatus = async (path: string) =>
  (await fetch(`${baseURL}${path}`, { headers: { authorization: `Token ${token}` } })).status;

beforeAll(async () => {
  browser = await launchBrowser();
  await createUser(baseURL, token, KEEPER);
  // no rand_sleep between provider calls (the fake answers at once)
  await config({ downloads: { sleep_interval: 0 } });
  context = await newContext(browser, baseURL);
  page = await context.newPage();
  await signIn(page, KEEPER.username, KEEPER.password);
});

afterAll(async () => {
  await config({ downloads: { limit_speed: 0 } }).catch(() => undefined);
  // leave the queue as the other specs expect it
  await fetch(`${baseURL}/api/download/${SLOW_VIDEO.id}/`, {
    method: 'DELETE',
    headers: { authorization: `Token ${token}` },
  });
  await browser?.close();
});

/** Queues a provider video with autostart and waits until the download run has archived it. */
async function downloaded(id: string): Promise<VideoFacts> {
  await apiRequest(baseURL, token, '/api/download/?autostart=true', {
    method: 'POST',
    body: { data: [{ youtube_id: id, status: 'pending' }] },
  });
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if ((await apiStatus(`/api/video/${id}/`)) === 200) {
      return apiRequest<VideoFacts>(baseURL, token, `/api/video/${id}/`);
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`${id} was not downloaded within 30 s`);
}

const downloadItem = (title: string) => page.getByTestId('download-item').filter({ hasText: title });
const notification = (title: string) =>
  page.getByTestId('notification').filter({ has: page.getByRole('heading', { name: title }) });

async function openDownloads() {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Downloads' }).click();
  await page.getByRole('heading', { name: 'Downloads' }).waitFor();
}

/** The switch's input is drawn over by its track, so the label is what a user clicks. */
async function showIgnored(on: boolean) {
  await page.getByText('Show only ignored videos').click();
  const toggle = page.getByRole('switch', { name: 'Show only ignored videos' });
  await expect.poll(() => toggle.isChecked()).toBe(on);
}

describe('queue actions as staff', () => {
  test('Delete and Ignore removes the video and puts it on the ignore list', async () => {
    // ignoring fetches the video's metadata from the provider, so the video must be one it knows
    const victim = await downloaded(KNOWN_VIDEO.id);
    await page.goto(`/video/${victim.youtube_id}`);
    await page.getByRole('button', { name: 'Delete Video' }).click();
    const confirm = page.getByRole('group', { name: 'Confirm delete' });
    await confirm.getByText('Are you sure?').waitFor();
    expect(await confirm.getByRole('button').allTextContents()).toEqual([
      'Delete',
      'Delete and Ignore',
      'Cancel',
    ]);
    await confirm.getByRole('button', { name: 'Delete and Ignore' }).click();
    await page.waitForURL((url) => url.pathname === `/channel/${victim.channel.channel_id}`);
    await page.getByRole('heading', { name: `Channel: ${victim.channel.channel_name}` }).waitFor();
    expect(await apiStatus(`/api/video/${victim.youtube_id}/`)).toBe(404);

    await page.goto(`/video/${victim.youtube_id}`);
    await page.getByRole('heading', { name: '404', level: 1 }).waitFor();

    await openDownloads();
    await showIgnored(true);
    const ignored = downloadItem(victim.title);
    await ignored.waitFor({ timeout: 15_000 });
    expect(await ignored.getByRole('listitem').first().textContent()).toBe('ignored');
    const item = await apiRequest<{ status: string }>(baseURL, token, `/api/download/${victim.youtube_id}/`);
    expect(item.status).toBe('ignore');
    await showIgnored(false);
  });

  test('stopping a running download keeps the item queued and leaves nothing in the archive', async () => {
    // a slow provider (yt-dlp's --limit-rate at 2 KB/s, many seconds for the fake clip) so the download is still running
    await config({ downloads: { limit_speed: 2 } });
    await apiRequest(baseURL, token, '/api/download/', {
      method: 'POST',
      body: { data: [{ youtube_id: SLOW_VIDEO.id, status: 'pending' }] },
    });
    // the add answers at once and resolves the line in the background (extract_download): on a loaded machine
    // that takes a while, so the page is loaded afresh once the item is in the queue (the previous test left
    // this page open, and a list does not refetch for an add made by another client)
    await expect
      .poll(() => apiStatus(`/api/download/${SLOW_VIDEO.id}/`), { timeout: 60_000, interval: 500 })
      .toBe(200);
    await openDownloads();
    await page.reload();
    await page.getByRole('heading', { name: 'Downloads' }).waitFor();
    const ignoredOnly = page.getByRole('switch', { name: 'Show only ignored videos' });
    if (await ignoredOnly.isChecked()) await showIgnored(false);
    const item = downloadItem(SLOW_VIDEO.title);
    await item.waitFor({ timeout: 15_000 });

    await item.getByRole('button', { name: 'Download now' }).click();
    // the running download's notification is the one with a Stop button: a run another spec started may still
    // show its own "Downloading" summary beside it
    const downloading = notification('Downloading').filter({
      has: page.getByRole('button', { name: 'Stop' }),
    });
    await downloading.getByText(/% of .* at .* - time left: /).waitFor({ timeout: 15_000 });
    await downloading.getByRole('button', { name: 'Stop' }).click();
    await downloading.waitFor({ state: 'detached', timeout: 15_000 });

    await page.reload();
    await page.getByRole('heading', { name: 'Downloads' }).waitFor();
    await item.waitFor();
    expect(await item.getByRole('listitem').first().textContent()).toBe('queued');
    const queued = await apiRequest<{ status: string; message?: string | null }>(
      baseURL,
      token,
      `/api/download/${SLOW_VIDEO.id}/`,
    );
    expect(queued.status).toBe('pending');
    expect(queued.message ?? null).toBeNull();
    expect(await apiStatus(`/api/video/${SLOW_VIDEO.id}/`)).toBe(404);
  });
});
