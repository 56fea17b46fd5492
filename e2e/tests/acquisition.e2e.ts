import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { createUser } from '../support/api.ts';
import { launchBrowser, newContext } from '../support/browser.ts';
import { signIn } from '../support/pages.ts';

const baseURL = inject('baseURL');
const token = inject('adminToken');
const KEEPER = { username: 'archive-keeper', password: 'archive-keeper-password-1' };
/** A channel of the fake provider (apps/server/test/fixtures/fake-yt-dlp) and its newest video. */
const CHANNEL = {
  id: 'UCfakeAlphaChannel000001',
  url: 'https://www.youtube.com/@fakealpha',
  name: 'Alpha Workshop',
};
const VIDEO = { id: 'alphaVid005', title: 'Finishing with linseed oil' };
let browser: Browser;

async function config(body: object) {
  const response = await fetch(`${baseURL}/api/appsettings/config/`, {
    method: 'POST',
    headers: { authorization: `Token ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(200);
}

beforeAll(async () => {
  browser = await launchBrowser();
  await createUser(baseURL, token, { ...KEEPER, is_staff: true });
  // one video per scan, no rand_sleep between provider calls (the fake answers at once)
  await config({
    downloads: { sleep_interval: 0 },
    subscriptions: { channel_size: 1, live_channel_size: 0, shorts_channel_size: 0, auto_start: false },
  });
});

afterAll(async () => {
  await browser?.close();
});

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const notification = (page: Page, title: string) =>
  page.getByTestId('notification').filter({ has: page.getByRole('heading', { name: title }) });

describe('keeping a channel archived', () => {
  test('subscribe by URL, rescan, download now with live progress, then watch it from home', async () => {
    const context = await newContext(browser, baseURL);
    const page = await context.newPage();
    await signIn(page, KEEPER.username, KEEPER.password);

    // subscribe to the channel by its URL
    await mainNav(page).getByRole('link', { name: 'Channels' }).click();
    await page.getByRole('button', { name: 'Subscribe to channels' }).click();
    await page.getByRole('textbox', { name: 'Subscribe to channels' }).fill(CHANNEL.url);
    await page.locator('form').getByRole('button', { name: 'Subscribe', exact: true }).click();
    await page.getByRole('link', { name: CHANNEL.name }).first().waitFor({ timeout: 15_000 });

    // rescan: the queue fills with the channel's newest video
    await mainNav(page).getByRole('link', { name: 'Downloads' }).click();
    await page.getByRole('heading', { name: 'Downloads' }).waitFor();
    await page.getByRole('button', { name: 'Rescan subscriptions' }).click();
    await notification(page, 'Rescan your Subscriptions').waitFor();
    const item = page.getByTestId('download-item').filter({ hasText: VIDEO.title });
    await item.waitFor({ timeout: 15_000 });

    // download now: the notification shows the download's progress
    await item.getByRole('button', { name: 'Download now' }).click();
    const downloading = notification(page, 'Downloading');
    await downloading.getByText(`Processing Video: ${VIDEO.title}`).waitFor({ timeout: 15_000 });
    await downloading.getByText(/% of .* at .* - time left: /).waitFor({ timeout: 15_000 });
    const bar = downloading.getByRole('progressbar');
    await expect
      .poll(async () => Number(await bar.getAttribute('aria-valuenow')), { timeout: 15_000 })
      .toBeGreaterThan(0);
    await item.waitFor({ state: 'detached', timeout: 30_000 });
    await downloading.waitFor({ state: 'detached', timeout: 15_000 });

    // the video is on home (newest download first) and plays
    await mainNav(page).getByRole('link', { name: 'Home' }).click();
    await page.getByRole('heading', { name: 'Recent Videos' }).waitFor();
    await page.getByLabel('Sort by').selectOption('downloaded');
    const card = page.getByTestId('video-card').first();
    await card.getByRole('heading', { name: VIDEO.title }).getByRole('link').click();
    await page.getByRole('heading', { name: VIDEO.title, level: 1 }).waitFor();
    const video = page.locator('video');
    await video.waitFor();
    await video.evaluate((v: HTMLVideoElement) => {
      v.muted = true;
      return v.play();
    });
    await page.waitForFunction(() => (document.querySelector('video')?.currentTime ?? 0) > 0.3);

    // the channel's About tab tells staff when the deep scan (the rescan above) last went over it
    await page.goto(`${baseURL}/channel/${CHANNEL.id}/about/`);
    const health = page.getByRole('region', { name: 'Subscription health' });
    await health.getByText(/^Last deep scan: \d{4}-\d\d-\d\d \d\d:\d\d UTC$/).waitFor();
    expect(await health.getByText(/^Last feed check: /).isVisible()).toBe(true);
    await context.close();
  });
});
