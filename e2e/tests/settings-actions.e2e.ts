import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { apiRequest, createUser } from '../support/api.ts';
import { launchBrowser, newContext } from '../support/browser.ts';
import { signIn } from '../support/pages.ts';

const baseURL = inject('baseURL');
const STAFF = { username: 'actions-keeper', password: 'actions-password-1', is_staff: true };
const IGNORED = 'bravoVid003';
const RESCANNED = 'e2eRescan01';
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
  await createUser(baseURL, inject('adminToken'), STAFF);
});

afterAll(async () => {
  await browser?.close();
});

const group = (page: Page, title: string): Locator =>
  page.locator('.settings-group').filter({ has: page.getByRole('heading', { name: title }) });

interface QueuePage {
  data: { youtube_id: string }[];
}
const queue = (filter: 'ignore' | 'pending') =>
  apiRequest<QueuePage>(baseURL, inject('adminToken'), `/api/download/?filter=${filter}`);

describe('Settings: Actions', () => {
  test('each action shows its progress text, and the tasks their outcome', async () => {
    await apiRequest(baseURL, inject('adminToken'), '/api/download/', {
      method: 'POST',
      body: { data: [{ youtube_id: IGNORED, status: 'ignore' }] },
    });
    // the add runs as a task (extract_download): wait until the item is there
    for (let i = 0; i < 100; i++) {
      if ((await queue('ignore')).data.some((item) => item.youtube_id === IGNORED)) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect((await queue('ignore')).data.map((item) => item.youtube_id)).toContain(IGNORED);

    const context = await newContext(browser, baseURL);
    const page = await context.newPage();
    await signIn(page, STAFF.username, STAFF.password);
    await page.goto('/settings/');
    await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Actions' }).click();
    await page.getByRole('heading', { name: 'Actions', level: 1 }).waitFor();

    const clearing = group(page, 'Delete download queue');
    await clearing.getByRole('button', { name: 'Delete all ignored' }).click();
    await clearing.getByRole('status').getByText('Deleting download queue: ignored').waitFor();
    expect((await queue('ignore')).data).toEqual([]);
    await clearing.getByRole('button', { name: 'Delete all queued' }).click();
    await clearing.getByRole('status').getByText('Deleting download queue: pending').waitFor();
    expect((await queue('pending')).data).toEqual([]);

    const importing = group(page, 'Manual media files import');
    await importing.getByRole('button', { name: 'Start import' }).click();
    await importing.getByRole('status').getByText('Processing import').waitFor();
    await importing
      .getByRole('status')
      .getByText(/^Imported \d+ videos?/)
      .waitFor({ timeout: 30_000 });

    const embedding = group(page, 'Embed thumbnails into media files');
    await embedding.getByRole('button', { name: 'Start process' }).click();
    await embedding.getByRole('status').getByText('Processing thumbnails').waitFor();
    await embedding
      .getByRole('status')
      .getByText(/^embedded metadata into/)
      .waitFor({ timeout: 70_000 });
    await context.close();
    // embedding rewrites every media file of the demo library
  }, 90_000);

  test('the filesystem rescan asks first, then indexes a file put into the media folder', async () => {
    // a copy of an archived video's file under a new id, where a channel's videos lie
    const videos = await apiRequest<{ data: { youtube_id: string; media_url: string }[] }>(
      baseURL,
      inject('adminToken'),
      '/api/video/',
    );
    const source = videos.data[0]!.media_url.replace(/^\/youtube\//, '');
    const channelFolder = path.dirname(source);
    fs.copyFileSync(
      path.join(inject('dataDir'), 'media', source),
      path.join(inject('dataDir'), 'media', channelFolder, `${RESCANNED}.mp4`),
    );

    const context = await newContext(browser, baseURL);
    const page = await context.newPage();
    try {
      await signIn(page, STAFF.username, STAFF.password);
      await page.goto('/settings/actions/');
      const rescan = group(page, 'Rescan filesystem');
      await rescan.getByText('Danger Zone').waitFor();
      await rescan.getByRole('button', { name: 'Rescan filesystem' }).click();
      await rescan.getByText(/^Remove every video whose file is missing from the archive/).waitFor();
      await rescan.getByRole('button', { name: 'Cancel' }).click();
      expect(await rescan.getByRole('status').count()).toBe(0);
      await rescan.getByRole('button', { name: 'Rescan filesystem' }).click();
      await rescan.getByRole('button', { name: 'Confirm' }).click();
      await rescan.getByRole('status').getByText('File system scan in progress').waitFor();
      await rescan
        .getByRole('status')
        .getByText('removed 0 videos whose file is gone, indexed 1 new file')
        .waitFor({ timeout: 30_000 });
      const found = await apiRequest<{ youtube_id: string; channel: { channel_id: string } }>(
        baseURL,
        inject('adminToken'),
        `/api/video/${RESCANNED}/`,
      );
      expect(found.channel.channel_id).toBe(channelFolder);
    } finally {
      await context.close();
      // the shared archive as the other specs know it
      await apiRequest(baseURL, inject('adminToken'), `/api/video/${RESCANNED}/`, { method: 'DELETE' }).catch(
        () => undefined,
      );
    }
  }, 60_000);
});
